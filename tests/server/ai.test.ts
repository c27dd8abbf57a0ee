/**
 * The AI calls of spec §7 and the worker behind them: the three endpoints, the trigger's three
 * payload forms, refusals that change nothing, failures with a reason, restart recovery and old
 * model versions.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AiJobStatusResponse, AiModel, AiResultResponse, AiTriggerResponse } from "../../src/api/ai";
import { FILE_KIND } from "../../src/api/tests";
import { currentVersion } from "../../server/src/ai/models";
import { interruptedTooOften } from "../../server/src/ai/worker";
import { buildApp } from "../../server/src/app";
import { loadConfig, type Config } from "../../server/src/config";
import { aiJobs, testFiles } from "../../server/src/db/schema";
import { FULL_SIZE_PHOTO_LAYOUT, FULL_SIZE_PHOTO_TESTS, photoKey, seedTestId } from "../../server/src/db/seedTests";
import { trayLayout } from "../../server/src/db/seedPhotos";
import { CONTRACT, FORMATS, LIMITS } from "../fixtures/contract";
import { shapeDifferences } from "../fixtures/shape";
import { bearer, createTestApp, expectAnswer, type TestApp } from "./helpers";
import { A, B, insertTest, messageOf, tokens, U, type Who } from "./records";

/** The app's config with AI jobs taking `delayMs` (AI_JOB_DELAY_MS, config.jobs.aiJobDelayMs). */
const withJobDelay = (config: Config, delayMs: number): Config => ({
  ...config,
  jobs: { ...config.jobs, aiJobDelayMs: delayMs },
});

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  // Jobs finish as soon as the analysis is done.
  t = await createTestApp({ config: { jobs: withJobDelay(loadConfig({}), 0).jobs } });
  token = tokens(() => t.app);
});
afterAll(() => t.close());

const RUN_KINDS = [FILE_KIND.Result, FILE_KIND.Luv, FILE_KIND.Glowing, FILE_KIND.Coloured, FILE_KIND.Simulants];

async function readBlob(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of t.storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Gives a test a run made of the seed pool's photos of one tray layout (blobs already stored). */
async function addRun(testId: string, group: number, layout: number, kinds: readonly number[] = RUN_KINDS) {
  for (const kind of kinds) {
    const storageKey = photoKey(layout, kind as never);
    await t.db.insert(testFiles).values({
      id: randomUUID(),
      testId,
      name: `run-${group}-${kind}.png`,
      storageKey,
      group,
      type: "image",
      kind,
      size: (await t.storage.size(storageKey)) ?? 0,
      contentType: "image/png",
    });
  }
}

/** A Brilliant Gems test (the demo user's account) with one run of layout `layout` in group 0. */
async function testWithRun(options: Parameters<typeof insertTest>[2] = {}, layout = 3) {
  const { id } = await insertTest(t.db, t.storage, { photos: 0, ...options });
  await addRun(id, 0, layout);
  return id;
}

type Headers = Record<string, string>;
const as = async (who: Who | null): Promise<Headers> => (who === null ? {} : bearer(await token(who)));

const getResult = async (
  testId: string,
  group: number | string,
  who: Who | null = "user",
  model?: string,
  app = t.app,
) =>
  app.inject({
    method: "GET",
    url: `/api/ai/test/${testId}/group/${group}/result${model === undefined ? "" : `?aiModel=${model}`}`,
    headers: await as(who),
  });

const trigger = async (testId: string, group: number | string, body?: object | string, who: Who | null = "user") =>
  t.app.inject({
    method: "POST",
    url: `/api/ai/test/${testId}/group/${group}/trigger`,
    headers: { ...(await as(who)), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    payload: typeof body === "string" ? body : body === undefined ? undefined : JSON.stringify(body),
  });

const getStatus = async (jobId: string, who: Who | null = "user", app = t.app) =>
  app.inject({ method: "GET", url: `/api/ai/jobs/${jobId}/status`, headers: await as(who) });

async function triggered(testId: string, body?: object, who: Who | null = "user"): Promise<string> {
  const response = await trigger(testId, 0, body, who);
  return expectAnswer<AiTriggerResponse>(response, CONTRACT.ai.trigger.ok).jobId;
}

/** Polls a job's status until it is finished, as the console does (faster). */
async function finished(jobId: string, who: Who | null = "user", app = t.app): Promise<AiJobStatusResponse> {
  for (let i = 0; i < 400; i++) {
    const response = await getStatus(jobId, who, app);
    const job = expectAnswer<AiJobStatusResponse>(response, CONTRACT.ai.jobStatus.inProgress);
    if (job.status === "completed" || job.status === "failed") return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`AI job ${jobId} did not finish`);
}

const jobRow = async (id: string) => (await t.db.select().from(aiJobs).where(eq(aiJobs.id, id)))[0]!;

/** Everything a refused request must leave as it was. */
async function snapshot() {
  const result = await t.db.execute(
    sql.raw(
      `select (select count(*)::int from ai_jobs) as jobs,
              (select coalesce(md5(string_agg(x::text, ',' order by x.id)), '') from ai_jobs x) as sum`,
    ),
  );
  return (result as unknown as { rows: unknown[] }).rows[0];
}

describe("the three AI calls", () => {
  it("answers 404 before any job, then runs a triggered job to a result the three calls agree on", async () => {
    const id = await testWithRun();
    const none = await getResult(id, 0, "user", "NAOMI");
    expectAnswer(none, CONTRACT.ai.result.none);

    const jobId = await triggered(id, { aiModel: "NAOMI", deviceType: 5501 });
    const done = await finished(jobId);
    expect(done.status).toBe("completed");
    expect(shapeDifferences(done, CONTRACT.ai.jobStatus.completed.body)).toEqual([]);
    expect(done.result).toHaveLength(trayLayout(3).stones.length);
    for (const [index, polygon] of done.result!.entries()) {
      expect(polygon.Index).toBe(index);
      expect(["N", "CVD", "HPHT", "CZ", "M"]).toContain(polygon.Type);
      expect(polygon.Confidence).toBeGreaterThanOrEqual(0);
      expect(polygon.Confidence).toBeLessThanOrEqual(1);
      expect(polygon.Polygon.length).toBeGreaterThanOrEqual(4);
    }

    const result = await getResult(id, 0, "user", "NAOMI");
    const answer = expectAnswer<AiResultResponse>(result, CONTRACT.ai.result.completed);
    expect(answer).toEqual({
      status: "completed",
      result: done.result,
      isGeneratedWithLatestVersion: true,
      triggeredAt: expect.stringMatching(FORMATS.isoDate),
      _id: jobId,
    });
    // The other models have nothing yet; no ?aiModel means RAMI.
    expect((await getResult(id, 0, "user")).statusCode).toBe(404);
    expect((await getResult(id, 0, "user", "YORI")).statusCode).toBe(404);
    expect(await jobRow(jobId)).toMatchObject({
      model: "NAOMI",
      modelVersion: currentVersion("NAOMI"),
      deviceType: 5501,
      triggeredBy: U.user,
      attempts: 1,
    });
  });

  it.each([
    ["aiModel and deviceType", { aiModel: "YORI", deviceType: 8501 }, "YORI", 8501],
    ["only deviceType", { deviceType: 6501 }, "RAMI", 6501],
    ["an empty object", {}, "RAMI", 4100],
    ["no body at all", undefined, "RAMI", 4100],
  ] as const)(
    "accepts %s: the model asked for or RAMI, the device type sent or the test's own",
    async (_label, body, model, deviceType) => {
      const id = await testWithRun();
      const jobId = await triggered(id, body);
      expect((await finished(jobId)).status).toBe("completed");
      expect(await jobRow(jobId)).toMatchObject({ model, deviceType });
      const latest = (await getResult(id, 0, "user", model as AiModel)).json<AiResultResponse>();
      expect(latest._id).toBe(jobId);
    },
  );

  it("answers the latest job of the run and model, and joins a running job instead of queueing it twice", async () => {
    const id = await testWithRun();
    const first = await triggered(id, {});
    await finished(first);
    const second = await triggered(id, {});
    expect(second).not.toBe(first);
    await finished(second);
    expect((await getResult(id, 0)).json<AiResultResponse>()._id).toBe(second);

    // A queued job of the same run and model, triggered a moment ago: a second trigger joins it.
    const queued = randomUUID();
    await t.db.insert(aiJobs).values({
      id: queued,
      testId: id,
      group: 0,
      model: "NAOMI",
      modelVersion: currentVersion("NAOMI"),
      status: "in-progress",
      heartbeatAt: new Date(),
    });
    expect(await triggered(id, { aiModel: "NAOMI", deviceType: 4100 })).toBe(queued);
    const pending = (await getResult(id, 0, "user", "NAOMI")).json<AiResultResponse>();
    expect(pending).toMatchObject({
      status: "in-progress",
      result: null,
      isGeneratedWithLatestVersion: true,
      _id: queued,
    });
  });

  it("joins a running job until it is stale (5 minutes, the console's limit too), then queues a new one", async () => {
    const id = await testWithRun();
    const runningSince = async (ageMs: number) => {
      const jobId = randomUUID();
      await t.db.insert(aiJobs).values({
        id: jobId,
        testId: id,
        group: 0,
        model: "YORI",
        modelVersion: currentVersion("YORI"),
        status: "in-progress",
        triggeredAt: new Date(Date.now() - ageMs),
        heartbeatAt: new Date(),
      });
      return jobId;
    };
    const fresh = await runningSince(LIMITS.aiStaleJobMs - 5_000);
    expect(await triggered(id, { aiModel: "YORI", deviceType: 4100 })).toBe(fresh);
    await t.db.delete(aiJobs).where(eq(aiJobs.id, fresh));
    const stale = await runningSince(LIMITS.aiStaleJobMs + 5_000);
    const queued = await triggered(id, { aiModel: "YORI", deviceType: 4100 });
    expect(queued).not.toBe(stale);
    await finished(queued);
  });

  it("lets a super admin use any account's test", async () => {
    const id = await testWithRun({ accountId: A.lapisTraders, businessId: B.lapisMain, createdBy: U.pastDueAdmin });
    const jobId = await triggered(id, {}, "superAdmin");
    expect((await finished(jobId, "superAdmin")).status).toBe("completed");
    expect((await getResult(id, 0, "superAdmin")).statusCode).toBe(200);
  });
});

describe("a shared test's public view (no token)", () => {
  it("reads, triggers and polls without a token", async () => {
    const id = await testWithRun({ sharedAt: new Date() });
    expect((await getResult(id, 0, null)).statusCode).toBe(404);
    const jobId = await triggered(id, { deviceType: 4100 }, null);
    expect((await finished(jobId, null)).status).toBe("completed");
    expect((await getResult(id, 0, null)).json<AiResultResponse>()._id).toBe(jobId);
    expect((await jobRow(jobId)).triggeredBy).toBeNull();
    // Another account's user sees a shared test too (anybody may).
    expect((await getResult(id, 0, "pastDueAdmin")).statusCode).toBe(200);
  });

  it("refuses an unshared test, its jobs and unknown ids with 401, and a bad token even on a shared test", async () => {
    const unshared = await testWithRun();
    const jobId = await triggered(unshared, {});
    await finished(jobId);
    const before = await snapshot();
    for (const response of [
      await getResult(unshared, 0, null),
      await trigger(unshared, 0, {}, null),
      await getStatus(jobId, null),
      await getStatus(randomUUID(), null),
      await getResult(randomUUID(), 0, null),
    ]) {
      expectAnswer(response, CONTRACT.token.missing);
    }
    const shared = await testWithRun({ sharedAt: new Date() });
    const badToken = await t.app.inject({
      method: "GET",
      url: `/api/ai/test/${shared}/group/0/result`,
      headers: bearer("junk"),
    });
    expect(badToken.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe("refusals change nothing", () => {
  let id: string;
  let otherAccounts: string;
  beforeAll(async () => {
    id = await testWithRun();
    otherAccounts = await testWithRun({
      accountId: A.lapisTraders,
      businessId: B.lapisMain,
      createdBy: U.pastDueAdmin,
    });
  });

  it.each([
    ["a group that is not a number", () => trigger(id, "x", {}), 400, "group must be a whole number"],
    ["a negative group", () => trigger(id, -1, {}), 400, "group must be >= 0"],
    ["a group without photos", () => trigger(id, 5, {}), 404, CONTRACT.ai.trigger.noPhotos.body.message],
    [
      "an unknown model",
      () => trigger(id, 0, { aiModel: "HAL", deviceType: 4100 }),
      400,
      "aiModel must be one of: RAMI, NAOMI, YORI",
    ],
    ["a model without a device type", () => trigger(id, 0, { aiModel: "RAMI" }), 400, "deviceType is required"],
    [
      "a device type that is not a number",
      () => trigger(id, 0, { deviceType: "4100" }),
      400,
      "deviceType must be a whole number",
    ],
    ["an unknown field", () => trigger(id, 0, { deviceType: 4100, extra: 1 }), 400, "extra is not an allowed field"],
    ["a body that is not an object", () => trigger(id, 0, "[1]"), 400, "Request body must be a JSON object"],
    ["malformed JSON", () => trigger(id, 0, "{"), 400, "Request body is not valid JSON"],
    ["an unknown test", () => trigger(randomUUID(), 0, {}), 404, CONTRACT.test.notFound.body.message],
    ["another account's test", () => trigger(otherAccounts, 0, {}), 404, CONTRACT.test.notFound.body.message],
    [
      "an unknown model in the result query",
      () => getResult(id, 0, "user", "HAL"),
      400,
      "aiModel must be one of: RAMI, NAOMI, YORI",
    ],
    ["a bad group in the result query", () => getResult(id, "1.5", "user"), 400, "group must be a whole number"],
    ["another account's result", () => getResult(otherAccounts, 0, "user"), 404, CONTRACT.test.notFound.body.message],
    ["an unknown job", () => getStatus(randomUUID()), 404, CONTRACT.ai.jobStatus.notFound.body.message],
  ])("refuses %s", async (_label, call, status, message) => {
    const before = await snapshot();
    const response = await call();
    expect(response.statusCode).toBe(status);
    expect(messageOf(response)).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another account's job status with 404", async () => {
    const jobId = await triggered(otherAccounts, {}, "pastDueAdmin");
    await finished(jobId, "pastDueAdmin");
    const response = await getStatus(jobId, "user");
    expectAnswer(response, CONTRACT.ai.jobStatus.notFound);
  });
});

describe("the worker", () => {
  it.each([
    [
      "a damaged PNG",
      async () => (await insertTest(t.db, t.storage, { photos: 2 })).storageKeys[0]!,
      "The Result photo could not be decoded (damaged PNG).",
    ],
    [
      "a damaged JPEG",
      async () => (await t.storage.put(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))).key,
      "The Result photo could not be decoded (damaged JPEG).",
    ],
    [
      "not a photo",
      async () => (await t.storage.put(Buffer.from("%PDF-1.4\n"))).key,
      "The Result photo is not a JPEG, PNG or WebP image.",
    ],
  ])("fails a job whose Result photo is %s, with the reason", async (_label, blob, reason) => {
    const { id } = await insertTest(t.db, t.storage, { photos: 0 });
    const storageKey = await blob();
    await t.db.insert(testFiles).values({
      id: randomUUID(),
      testId: id,
      name: "result.png",
      storageKey,
      group: 0,
      type: "image",
      kind: FILE_KIND.Result,
      size: 7,
      contentType: "image/png",
    });
    const jobId = await triggered(id, {});
    expect(await finished(jobId)).toEqual({ status: "failed", result: null });
    expect(await jobRow(jobId)).toMatchObject({ status: "failed", error: reason, finishedAt: expect.any(Date) });
    expect((await getResult(id, 0)).json<AiResultResponse>()).toMatchObject({ status: "failed", result: null });
  });

  it("reads JPEG run photos, a real device's size, as it reads PNG ones (a JPEG once failed the job)", async () => {
    const layout = 5;
    const { id } = await insertTest(t.db, t.storage, { photos: 0 });
    for (const kind of RUN_KINDS) {
      // The seed's photo of this layout under this light, as a phone would save it: 3120 × 4192 JPEG.
      const png = await readBlob(photoKey(layout, kind as never));
      const jpeg = await sharp(png).resize({ width: 3120, height: 4192, fit: "fill" }).jpeg({ quality: 88 }).toBuffer();
      const { key, size } = await t.storage.put(jpeg);
      await t.db.insert(testFiles).values({
        id: randomUUID(),
        testId: id,
        name: `run-${kind}.jpg`,
        storageKey: key,
        group: 0,
        type: "image",
        kind,
        size,
        contentType: "image/jpeg",
      });
    }
    const jpegJob = await finished(await triggered(id, { aiModel: "RAMI", deviceType: 5501 }));
    expect(jpegJob.status).toBe("completed");
    const pngJob = await finished(
      await triggered(await testWithRun({}, layout), { aiModel: "RAMI", deviceType: 5501 }),
    );
    // The same stones, of the same types, in the same places (within a few canvas units).
    expect(jpegJob.result).toHaveLength(trayLayout(layout).stones.length);
    expect(jpegJob.result!.map((polygon) => polygon.Type)).toEqual(pngJob.result!.map((polygon) => polygon.Type));
    const centre = (points: readonly (readonly number[])[]) => [
      points.reduce((sum, p) => sum + p[0]!, 0) / points.length,
      points.reduce((sum, p) => sum + p[1]!, 0) / points.length,
    ];
    for (const [i, polygon] of jpegJob.result!.entries()) {
      const [x, y] = centre(polygon.Polygon as unknown as number[][]);
      const [px, py] = centre(pngJob.result![i]!.Polygon as unknown as number[][]);
      expect(Math.hypot(x! - px!, y! - py!)).toBeLessThan(40);
    }
  }, 60_000);

  it("reads a seeded run whose Result photo is a device's JPEG and whose lights are smaller PNGs", async () => {
    const id = seedTestId(FULL_SIZE_PHOTO_TESTS[0]!);
    const job = await finished(await triggered(id, { aiModel: "RAMI", deviceType: 5501 }, "superAdmin"), "superAdmin");
    expect(job.status).toBe("completed");
    expect(job.result).toHaveLength(trayLayout(FULL_SIZE_PHOTO_LAYOUT).stones.length);
    // Each stone measured under the smaller lights where it lies: the types of the all-PNG run.
    const png = await finished(
      await triggered(await testWithRun({}, FULL_SIZE_PHOTO_LAYOUT), { aiModel: "RAMI", deviceType: 5501 }),
    );
    expect(job.result!.map((polygon) => polygon.Type)).toEqual(png.result!.map((polygon) => polygon.Type));
  }, 60_000);

  it("fails a run without a Result photo", async () => {
    const { id } = await insertTest(t.db, t.storage, { photos: 0 });
    await addRun(id, 0, 1, [FILE_KIND.Luv, FILE_KIND.Coloured]);
    const jobId = await triggered(id, {});
    expect((await finished(jobId)).status).toBe("failed");
    expect((await jobRow(jobId)).error).toBe("The test run has no Result photo to find the stones in.");
  });

  it("reports a result of an older model version as not the latest; a new job is", async () => {
    const id = await testWithRun();
    const old = randomUUID();
    await t.db.insert(aiJobs).values({
      id: old,
      testId: id,
      group: 0,
      model: "RAMI",
      modelVersion: "1.0",
      status: "completed",
      result: [
        {
          Polygon: [
            [1, 1],
            [9, 1],
            [9, 9],
          ],
          Type: "N",
          Confidence: 0.9,
          Index: 0,
        },
      ],
      triggeredAt: new Date(Date.now() - 86_400_000),
      finishedAt: new Date(Date.now() - 86_400_000),
    });
    expect(currentVersion("RAMI")).not.toBe("1.0");
    expect((await getResult(id, 0)).json<AiResultResponse>()).toMatchObject({
      _id: old,
      status: "completed",
      isGeneratedWithLatestVersion: false,
    });
    const regenerated = await triggered(id, { aiModel: "RAMI", deviceType: 4100 });
    await finished(regenerated);
    expect((await getResult(id, 0, "user", "RAMI")).json<AiResultResponse>()).toMatchObject({
      _id: regenerated,
      isGeneratedWithLatestVersion: true,
    });
  });
});

describe("restarts", () => {
  /** A second app on the same database: a restarted (or another) instance of the service. */
  async function withSecondApp(delayMs: number, work: (app: FastifyInstance) => Promise<void>) {
    const app = buildApp({ db: t.db, config: withJobDelay(t.config, delayMs) });
    try {
      await app.ready();
      await work(app);
    } finally {
      await app.close();
    }
  }

  it("picks up jobs left in progress by a worker that died, and queued ones; fails one interrupted too often", async () => {
    const id = await testWithRun({}, 7);
    const stale = new Date(Date.now() - 10 * 60_000);
    const [leftInProgress, leftPending, interrupted] = [randomUUID(), randomUUID(), randomUUID()];
    await t.db.insert(aiJobs).values([
      {
        id: leftInProgress,
        testId: id,
        group: 0,
        model: "RAMI",
        modelVersion: currentVersion("RAMI"),
        status: "in-progress",
        attempts: 1,
        heartbeatAt: stale,
      },
      { id: leftPending, testId: id, group: 0, model: "YORI", modelVersion: currentVersion("YORI") },
      {
        id: interrupted,
        testId: id,
        group: 0,
        model: "NAOMI",
        modelVersion: currentVersion("NAOMI"),
        status: "in-progress",
        attempts: 3,
        heartbeatAt: stale,
      },
    ]);
    await withSecondApp(0, async (app) => {
      expect((await finished(leftInProgress, "user", app)).result).toHaveLength(trayLayout(7).stones.length);
      expect((await finished(leftPending, "user", app)).status).toBe("completed");
      expect((await finished(interrupted, "user", app)).status).toBe("failed");
    });
    expect(await jobRow(leftInProgress)).toMatchObject({ status: "completed", attempts: 2 });
    expect(await jobRow(interrupted)).toMatchObject({ status: "failed", error: interruptedTooOften(3) });
  });

  it("puts a job in hand back to pending when the service shuts down", async () => {
    const id = await testWithRun({}, 8);
    let jobId = "";
    await withSecondApp(60_000, async (app) => {
      const response = await app.inject({
        method: "POST",
        url: `/api/ai/test/${id}/group/0/trigger`,
        headers: await as("user"),
      });
      jobId = response.json<AiTriggerResponse>().jobId;
      for (let i = 0; i < 200 && (await jobRow(jobId)).status !== "in-progress"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect((await jobRow(jobId)).status).toBe("in-progress");
    });
    // The attempt is given back: only interruptions without a word (crashes, kills) use them up.
    expect(await jobRow(jobId)).toMatchObject({ status: "pending", heartbeatAt: null, attempts: 0 });
  });
});
