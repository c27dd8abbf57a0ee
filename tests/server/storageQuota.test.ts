/**
 * An account's storage quota (issue 24 item 3; docs/api.md "Storage quota"): every write that adds
 * bytes to an account — a test's file, an avatar, a bulk download — is refused at the limit with 409
 * and a message saying what is used, the limit and what to do, leaving nothing behind (no row, no
 * stored blob, no temporary file); two writes racing at the limit cannot both pass; an account's
 * zips are bounded; the account's usage is readable by its admins and super admins.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { storageFullMessage, tooManyAccountZipsMessage, type AccountStorage } from "../../src/api/storage";
import type { ApiUser } from "../../src/api/types";
import type { BulkDownload } from "../../src/api/tests";
import { BULK_DOWNLOAD_EXPIRY_HOURS } from "../../src/api/schemas/tests";
import { activityLog, bulkDownloads, testFiles, tests, users } from "../../server/src/db/schema";
import { purgeDeletedTests } from "../../server/src/testRecords/purge";
import { STORAGE_CONTRACT } from "../fixtures/storageContract";
import { bearer, createTestApp, expectAnswer, tablesDigest, type TestApp } from "./helpers";
import { A, get, insertTest, messageOf, multipart, snapshot, tokens, U, type Who } from "./records";

let t: TestApp;
let token: (who: Who) => Promise<string>;
/** Temporary files go here during this file's tests, so that none left behind can hide among others'. */
let tempDir: string;
const previousTmp = process.env.TMPDIR;
const DEFAULT_QUOTA = { storageBytes: 5 * 1024 ** 3, bulkDownloads: 10 };

beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
  // Signed in before any snapshot: a sign-in writes (the user's last sign-in, an activity entry).
  for (const who of ["superAdmin", "admin", "manager", "user", "secondUser"] as const) await token(who);
  tempDir = await mkdtemp(join(tmpdir(), "gemtest-quota-tmp-"));
  process.env.TMPDIR = tempDir;
});
afterEach(() => {
  Object.assign(t.config.quota, DEFAULT_QUOTA);
});
afterAll(async () => {
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  await rm(tempDir, { recursive: true, force: true });
  await t.close();
});

const BRILLIANT = A.brilliantGems;

async function usage(accountId: string = BRILLIANT): Promise<AccountStorage> {
  const response = await get(t.app, `/api/accounts/${accountId}/storage`, await token("superAdmin"));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccountStorage>();
}

/** Sets the quota so that exactly `bytes` more fit in the account; answers what it holds now. */
async function leaveRoom(bytes: number, accountId: string = BRILLIANT): Promise<number> {
  const { used } = await usage(accountId);
  t.config.quota.storageBytes = used + bytes;
  return used;
}

/** The bytes of the account's file rows, counted here rather than by the service. */
async function fileBytes(accountId: string = BRILLIANT): Promise<number> {
  const files = await t.db
    .select({ size: testFiles.size })
    .from(testFiles)
    .innerJoin(tests, eq(tests.id, testFiles.testId))
    .where(eq(tests.accountId, accountId));
  return files.reduce((sum, file) => sum + file.size, 0);
}

/** A PDF (for the content check) of exactly `size` bytes. */
const pdf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(size - 9, 0x20)]);
const PNG = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 7)]);

async function uploadFile(testId: string, content: Buffer, who: Who = "user") {
  const { payload, headers } = multipart({ testId, gemtestTestFileType: "-1" }, [{ name: "report.pdf", content }]);
  return t.app.inject({
    method: "POST",
    url: "/api/v2/tests/file",
    headers: { ...headers, ...bearer(await token(who)) },
    payload,
  });
}

async function uploadAvatar(content: Buffer, who: Who = "manager") {
  const { payload, headers } = multipart({}, [{ field: "file", name: "me.png", content }]);
  return t.app.inject({
    method: "POST",
    url: "/api/users/me/avatar",
    headers: { ...headers, ...bearer(await token(who)) },
    payload,
  });
}

async function startZip(testIds: string[], who: Who = "user") {
  return t.app.inject({
    method: "POST",
    url: "/api/bulk-downloads",
    headers: bearer(await token(who)),
    payload: { testIds },
  });
}

async function waitUntilDone(id: string): Promise<BulkDownload> {
  for (let i = 0; i < 400; i++) {
    const download = (await get(t.app, `/api/bulk-downloads/${id}`)).json<BulkDownload>();
    if (download.status === "ready" || download.status === "failed") return download;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`bulk download ${id} did not finish`);
}

/** The database tables a refused write must leave unchanged, and the stored and temporary files. */
async function everything() {
  return {
    ...(await snapshot(t)),
    tables: await tablesDigest(t.db, [users, activityLog]),
    temporary: await readdir(tempDir),
  };
}

/** The refusal, checked word for word: what is used, the limit, what the write needs, what to do. */
function expectFull(
  response: Awaited<ReturnType<typeof uploadFile>>,
  used: number,
  need: "file" | "image" | "zip",
  bytes: number,
) {
  expect(response.statusCode, response.body).toBe(409);
  expect(messageOf(response)).toBe(storageFullMessage(used, t.config.quota.storageBytes, need, bytes));
}

describe("GET /api/accounts/{id}/storage", () => {
  it("answers what the account holds: its tests' files, zips and avatars, and the quota", async () => {
    const storage = expectAnswer<AccountStorage>(
      await get(t.app, `/api/accounts/${BRILLIANT}/storage`, await token("superAdmin")),
      STORAGE_CONTRACT.ok,
    );
    // The tests' part is the sum of the account's file rows.
    expect(storage.tests).toBe(await fileBytes());
    expect(storage.used).toBe(storage.tests + storage.downloads + storage.avatars);
    expect(storage.quota).toBe(5 * 1024 ** 3);
    // The demo stays well under the default quota (docs/decisions.md "Storage quota").
    expect(storage.used).toBeLessThan(storage.quota / 10);
  });

  it("is for super admins and the account's own admins; another account's is not found", async () => {
    const url = (id: string) => `/api/accounts/${id}/storage`;
    expectAnswer(await get(t.app, url(BRILLIANT), await token("admin")), STORAGE_CONTRACT.ok);
    expectAnswer(await get(t.app, url(A.lapisTraders), await token("admin")), STORAGE_CONTRACT.notFound);
    expectAnswer(await get(t.app, url(BRILLIANT), await token("manager")), STORAGE_CONTRACT.forbidden);
    expectAnswer(await get(t.app, url(BRILLIANT), await token("user")), STORAGE_CONTRACT.forbidden);
    expectAnswer(await get(t.app, url("no-such-account"), await token("superAdmin")), STORAGE_CONTRACT.notFound);
    expect((await get(t.app, url(BRILLIANT))).statusCode).toBe(401);
  });

  it("counts a deleted test's files until the purge takes them", async () => {
    const fixture = await insertTest(t.db, t.storage, { photos: 3 });
    const before = await usage();
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/tests/${fixture.id}`,
      headers: bearer(await token("admin")),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await usage()).tests).toBe(before.tests);
    const own = await t.db.select({ size: testFiles.size }).from(testFiles).where(eq(testFiles.testId, fixture.id));
    // The purge takes it (and the seed's deleted tests) 15 days later.
    await purgeDeletedTests(t.db, t.storage, new Date(Date.now() + 16 * 86_400_000), { actorId: null, client: null });
    const after = await usage();
    expect(after.tests).toBe(await fileBytes());
    expect(after.tests).toBeLessThanOrEqual(before.tests - own.reduce((sum, row) => sum + row.size, 0));
  });
});

describe("a test's file (POST v2/tests/file)", () => {
  let testId: string;
  beforeAll(async () => {
    testId = (await insertTest(t.db, t.storage, { photos: 0 })).id;
  });

  it("is stored when it fits exactly, and refused (409) with what is used and what to do when it does not", async () => {
    const used = await leaveRoom(3000);
    expect((await uploadFile(testId, pdf(3000))).statusCode).toBe(201);
    expect((await usage()).used).toBe(used + 3000);

    const before = await everything();
    const refused = await uploadFile(testId, pdf(1000));
    expectFull(refused, used + 3000, "file", 1000);
    expect(messageOf(refused)).toMatch(
      /^This account has used [\d.]+ MB of its [\d.]+ MB of storage, and this file needs 1000 B\. Delete files or tests you no longer need to make room \(a deleted test's files count until it is purged, 15 days after its deletion\)\.$/,
    );
    // Nothing half-written: no row, no activity entry, no stored blob, no temporary file.
    expect(await everything()).toEqual(before);
  });

  it("counts against the test's account whoever uploads it (a super admin too)", async () => {
    const used = await leaveRoom(500);
    const before = await everything();
    // The super admin's own account (Gemtest HQ) has plenty of room: the test's account is full.
    const hq = await usage(A.gemtestHq);
    expect(hq.used + 501).toBeLessThan(t.config.quota.storageBytes);
    expectFull(await uploadFile(testId, pdf(501), "superAdmin"), used, "file", 501);
    expect(await everything()).toEqual(before);
    expect((await uploadFile(testId, pdf(400), "superAdmin")).statusCode).toBe(201);
    expect((await usage()).used).toBe(used + 400);
    expect((await usage(A.gemtestHq)).used).toBe(hq.used);
  });

  it("lets only as many uploads through as fit when they race for the last room", async () => {
    const used = await leaveRoom(2500);
    const before = await snapshot(t);
    const uploaders: Who[] = ["user", "admin", "manager", "secondUser", "superAdmin", "user"];
    const answers = await Promise.all(uploaders.map((who) => uploadFile(testId, pdf(1000), who)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect((await usage()).used).toBe(used + 2000);
    // The refused ones' blobs went again: two more file rows, two more stored files, no temporary file.
    const after = await snapshot(t);
    expect(after.files.length).toBe(before.files.length + 2);
    expect(await readdir(tempDir)).toEqual([]);
  });
});

describe("an avatar (POST users/me/avatar)", () => {
  it("adds what it is larger than the one it replaces; a smaller one is always taken", async () => {
    const [manager] = await t.db.select().from(users).where(eq(users.id, U.manager));
    expect(manager?.avatar).toBeNull();
    const used = await leaveRoom(300);
    const first = await uploadAvatar(PNG(300));
    expect(first.statusCode, first.body).toBe(200);
    expect((await usage()).avatars).toBe(300);
    expect((await usage()).used).toBe(used + 300);

    // Full: 100 bytes more is too much…
    const before = await everything();
    expectFull(await uploadAvatar(PNG(400)), used + 300, "image", 100);
    expect(await everything()).toEqual(before);
    // …the same size is not (it adds nothing)…
    expect((await uploadAvatar(PNG(300))).statusCode).toBe(200);
    // …and with the quota lowered below what the account holds, a smaller image still is.
    t.config.quota.storageBytes = used;
    const smaller = await uploadAvatar(PNG(120));
    expect(smaller.statusCode, smaller.body).toBe(200);
    expect((await usage()).avatars).toBe(120);
    expect(smaller.json<ApiUser>().avatar).toMatch(/\.png$/);

    const removed = await t.app.inject({
      method: "DELETE",
      url: "/api/users/me/avatar",
      headers: bearer(await token("manager")),
    });
    expect(removed.statusCode).toBe(200);
    expect((await usage()).avatars).toBe(0);
  });
});

describe("a bulk download (POST bulk-downloads)", () => {
  afterEach(async () => {
    // Each case starts without the account's zips (the bound per user would otherwise interfere).
    await t.db.delete(bulkDownloads);
  });

  it("holds its estimate (the tests' files) while being built, then the zip's own size", async () => {
    const fixture = await insertTest(t.db, t.storage, { photos: 3 });
    const files = await t.db.select({ size: testFiles.size }).from(testFiles).where(eq(testFiles.testId, fixture.id));
    const estimate = files.reduce((sum, file) => sum + file.size, 0);
    const used = await leaveRoom(estimate - 1);

    const before = await everything();
    expectFull(await startZip([fixture.id]), used, "zip", estimate);
    expect(await everything()).toEqual(before);

    t.config.quota.storageBytes = used + estimate;
    const started = await startZip([fixture.id]);
    expect(started.statusCode, started.body).toBe(201);
    const { id } = started.json<BulkDownload>();
    const [pending] = await t.db.select().from(bulkDownloads).where(eq(bulkDownloads.id, id));
    expect(pending?.size).toBe(estimate);

    expect((await waitUntilDone(id)).status).toBe("ready");
    const [ready] = await t.db.select().from(bulkDownloads).where(eq(bulkDownloads.id, id));
    expect(ready?.size).toBe(await t.storage.size(ready!.storageKey!));
    expect((await usage()).downloads).toBe(ready!.size);
  });

  it(`keeps an account's zips, ready or being built, within ACCOUNT_BULK_DOWNLOADS_MAX (409); expired ones do not count`, async () => {
    t.config.quota.bulkDownloads = 2;
    const fixture = await insertTest(t.db, t.storage, { photos: 1 });
    const hour = 3_600_000;
    await t.db.insert(bulkDownloads).values([
      // Expired: gone for everyone, whether or not the purge has run.
      ...[1, 2].map((n) => ({
        id: `00000000-0000-4000-8000-00000000000${n}`,
        userId: U.admin,
        testIds: [fixture.id],
        estimatedSeconds: 3,
        status: "ready" as const,
        size: 10,
        finishedAt: new Date(Date.now() - (BULK_DOWNLOAD_EXPIRY_HOURS + 1) * hour),
      })),
      {
        id: "00000000-0000-4000-8000-000000000003",
        userId: U.admin,
        testIds: [fixture.id],
        estimatedSeconds: 3,
        status: "ready" as const,
        size: 10,
        finishedAt: new Date(),
      },
    ]);
    const first = await startZip([fixture.id], "user");
    expect(first.statusCode, first.body).toBe(201);

    const before = await everything();
    const refused = await startZip([fixture.id], "secondUser");
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(tooManyAccountZipsMessage(2, BULK_DOWNLOAD_EXPIRY_HOURS));
    expect(messageOf(refused)).toBe(
      "This account already has 2 bulk downloads ready or being built, the most it may keep. Each is deleted 24 hours after it is ready: wait for one to expire, then try again.",
    );
    await waitUntilDone(first.json<BulkDownload>().id);
    expect((await everything()).tables).toEqual(before.tables);
    expect(await t.db.select().from(bulkDownloads).where(eq(bulkDownloads.userId, U.secondUser))).toEqual([]);
  });

  it("lets only one of two users racing for the account's last zip through", async () => {
    t.config.quota.bulkDownloads = 1;
    const fixture = await insertTest(t.db, t.storage, { photos: 1 });
    const answers = await Promise.all([startZip([fixture.id], "user"), startZip([fixture.id], "secondUser")]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db
      .select()
      .from(bulkDownloads)
      .where(inArray(bulkDownloads.userId, [U.user, U.secondUser]));
    expect(rows).toHaveLength(1);
    await waitUntilDone(rows[0]!.id);
  });

  it("lets only one of two zips racing for the last room through", async () => {
    const fixture = await insertTest(t.db, t.storage, { photos: 2 });
    const files = await t.db.select({ size: testFiles.size }).from(testFiles).where(eq(testFiles.testId, fixture.id));
    const estimate = files.reduce((sum, file) => sum + file.size, 0);
    await leaveRoom(estimate + Math.floor(estimate / 2));
    const answers = await Promise.all([startZip([fixture.id], "user"), startZip([fixture.id], "secondUser")]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const winner = answers.find((answer) => answer.statusCode === 201)!;
    await waitUntilDone(winner.json<BulkDownload>().id);
  });
});
