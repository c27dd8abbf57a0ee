/**
 * The demo tells a story on first start (issue 25 item 4, server/src/db/seedActivity.ts): weeks of
 * history in the Activity Feed from the seeded people, each entry as the service itself writes it
 * (the same action done here through the API is compared with the seeded ones), the past-due
 * account paying in the plans' currency, and Home's AI figures not all zero.
 */
import { eq, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dashboard } from "../../src/api/dashboard";
import { PLANS } from "../../src/api/plans";
import type { Payment, User } from "../../src/api/resources";
import { analyzeTray } from "../../server/src/ai/analyzer";
import { configOf } from "../../server/src/ai/models";
import { loadTrayPhotos } from "../../server/src/ai/photos";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { activityLog, aiJobs, payments, subscriptions, tests, users } from "../../server/src/db/schema";
import { bearer, createTestApp, freshIp, type TestApp } from "./helpers";
import { A, EMAILS, get, insertTest, tokens, U, type Who } from "./records";
import { listUrl, totalOf } from "./resourceHelpers";

let t: TestApp;
let token: (who: Who) => Promise<string>;
let seeded: (typeof activityLog.$inferSelect)[];
let seededUsers: (typeof users.$inferSelect)[];
const DAY = 86_400_000;
const SEEDED_USERS: string[] = Object.values(U);
/** The kinds of history issue 25 asks for: sign-ins, edits, AI runs, restores, role changes, refunds. */
const STORY_KINDS = ["sign-in", "update", "ai-run", "restore", "role", "refund"];
/** What the console sends (spec §7: JSON in X-User-Agent). */
const CONSOLE = { "x-user-agent": JSON.stringify({ browser: "Chrome 131", application: "Admin Portal" }) };

beforeAll(async () => {
  t = await createTestApp();
  // Everything in the log before this file writes anything is the seed's.
  seeded = await t.db.select().from(activityLog).where(lt(activityLog.createdAt, new Date()));
  seededUsers = await t.db.select().from(users).where(eq(users.accountId, A.brilliantGems));
  token = tokens(() => t.app);
});
afterAll(() => t.close());

async function send(who: Who, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...CONSOLE, ...bearer(await token(who)) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

/** The entry the service wrote last for `action` on `recordId`. */
async function written(action: string, recordId: string) {
  const rows = await t.db.select().from(activityLog).where(eq(activityLog.recordId, recordId));
  const entry = rows.filter((row) => row.action === action && !seeded.some((s) => s.id === row.id)).at(-1);
  expect(entry, `${action} on ${recordId}`).toBeDefined();
  return entry!;
}

/** What an entry looks like apart from its values: the columns filled, and the keys of its changes. */
const shapeOf = (entry: typeof activityLog.$inferSelect) => ({
  action: entry.action,
  resource: entry.resource,
  actor: typeof entry.actorId,
  client: /^Admin Portal · [A-Za-z]+ \d+$/.test(entry.client ?? ""),
  changes: Object.keys(entry.changes).sort(),
  accounts: [typeof entry.actorAccountId, typeof entry.testAccountId],
});

describe("the seeded Activity Feed", () => {
  it("spans weeks, from at least four seeded people, with every kind of the story, all before the seeding", async () => {
    const times = seeded.map((entry) => entry.createdAt.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(14 * DAY);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    const actors = new Set(seeded.map((entry) => entry.actorId));
    expect([...actors].every((actor) => actor !== null && SEEDED_USERS.includes(actor))).toBe(true);
    expect(actors.size).toBeGreaterThanOrEqual(4);
    const kinds = new Set(seeded.map((entry) => entry.action));
    for (const kind of STORY_KINDS) expect(kinds, kind).toContain(kind);
    // Every kind from more than one day: a history, not one burst.
    for (const kind of STORY_KINDS) {
      const days = new Set(seeded.filter((e) => e.action === kind).map((e) => e.createdAt.toISOString().slice(0, 10)));
      expect(days.size, kind).toBeGreaterThanOrEqual(2);
    }
  });

  it("scopes each entry by its actor's and its test's account, as the service's own entries are", async () => {
    const people = new Map((await t.db.select().from(users)).map((user) => [user.id, user.accountId]));
    const testAccounts = new Map(
      (await t.db.select({ id: tests.id, accountId: tests.accountId }).from(tests)).map((row) => [
        row.id,
        row.accountId,
      ]),
    );
    for (const entry of seeded) {
      expect(entry.actorAccountId).toBe(people.get(entry.actorId!));
      expect(entry.testAccountId).toBe(entry.resource === "tests" ? testAccounts.get(entry.recordId) : null);
    }
    // Each demo person's feed holds the seeded entries of their scope (activity/routes.ts).
    const before = new Date(Math.max(...seeded.map((entry) => entry.createdAt.getTime()))).toISOString();
    for (const who of ["admin", "manager", "user", "secondUser"] as const) {
      const feed = await send(who, "GET", listUrl("activity", { filter: { createdAt_lte: before } }));
      const mine = seeded.filter(
        (entry) =>
          (who === "admin" ? entry.actorAccountId === A.brilliantGems : entry.actorId === U[who]) ||
          entry.testAccountId === A.brilliantGems,
      );
      expect(totalOf(feed), who).toBe(mine.length);
      expect(mine.filter((entry) => entry.action !== "sign-in").length, who).toBeGreaterThan(0);
    }
  });

  it("leaves the records as the entries say: the edited field, the role, the refund, the analysis", async () => {
    const latest = new Map<string, (typeof seeded)[number]>();
    for (const entry of [...seeded].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()))
      latest.set(`${entry.action}/${entry.recordId}/${Object.keys(entry.changes).join()}`, entry);
    for (const entry of latest.values()) {
      const changes = entry.changes as Record<string, [unknown, unknown]>;
      if (entry.action === "update") {
        const [test] = await t.db.select().from(tests).where(eq(tests.id, entry.recordId));
        for (const [field, [, after]] of Object.entries(changes)) expect(test![field as "sku"]).toEqual(after);
      }
      if (entry.action === "role") {
        const [user] = await t.db.select().from(users).where(eq(users.id, entry.recordId));
        expect(user!.role).toBe(changes.role![1]);
      }
      if (entry.action === "refund") {
        const [payment] = await t.db.select().from(payments).where(eq(payments.id, entry.recordId));
        expect(payment!.refundedAmount).toBe(changes.refundedAmount![1]);
        expect(payment!.status).toBe(changes.status?.[1] ?? "succeeded");
      }
      if (entry.action === "restore") {
        const [test] = await t.db.select().from(tests).where(eq(tests.id, entry.recordId));
        expect(test!.deletedAt).toBeNull();
      }
      if (entry.action === "ai-run") {
        const { jobId, group, model } = entry.changes as { jobId: string; group: number; model: string };
        const [job] = await t.db.select().from(aiJobs).where(eq(aiJobs.id, jobId));
        expect(job).toMatchObject({ testId: entry.recordId, group, model, triggeredBy: entry.actorId });
        expect(job!.triggeredAt.getTime()).toBe(entry.createdAt.getTime());
      }
    }
    // Each user's last sign-in is their record's.
    for (const user of seededUsers) {
      if (!SEEDED_USERS.includes(user.id)) continue;
      const signIns = seeded.filter((e) => e.action === "sign-in" && e.actorId === user.id);
      expect(user.lastSignInAt!.getTime()).toBe(Math.max(...signIns.map((e) => e.createdAt.getTime())));
    }
  });

  it("has entries shaped exactly like the service's own for the same actions", async () => {
    const seededOf = (action: string) => seeded.filter((entry) => entry.action === action);
    const live = new Map<string, typeof activityLog.$inferSelect>();

    // Sign-in.
    const login = await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/login",
      headers: CONSOLE,
      remoteAddress: freshIp(),
      payload: { email: EMAILS.secondUser, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    live.set("sign-in", await written("sign-in", U.secondUser));

    // An edit of a seeded edited test: its maker changes the same field again.
    const edit = seededOf("update")[0]!;
    const [field] = Object.keys(edit.changes) as ("sku" | "customer" | "vendorName" | "description")[];
    const [test] = await t.db.select().from(tests).where(eq(tests.id, edit.recordId));
    const notes = (test!.notes as string[]).join("\n");
    const body = { name: test!.name, sku: test!.sku, customer: test!.customer, vendorName: test!.vendorName };
    const who = (Object.keys(U) as Who[]).find((key) => U[key] === edit.actorId)!;
    await send(who, "PUT", `/api/v2/tests/${test!.id}`, {
      ...body,
      description: test!.description,
      notes,
      [field!]: `${test![field!]} (again)`,
    });
    live.set("update", await written("update", test!.id));

    // An AI run of a seeded analysed test.
    const run = seededOf("ai-run")[0]!;
    const ran = await send("superAdmin", "POST", `/api/ai/test/${run.recordId}/group/0/trigger`, {});
    live.set("ai-run", await written("ai-run", run.recordId));
    expect(live.get("ai-run")!.changes).toMatchObject({ jobId: ran.json<{ jobId: string }>().jobId });

    // A test deleted by its maker and restored.
    const { id: own } = await insertTest(t.db, t.storage, { createdBy: U.user });
    await send("user", "DELETE", `/api/tests/${own}`);
    await send("user", "POST", "/api/deleted-tests/restore", { ids: [own] });
    live.set("delete", await written("delete", own));
    live.set("restore", await written("restore", own));

    // A role change, and back.
    const daniel = (await send("admin", "GET", `/api/users/${U.secondUser}`)).json<User>();
    await send("admin", "POST", `/api/users/${U.secondUser}/role`, { version: daniel.version, role: "Manager" });
    live.set("role", await written("role", U.secondUser));
    await send("admin", "POST", `/api/users/${U.secondUser}/role`, { version: daniel.version + 1, role: "User" });

    // A password re-check, then a partial and a full refund.
    await send("superAdmin", "POST", "/api/users/password/check", { password: DEMO_PASSWORD });
    live.set("password-check", await written("password-check", U.superAdmin));
    const succeeded = (
      await send("superAdmin", "GET", listUrl("payments", { filter: { accountId: A.gemtestHq, status: "succeeded" } }))
    ).json<Payment[]>();
    const [partly, fully] = succeeded.slice(-2);
    const refund = (payment: Payment, amount?: number) =>
      send("superAdmin", "POST", `/api/payments/${payment.id}/refund`, {
        version: payment.version,
        amount,
        reason: "x",
      });
    await refund(partly!, 100);
    await refund(fully!);
    const refunds = {
      partly: shapeOf(await written("refund", partly!.id)),
      fully: shapeOf(await written("refund", fully!.id)),
    };

    for (const [action, entry] of live) {
      const want = shapeOf(entry);
      for (const mine of seededOf(action)) {
        if (action === "update") {
          expect({ ...shapeOf(mine), changes: [] }, action).toEqual({ ...want, changes: [] });
          expect(Object.keys(mine.changes)).toHaveLength(1);
        } else {
          expect(shapeOf(mine), action).toEqual(want);
        }
      }
    }
    expect(live.get("update")!.changes).toEqual({ [field!]: [test![field!], `${test![field!]} (again)`] });
    for (const mine of seededOf("refund")) {
      const [payment] = await t.db.select().from(payments).where(eq(payments.id, mine.recordId));
      expect(shapeOf(mine), "refund").toEqual(payment!.status === "refunded" ? refunds.fully : refunds.partly);
    }
  });
});

describe("the seeded past-due account", () => {
  it("pays in its plan's currency, at its plan's price", async () => {
    const [subscription] = await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, A.lapisTraders));
    const plan = PLANS.find((p) => p.name === subscription!.plan)!;
    expect(subscription).toMatchObject({ currency: plan.currency, price: plan.monthlyPrice, status: "past_due" });
    const paid = await t.db.select().from(payments).where(eq(payments.accountId, A.lapisTraders));
    expect(paid.length).toBeGreaterThan(0);
    for (const payment of paid) expect([payment.currency, payment.amount]).toEqual([plan.currency, plan.monthlyPrice]);
  });
});

describe("Home's AI figures on the seed", () => {
  it("are not all zero for the super admin and the demo admin: analyses, a few failed, stones found", async () => {
    for (const who of ["superAdmin", "admin"] as const) {
      const response = await get(t.app, "/api/dashboard", await token(who));
      const { ai } = response.json<Dashboard>();
      expect(ai!.analyses, who).toBeGreaterThan(0);
      expect(ai!.failed, who).toBeGreaterThan(0);
      expect(ai!.testRuns, who).toBeGreaterThan(0);
      expect(
        ai!.stones.reduce((sum, row) => sum + row.count, 0),
        who,
      ).toBeGreaterThan(0);
    }
  });

  it("holds the analyzer's own results for the runs' photos", async () => {
    const jobs = await t.db.select().from(aiJobs).where(eq(aiJobs.status, "completed"));
    const seededJobs = jobs.filter((job) =>
      seeded.some((entry) => (entry.changes as { jobId?: string }).jobId === job.id),
    );
    expect(seededJobs.length).toBeGreaterThan(0);
    for (const job of seededJobs.slice(0, 3)) {
      const photos = await loadTrayPhotos(t.db, t.storage, job.testId, job.group);
      expect(job.result).toEqual(analyzeTray(photos, configOf(job.model, job.modelVersion)));
      expect(job).toMatchObject({ attempts: 1, error: null });
    }
    for (const job of await t.db.select().from(aiJobs).where(eq(aiJobs.status, "failed"))) {
      expect(job.error).toBeTruthy();
      expect(job.result).toBeNull();
    }
  });
});
