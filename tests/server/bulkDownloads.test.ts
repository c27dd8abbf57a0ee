import { randomUUID } from "node:crypto";
import { truncate } from "node:fs/promises";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_READY_BULK_BYTES, MAX_READY_BULK_DOWNLOADS } from "../../src/api/schemas/tests";
import type { BulkDownload } from "../../src/api/tests";
import { buildApp } from "../../server/src/app";
import { bulkDownloads, testFiles } from "../../server/src/db/schema";
import { CONTRACT } from "../fixtures/contract";
import { bearer, createTestApp, type TestApp } from "./helpers";
import { A, B, get, insertTest, messageOf, readZip, snapshot, tokens, U, type Who } from "./records";

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
});
afterAll(() => t.close());

const HOUR = 3_600_000;

const start = async (testIds: unknown, who: Who = "user") =>
  t.app.inject({
    method: "POST",
    url: "/api/bulk-downloads",
    headers: bearer(await token(who)),
    payload: { testIds } as object,
  });

async function waitUntilDone(id: string): Promise<BulkDownload> {
  for (let i = 0; i < 200; i++) {
    const download = (await get(t.app, `/api/bulk-downloads/${id}`)).json<BulkDownload>();
    if (download.status === "ready" || download.status === "failed") return download;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`bulk download ${id} did not finish`);
}

/** A download row as a worker elsewhere would have left it. */
async function insertJob(userId: string, values: Partial<typeof bulkDownloads.$inferInsert>) {
  const id = randomUUID();
  const fixture = await insertTest(t.db, t.storage, { name: `Job ${id.slice(0, 6)}` });
  await t.db.insert(bulkDownloads).values({ id, userId, testIds: [fixture.id], estimatedSeconds: 3, ...values });
  return id;
}

describe("POST /api/bulk-downloads and the worker", () => {
  it("starts a download (201, pending), builds a zip with a folder per test, and serves it once ready", async () => {
    const first = await insertTest(t.db, t.storage, { name: "Ring lot", photos: 3 });
    const twin = await insertTest(t.db, t.storage, { name: "Ring lot", photos: 1 });
    const other = await insertTest(t.db, t.storage, {
      name: "Pendant/pair",
      photos: 2,
      businessId: B.brilliantAntwerp,
    });
    const response = await start([first.id, twin.id, other.id]);
    expect(response.statusCode).toBe(201);
    const started = response.json<BulkDownload>();
    // Where to poll it.
    expect(response.headers.location).toBe(`/api/bulk-downloads/${started.id}`);
    expect(started).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: "pending",
      testCount: 3,
      progress: 0,
      estimatedSeconds: 4, // 2 s + 0.5 s per test, rounded up
      createdAt: expect.any(String),
      fileUrl: null,
      error: null,
      expiresAt: null,
    });

    const done = await waitUntilDone(started.id);
    expect(done).toMatchObject({
      status: "ready",
      progress: 1,
      fileUrl: `/api/bulk-downloads/${started.id}/file`,
      error: null,
    });
    // Ready now: it expires 24 hours from now.
    expect(Math.abs(Date.parse(done.expiresAt!) - Date.now() - 24 * HOUR)).toBeLessThan(60_000);

    // Public: the id is the credential.
    const file = await get(t.app, done.fileUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/zip");
    expect(file.headers["content-disposition"]).toMatch(
      /^attachment; filename="tests-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.zip"/,
    );
    const entries = await readZip(file.rawPayload);
    const rows = await t.db
      .select()
      .from(testFiles)
      .where(inArray(testFiles.testId, [first.id, twin.id, other.id]));
    expect([...entries.keys()].sort()).toEqual(
      [
        "Ring lot/photo-1.png",
        "Ring lot/photo-2.png",
        "Ring lot/photo-3.png",
        `Ring lot (2)/photo-1.png`,
        "Pendant_pair/photo-1.png",
        "Pendant_pair/photo-2.png",
      ].sort(),
    );
    expect(rows).toHaveLength(6);
    const stored = await new Response(t.storage.get(first.storageKeys[0]!) as unknown as ReadableStream).arrayBuffer();
    expect(entries.get("Ring lot/photo-1.png")).toEqual(Buffer.from(stored));
  });

  it("refuses a second download while one of the user's is running (409) and changes nothing", async () => {
    await insertJob(U.manager, { status: "processing", heartbeatAt: new Date(), attempts: 1 });
    const fixture = await insertTest(t.db, t.storage);
    const before = await snapshot(t);
    const response = await start([fixture.id], "manager");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "A bulk download is already in progress. Wait for it to finish before starting another.",
    });
    expect(await snapshot(t)).toEqual(before);
    // Someone else may start theirs.
    expect((await start([fixture.id], "admin")).statusCode).toBe(201);
  });

  it("lets only one of two simultaneous requests through", async () => {
    const fixture = await insertTest(t.db, t.storage);
    const [a, b] = await Promise.all([start([fixture.id], "secondUser"), start([fixture.id], "secondUser")]);
    const statuses = [a.statusCode, b.statusCode].sort();
    // The second either meets the first still running (409) or, if the first already finished, starts (201).
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const [accepted] = [a, b].filter((response) => response.statusCode === 201);
    await waitUntilDone(accepted!.json<BulkDownload>().id);
  });

  it.each([
    [
      "another account's test",
      async () => [
        (
          await insertTest(t.db, t.storage, {
            accountId: A.lapisTraders,
            businessId: B.lapisMain,
            createdBy: U.pastDueAdmin,
          })
        ).id,
      ],
    ],
    ["a deleted test", async () => [(await insertTest(t.db, t.storage, { deletedAt: new Date() })).id]],
    ["an unknown test", async () => ["40000000-0000-4000-8000-999999999999"]],
  ])("refuses %s with 400 and changes nothing", async (_label, ids) => {
    const testIds = await ids();
    const before = await snapshot(t);
    const response = await start(testIds, "admin");
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe("testIds contains tests that do not exist or that you may not see");
    expect(await snapshot(t)).toEqual(before);
  });

  it("names each test it cannot take by its place in testIds, the others not", async () => {
    const kept = await insertTest(t.db, t.storage);
    const deleted = await insertTest(t.db, t.storage, { deletedAt: new Date() });
    const response = await start([kept.id, deleted.id], "admin");
    expect(response.statusCode).toBe(CONTRACT.bulkDownload.secondGone.status);
    expect(response.json()).toEqual(CONTRACT.bulkDownload.secondGone.body);
    const three = await start([kept.id, deleted.id, "40000000-0000-4000-8000-999999999999"], "admin");
    expect(Object.keys(three.json<{ errors: Record<string, string> }>().errors)).toEqual(["testIds.1", "testIds.2"]);
  });

  it("refuses an empty list, more than 500 tests and duplicates with 400", async () => {
    const fixture = await insertTest(t.db, t.storage);
    for (const testIds of [[], Array.from({ length: 501 }, () => randomUUID()), [fixture.id, fixture.id]]) {
      const before = await snapshot(t);
      const response = await start(testIds, "admin");
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toMatch(/testIds/);
      expect(await snapshot(t)).toEqual(before);
    }
  });

  it("lets a super admin bundle tests of several accounts", async () => {
    const ours = await insertTest(t.db, t.storage);
    const lapis = await insertTest(t.db, t.storage, {
      accountId: A.lapisTraders,
      businessId: B.lapisMain,
      createdBy: U.pastDueAdmin,
    });
    const response = await start([ours.id, lapis.id], "superAdmin");
    expect(response.statusCode).toBe(201);
    expect((await waitUntilDone(response.json<BulkDownload>().id)).status).toBe("ready");
  });

  it("needs a token to start one", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/bulk-downloads",
      payload: { testIds: [randomUUID()] },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/bulk-downloads/{id} and /file", () => {
  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of [randomUUID(), "nope"]) {
      expect((await get(t.app, `/api/bulk-downloads/${id}`)).statusCode).toBe(404);
      expect((await get(t.app, `/api/bulk-downloads/${id}/file`)).statusCode).toBe(404);
    }
  });

  it("answers 404 for the file until the zip is ready", async () => {
    const id = await insertJob(U.pastDueAdmin, {
      status: "processing",
      heartbeatAt: new Date(),
      attempts: 1,
      progress: 0.4,
    });
    const status = (await get(t.app, `/api/bulk-downloads/${id}`)).json<BulkDownload>();
    expect(status).toMatchObject({ status: "processing", progress: 0.4, fileUrl: null });
    const file = await get(t.app, `/api/bulk-downloads/${id}/file`);
    expect(file.statusCode).toBe(404);
    expect(messageOf(file)).toBe("The bulk download is not ready yet");
    await t.db.delete(bulkDownloads).where(eq(bulkDownloads.id, id));
  });
});

describe("jobs left over at start-up", () => {
  it("resumes pending and stale processing jobs, and fails one interrupted too often, with a reason", async () => {
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    const pending = await insertJob(U.inactiveAdmin, { status: "pending" });
    const stale = await insertJob(U.superAdmin, { status: "processing", heartbeatAt: tenMinutesAgo, attempts: 1 });
    const hopeless = await insertJob(U.user, { status: "processing", heartbeatAt: tenMinutesAgo, attempts: 3 });

    const restarted = buildApp({ db: t.db, config: t.config });
    await restarted.ready();
    try {
      for (const id of [pending, stale]) expect((await waitUntilDone(id)).status, id).toBe("ready");
      const failed = await waitUntilDone(hopeless);
      expect(failed.status).toBe("failed");
      expect(failed.error).toMatch(/interrupted 3 times/);
    } finally {
      await restarted.close();
    }
  });
});

describe("ready zips: expiry and the bound per user", () => {
  /** The super admin with no download of theirs: none running, every row gone. */
  async function clearDownloads() {
    for (let i = 0; i < 200; i++) {
      const running = await t.db
        .select({ id: bulkDownloads.id })
        .from(bulkDownloads)
        .where(and(eq(bulkDownloads.userId, U.superAdmin), inArray(bulkDownloads.status, ["pending", "processing"])));
      if (running.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await t.db.delete(bulkDownloads).where(eq(bulkDownloads.userId, U.superAdmin));
  }

  /** A ready download of the super admin's, finished `hoursAgo`, its zip `bytes` long. */
  async function readyZip(hoursAgo: number, bytes = 10) {
    const { key } = await t.storage.put(Buffer.alloc(bytes, 1));
    const finishedAt = new Date(Date.now() - hoursAgo * HOUR);
    return insertJob(U.superAdmin, { status: "ready", progress: 1, storageKey: key, finishedAt });
  }

  it(`refuses a new request while ${MAX_READY_BULK_DOWNLOADS} ready zips are held (409 naming the bound), and changes nothing`, async () => {
    await clearDownloads();
    for (let i = 0; i < MAX_READY_BULK_DOWNLOADS; i++) await readyZip(MAX_READY_BULK_DOWNLOADS - i);
    const fixture = await insertTest(t.db, t.storage);
    const before = await snapshot(t);
    const refused = await start([fixture.id], "superAdmin");
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toMatch(
      /^You already have 5 ready bulk downloads, the most you may keep\. Each is deleted 24 hours after it is ready\. The oldest expires \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
    );
    expect(await snapshot(t)).toEqual(before);

    // One expires (24 hours after it was ready): there is room again.
    await clearDownloads();
    for (let i = 0; i < MAX_READY_BULK_DOWNLOADS - 1; i++) await readyZip(1);
    await readyZip(25);
    const started = await start([fixture.id], "superAdmin");
    expect(started.statusCode).toBe(201);
    await waitUntilDone(started.json<BulkDownload>().id);
  });

  it("refuses a new request while the ready zips hold 2 GB", async () => {
    await clearDownloads();
    const id = await readyZip(2);
    const [row] = await t.db.select().from(bulkDownloads).where(eq(bulkDownloads.id, id));
    // A sparse file: 2 GiB as the store reports it, without the disk space.
    await truncate(join(t.config.filesDir, row!.storageKey!), MAX_READY_BULK_BYTES);
    const fixture = await insertTest(t.db, t.storage);
    const refused = await start([fixture.id], "superAdmin");
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toMatch(/^Your ready bulk downloads already hold 2 GB, the most you may keep\./);

    await truncate(join(t.config.filesDir, row!.storageKey!), MAX_READY_BULK_BYTES - 1);
    const started = await start([fixture.id], "superAdmin");
    expect(started.statusCode).toBe(201);
    await waitUntilDone(started.json<BulkDownload>().id);
    await clearDownloads();
  });

  it("shows when a ready zip expires, and no longer serves it once expired", async () => {
    const fresh = await readyZip(1);
    const status = (await get(t.app, `/api/bulk-downloads/${fresh}`)).json<BulkDownload>();
    expect(Date.parse(status.expiresAt!)).toBeCloseTo(Date.now() + 23 * HOUR, -5);
    expect((await get(t.app, `/api/bulk-downloads/${fresh}/file`)).statusCode).toBe(200);

    const expired = await readyZip(24.5);
    const file = await get(t.app, `/api/bulk-downloads/${expired}/file`);
    expect(file.statusCode).toBe(404);
    expect(messageOf(file)).toBe("The bulk download has expired");
    // Its page says so too, before the lifecycle's purge removes the row: no Download to a 404.
    const state = await get(t.app, `/api/bulk-downloads/${expired}`);
    expect(state.statusCode).toBe(404);
    expect(messageOf(state)).toBe("The bulk download has expired");
    await clearDownloads();
  });
});
