/**
 * Two service processes on one PostgreSQL server and one S3-protocol store, behind no sticky
 * load balancer: whichever instance a request reaches, the answer is the same. A file uploaded
 * through one is served by the other; background jobs run exactly once; the sign-in throttle
 * holds across them; a sign-in ended on one has its access tokens refused by the other; a job whose instance dies is finished by another; the lifecycle, running
 * on both at once, carries out each transition once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AiJobStatusResponse, AiTriggerResponse } from "../../src/api/ai";
import type { ApiTestFile, BulkDownload, GalleryItem } from "../../src/api/tests";
import { TOKEN_EXPIRED, type LoginResponse } from "../../src/api/types";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { eventually, pause, resume, startCluster, type Cluster } from "./cluster";
import { call } from "./call";

/** Jobs that stall are noticed within seconds, not minutes; an analysis takes long enough to be interrupted. */
const JOB_ENV = {
  AI_JOB_DELAY_MS: "1500",
  JOB_HEARTBEAT_MS: "200",
  JOB_STALE_AFTER_MS: "1500",
  JOB_SWEEP_MS: "300",
  // The lifecycle every second on both: their runs overlap, as two instances' would in production.
  LIFECYCLE_SCHEDULE: "* * * * * *",
};

let cluster: Cluster;
let one: string;
let two: string;
beforeAll(async () => {
  cluster = await startCluster(2, JOB_ENV);
  [one, two] = cluster.instances.map((instance) => `${instance.url}/api`) as [string, string];
});
afterAll(() => cluster?.close());

async function signIn(base: string, email = "superadmin@example.com", password = DEMO_PASSWORD) {
  return call<LoginResponse & { message: string }>(base, "/v2/auth/login", {
    method: "POST",
    body: JSON.stringify({ email, password }),
  });
}

async function aTestWithPhotos(token: string): Promise<GalleryItem[]> {
  const { status, body } = await call<GalleryItem[]>(one, `/tests?range=${encodeURIComponent("[0,4]")}`, { token });
  expect(status).toBe(200);
  return body.filter((test) => test.thumbnail !== null);
}

const jobRow = async (table: "ai_jobs" | "bulk_downloads", id: string) =>
  (
    await cluster.db.query<{ status: string; attempts: number }>(
      `SELECT status, attempts FROM ${table} WHERE id = $1`,
      [id],
    )
  ).rows[0];

describe("two instances on one database and one object store", () => {
  it("accept each other's sessions: signed in on one, refreshed and served on the other", async () => {
    const { status, body } = await signIn(one);
    expect(status).toBe(200);
    const user = await call<{ email: string }>(two, `/users/${body.user.id}`, { token: body.accessToken });
    expect(user.status).toBe(200);
    expect(user.body.email).toBe("superadmin@example.com");
    const refreshed = await call<{ accessToken: string }>(two, "/v2/auth/refresh", {
      method: "POST",
      body: JSON.stringify({ refreshToken: body.refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    // The rotated-out refresh token is spent for every instance, not only the one that rotated it.
    const reused = await call(one, "/v2/auth/refresh", {
      method: "POST",
      body: JSON.stringify({ refreshToken: body.refreshToken }),
    });
    expect(reused.status).toBe(401);
  });

  it("run the lifecycle at the same time and carry out each transition once", async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `multi-lifecycle-${i}`);
    for (const id of ids) {
      await cluster.db.query(
        `INSERT INTO accounts (id, name, email, subscription_status) VALUES ($1, $1, $1 || '@example.com', 'active')`,
        [id],
      );
      await cluster.db.query(
        `INSERT INTO subscriptions (id, account_id, plan, price, currency, interval, status, current_period_start, current_period_end)
         VALUES ($1, $1, 'Professional', 14900, 'GBP', 'month', 'active', now() - interval '31 days', now() - interval '1 hour')`,
        [id],
      );
    }
    const pastDue = async () =>
      (
        await cluster.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM subscriptions WHERE id = ANY($1) AND status = 'past_due'`,
          [ids],
        )
      ).rows[0]!.n;
    await eventually(async () => ((await pastDue()) === ids.length ? true : undefined), "every subscription past due");
    // A few more runs on both instances: none may repeat a transition.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const entries = await cluster.db.query<{ record_id: string; n: number }>(
      `SELECT record_id, count(*)::int AS n FROM activity_log WHERE action = 'past-due' AND record_id = ANY($1) GROUP BY record_id`,
      [ids],
    );
    expect(entries.rows.map((row) => row.n)).toEqual(ids.map(() => 1));
    const actions = await cluster.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM scheduled_actions WHERE account_id = ANY($1)`,
      [ids],
    );
    expect(actions.rows[0]!.n).toBe(ids.length);
  });

  it("serve a file uploaded through one instance from the other, byte for byte", async () => {
    const { body: session } = await signIn(one);
    const [test] = await aTestWithPhotos(session.accessToken);
    const bytes = Buffer.from(`%PDF-1.4\n% uploaded through instance one ${Date.now()}\n%%EOF\n`);
    const form = new FormData();
    form.set("testId", test!.id);
    form.set("gemtestTestFileType", "-1");
    form.set("files", new Blob([bytes], { type: "application/pdf" }), "certificate.pdf");
    const uploaded = await call<{ file: ApiTestFile }>(one, "/v2/tests/file", {
      method: "POST",
      body: form,
      token: session.accessToken,
    });
    expect(uploaded.body).toEqual({ file: expect.objectContaining({ name: "certificate.pdf" }) });
    expect(uploaded.status).toBe(201);

    // The signed link, asked of the other instance.
    const link = new URL(uploaded.body.file.link, one);
    const served = await fetch(new URL(`${link.pathname}${link.search}`, new URL(two).origin));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("run an AI job triggered on one and a bulk download started on the other exactly once each", async () => {
    const { body: session } = await signIn(two);
    const tests = await aTestWithPhotos(session.accessToken);
    const trigger = await call<AiTriggerResponse>(one, `/ai/test/${tests[0]!.id}/group/0/trigger`, {
      method: "POST",
      body: JSON.stringify({ aiModel: "YORI", deviceType: 1 }),
      token: session.accessToken,
    });
    expect(trigger.status).toBe(200);
    const download = await call<BulkDownload>(two, "/bulk-downloads", {
      method: "POST",
      body: JSON.stringify({ testIds: tests.map((test) => test.id) }),
      token: session.accessToken,
    });
    expect(download.status).toBe(201);

    const job = await eventually(async () => {
      const { body } = await call<AiJobStatusResponse>(two, `/ai/jobs/${trigger.body.jobId}/status`, {
        token: session.accessToken,
      });
      return body.status === "completed" || body.status === "failed" ? body : undefined;
    }, "the AI job to end");
    expect(job.status).toBe("completed");
    const zip = await eventually(async () => {
      const { body } = await call<BulkDownload>(one, `/bulk-downloads/${download.body.id}`);
      return body.status === "ready" || body.status === "failed" ? body : undefined;
    }, "the bulk download to end");
    expect(zip.status).toBe("ready");

    // Claimed once: a second claim by the other instance would have counted a second attempt.
    expect(await jobRow("ai_jobs", trigger.body.jobId)).toEqual({ status: "completed", attempts: 1 });
    expect(await jobRow("bulk_downloads", download.body.id)).toMatchObject({ attempts: 1 });
    const file = await fetch(new URL(zip.fileUrl!, two));
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("hand out one job to triggers of the same run arriving at both instances at once", async () => {
    const { body: session } = await signIn(one);
    const [test] = await aTestWithPhotos(session.accessToken);
    const trigger = (base: string) =>
      call<AiTriggerResponse>(base, `/ai/test/${test!.id}/group/0/trigger`, {
        method: "POST",
        body: JSON.stringify({ aiModel: "NAOMI", deviceType: 1 }),
        token: session.accessToken,
      });
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => trigger(i % 2 === 0 ? one : two)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(16).fill(200));
    expect(new Set(answers.map((answer) => answer.body.jobId)).size).toBe(1);
  });

  it("refuse on one instance an access token whose sign-in ended on the other (logout, reused refresh token)", async () => {
    const refusedOn = async (base: string, token: string) => {
      const answer = await call<{ message: string }>(base, "/verify-token", { method: "POST", token });
      // token_expired: the console's one refresh is refused too, and it goes to /login.
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(TOKEN_EXPIRED);
    };
    const { body: first } = await signIn(one, "admin@example.com");
    expect((await call(two, "/verify-token", { method: "POST", token: first.accessToken })).status).toBe(200);
    const loggedOut = await call(two, "/v2/auth/logout", {
      method: "POST",
      body: JSON.stringify({ refreshToken: first.refreshToken }),
    });
    expect(loggedOut.status).toBe(204);
    await refusedOn(one, first.accessToken);
    await refusedOn(two, first.accessToken);

    const { body: second } = await signIn(two, "admin@example.com");
    const rotated = await call<{ accessToken: string }>(one, "/v2/auth/refresh", {
      method: "POST",
      body: JSON.stringify({ refreshToken: second.refreshToken }),
    });
    expect(rotated.status).toBe(200);
    const reused = await call(two, "/v2/auth/refresh", {
      method: "POST",
      body: JSON.stringify({ refreshToken: second.refreshToken }),
    });
    expect(reused.status).toBe(401);
    await refusedOn(one, rotated.body.accessToken);
    await refusedOn(two, second.accessToken);
  });

  it("refuse a list on one instance right after the sign-in ended or the role changed on the other (the guard's check rides in the list's statement)", async () => {
    const { body: admin } = await signIn(one, "admin@example.com");
    // Twice: the second list is answered with the guard's remembered answer, confirmed in its statement.
    expect((await call(one, "/users", { token: admin.accessToken })).status).toBe(200);
    expect((await call(one, "/users", { token: admin.accessToken })).status).toBe(200);
    const loggedOut = await call(two, "/v2/auth/logout", {
      method: "POST",
      body: JSON.stringify({ refreshToken: admin.refreshToken }),
    });
    expect(loggedOut.status).toBe(204);
    const refused = await call<{ message: string }>(one, "/users", { token: admin.accessToken });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(TOKEN_EXPIRED);

    const { body: superAdmin } = await signIn(one, "superadmin@example.com");
    expect((await call(one, "/accounts", { token: superAdmin.accessToken })).status).toBe(200);
    expect((await call(one, "/accounts", { token: superAdmin.accessToken })).status).toBe(200);
    await cluster.db.query(`UPDATE users SET role = 'Admin' WHERE id = $1`, [superAdmin.user.id]);
    try {
      expect((await call(one, "/accounts", { token: superAdmin.accessToken })).status).toBe(403);
    } finally {
      await cluster.db.query(`UPDATE users SET role = 'SuperAdmin' WHERE id = $1`, [superAdmin.user.id]);
    }
    expect((await call(one, "/accounts", { token: superAdmin.accessToken })).status).toBe(200);
  });

  it("hold a sign-in throttle reached on one instance on the other", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn(one, "manager@example.com", "wrong password")).status).toBe(401);
    }
    const blocked = await signIn(two, "manager@example.com");
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many/i);
  });

  it("finish a job on the surviving instance when the one running it dies mid-job", async () => {
    const [first, second] = cluster.instances as [(typeof cluster.instances)[0], (typeof cluster.instances)[0]];
    const { body: session } = await signIn(two);
    const [test] = await aTestWithPhotos(session.accessToken);
    // With the first instance paused, only the second can claim the job.
    pause(first);
    let resumed = false;
    try {
      const trigger = await call<AiTriggerResponse>(two, `/ai/test/${test!.id}/group/0/trigger`, {
        method: "POST",
        body: JSON.stringify({ aiModel: "RAMI", deviceType: 1 }),
        token: session.accessToken,
      });
      expect(trigger.status).toBe(200);
      const { jobId } = trigger.body;
      await eventually(
        async () => ((await jobRow("ai_jobs", jobId))?.status === "in-progress" ? true : undefined),
        "the job to start",
      );
      await second.kill();
      resume(first);
      resumed = true;

      const job = await eventually(async () => {
        const { body } = await call<AiJobStatusResponse>(one, `/ai/jobs/${jobId}/status`, {
          token: session.accessToken,
        });
        return body.status === "completed" || body.status === "failed" ? body : undefined;
      }, "the surviving instance to finish the job");
      expect(job.status).toBe("completed");
      expect(await jobRow("ai_jobs", jobId)).toEqual({ status: "completed", attempts: 2 });
    } finally {
      if (!resumed) resume(first);
    }
  });
});
