/** Recover tests and accounts (docs/api.md "Recover tests", docs/api-resources.md "Recover accounts"). */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeletedAccount, DeletedTest } from "../../src/api/recover";
import { accounts, aiJobs, testFiles, tests } from "../../server/src/db/schema";
import { CONTRACT } from "../fixtures/contract";
import { shapeDifferences } from "../fixtures/shape";
import { createTestApp, type TestApp } from "./helpers";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { A, B, insertTest, snapshot, tokens, U, type Who } from "./records";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { activityOf, call, expectRefused, listUrl, totalOf } from "./resourceHelpers";

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const listTests = async (who: Who, filter: object = {}) =>
  call(t, await token(who), "GET", listUrl("deleted-tests", { range: [0, 99], filter }));
const idsOf = (response: { json: () => unknown }) => (response.json() as DeletedTest[]).map((row) => row.id);
const restore = async (who: Who, ids: string[]) =>
  call(t, await token(who), "POST", "/api/deleted-tests/restore", { ids });

describe("deleted tests: the 15-day window and the scope", () => {
  it("lists tests deleted 14 days ago and just under 15, not 15 and more; days left rounded up", async () => {
    const at14 = await insertTest(t.db, t.storage, { deletedAt: ago(14 * DAY) });
    const under15 = await insertTest(t.db, t.storage, { deletedAt: ago(15 * DAY - 60_000) });
    const at15 = await insertTest(t.db, t.storage, { deletedAt: ago(15 * DAY) });
    const at16 = await insertTest(t.db, t.storage, { deletedAt: ago(16 * DAY) });
    const live = await insertTest(t.db, t.storage);

    const response = await listTests("admin");
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<DeletedTest[]>();
    const ids = rows.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([at14.id, under15.id]));
    for (const gone of [at15.id, at16.id, live.id]) expect(ids).not.toContain(gone);
    expect(rows.find((row) => row.id === at14.id)?.daysLeft).toBe(1);
    expect(rows.find((row) => row.id === under15.id)?.daysLeft).toBe(1);
    expect(totalOf(response)).toBe(rows.length);
    // Restoring past the window is refused, all or none.
    expect((await restore("admin", [at14.id, at16.id])).statusCode).toBe(404);
    const [still] = await t.db.select().from(tests).where(eq(tests.id, at14.id));
    expect(still?.deletedAt).not.toBeNull();
  });

  it("answers the contract's shape, with who deleted it (recorded by DELETE /tests/{id})", async () => {
    const fixture = await insertTest(t.db, t.storage, { createdBy: U.admin, name: "Deleted by the admin" });
    const deleted = await call(t, await token("admin"), "DELETE", `/api/tests/${fixture.id}`);
    expect(deleted.statusCode).toBe(204);
    const rows = (await listTests("admin")).json<DeletedTest[]>();
    const row = rows.find((r) => r.id === fixture.id)!;
    expect(shapeDifferences(CONTRACT.recover.tests.list.body[0], row)).toEqual([]);
    expect(row).toMatchObject({ deletedById: U.admin, daysLeft: 15, fileCount: 2, accountId: A.brilliantGems });
    expect(row.deletedByName).toEqual(expect.any(String));
  });

  it("scopes the list: super admins see every account, others only their own", async () => {
    const other = await insertTest(t.db, t.storage, {
      accountId: A.lapisTraders,
      businessId: B.lapisMain,
      deviceId: SEED_DEVICE_IDS.lapisWatson,
      createdBy: U.pastDueAdmin,
      deletedAt: ago(DAY),
    });
    const mine = await insertTest(t.db, t.storage, { deletedAt: ago(DAY) });
    for (const who of ["user", "manager", "admin"] as const) {
      const ids = idsOf(await listTests(who));
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(other.id);
    }
    const all = idsOf(await listTests("superAdmin"));
    expect(all).toContain(mine.id);
    expect(all).toContain(other.id);
    // Another account's admin can neither see nor restore it.
    const before = await snapshot(t);
    const refused = await restore("pastDueAdmin", [mine.id]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(CONTRACT.recover.tests.notRestorable(mine.id).body);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe("POST deleted-tests/restore", () => {
  it("restores one test whole: its files and AI results were kept, and it is in the gallery again", async () => {
    const fixture = await insertTest(t.db, t.storage, { name: "Restore me whole", photos: 3 });
    await t.db.insert(aiJobs).values({
      id: crypto.randomUUID(),
      testId: fixture.id,
      group: 0,
      model: "RAMI",
      modelVersion: "1",
      status: "completed",
      result: [],
    } as typeof aiJobs.$inferInsert);
    expect((await call(t, await token("admin"), "DELETE", `/api/tests/${fixture.id}`)).statusCode).toBe(204);
    expect((await call(t, await token("admin"), "GET", `/api/v3/tests/${fixture.id}`)).statusCode).toBe(404);

    const response = await restore("user", [fixture.id]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: [fixture.id] });
    const test = await call(t, await token("admin"), "GET", `/api/v3/tests/${fixture.id}`);
    expect(test.statusCode).toBe(200);
    expect(test.json<{ files: unknown[] }>().files).toHaveLength(3);
    expect(await t.db.select().from(aiJobs).where(eq(aiJobs.testId, fixture.id))).toHaveLength(1);
    const [row] = await t.db.select().from(tests).where(eq(tests.id, fixture.id));
    expect(row).toMatchObject({ deletedAt: null, deletedBy: null });
    expect((await activityOf(t, "tests", fixture.id)).map((entry) => entry.action)).toEqual(["delete", "restore"]);
    const gallery = await call(
      t,
      await token("admin"),
      "GET",
      listUrl("tests", { range: [0, 9], filter: { q: "Restore me whole" } }),
    );
    expect(gallery.body).toContain(fixture.id);
  });

  it("restores many in one call; a second restore of the same ids is refused and changes nothing", async () => {
    const a = await insertTest(t.db, t.storage, { deletedAt: ago(2 * DAY) });
    const b = await insertTest(t.db, t.storage, { deletedAt: ago(3 * DAY) });
    const response = await restore("admin", [a.id, b.id]);
    expect(response.json()).toEqual(CONTRACT.recover.tests.restored([a.id, b.id]).body);
    const rows = await t.db
      .select()
      .from(tests)
      .where(inArray(tests.id, [a.id, b.id]));
    expect(rows.map((row) => row.deletedAt)).toEqual([null, null]);
    const before = await snapshot(t);
    expect((await restore("admin", [a.id])).json()).toEqual(CONTRACT.recover.tests.notRestorable(a.id).body);
    expect(await snapshot(t)).toEqual(before);
  });

  it("refuses a malformed body and a signed-out caller, changing nothing", async () => {
    const before = await snapshot(t);
    expect((await restore("admin", [])).statusCode).toBe(400);
    expect((await call(t, undefined, "POST", "/api/deleted-tests/restore", { ids: ["x"] })).statusCode).toBe(401);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe("POST deleted-tests/purge", () => {
  it("is for super admins only", async () => {
    for (const who of ["admin", "manager", "user"] as const) {
      const before = await snapshot(t);
      const response = await call(t, await token(who), "POST", "/api/deleted-tests/purge");
      expect(response.statusCode).toBe(403);
      expect(await snapshot(t)).toEqual(before);
    }
  });

  it("removes the tests deleted 15 days ago or more, their rows and their stored files; keeps the others", async () => {
    const old = await insertTest(t.db, t.storage, { deletedAt: ago(16 * DAY), photos: 2 });
    const recent = await insertTest(t.db, t.storage, { deletedAt: ago(14 * DAY), photos: 1 });
    for (const key of old.storageKeys) expect(await t.storage.size(key)).not.toBeNull();

    const response = await call(t, await token("superAdmin"), "POST", "/api/deleted-tests/purge");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ tests: number; files: number }>().tests).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(tests).where(eq(tests.id, old.id))).toEqual([]);
    expect(await t.db.select().from(testFiles).where(eq(testFiles.testId, old.id))).toEqual([]);
    for (const key of old.storageKeys) expect(await t.storage.size(key)).toBeNull();
    expect(await t.db.select().from(tests).where(eq(tests.id, recent.id))).toHaveLength(1);
    expect(await t.storage.size(recent.storageKeys[0]!)).not.toBeNull();
    // Purged: no longer restorable.
    expect((await restore("superAdmin", [old.id])).statusCode).toBe(404);
  });
});

describe("deleted accounts", () => {
  const scheduled = async (id: string, requestedAt: Date) =>
    t.db
      .update(accounts)
      .set({ status: "pending_deletion", deletionRequestedAt: requestedAt })
      .where(eq(accounts.id, id));

  it("lists scheduled deletions within 15 days for super admins only", async () => {
    const superAdmin = await token("superAdmin");
    // Deleting an account asks for the password again first (spec §6).
    await call(t, superAdmin, "POST", "/api/users/password/check", { password: DEMO_PASSWORD });
    const deleted = await call(t, superAdmin, "DELETE", `/api/accounts/${A.obsidian}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const response = await call(t, await token("superAdmin"), "GET", listUrl("deleted-accounts"));
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json<DeletedAccount[]>().find((r) => r.id === A.obsidian)!;
    expect(shapeDifferences(CONTRACT.recover.accounts.list.body[0], row)).toEqual([]);
    expect(row).toMatchObject({ daysLeft: 15, deletionRequestedById: U.superAdmin });
    for (const who of ["admin", "manager", "user"] as const) {
      await expectRefused(t, async () => call(t, await token(who), "GET", listUrl("deleted-accounts")), 403);
    }
    await scheduled(A.obsidian, ago(16 * DAY));
    const later = await call(t, await token("superAdmin"), "GET", listUrl("deleted-accounts"));
    expect(later.json<DeletedAccount[]>().map((r) => r.id)).not.toContain(A.obsidian);
    await scheduled(A.obsidian, ago(14 * DAY));
  });

  it("restores with the version check and an activity entry; refusals change nothing", async () => {
    const [current] = await t.db.select().from(accounts).where(eq(accounts.id, A.obsidian));
    const url = `/api/accounts/${A.obsidian}/restore`;
    await expectRefused(t, async () => call(t, await token("admin"), "POST", url, { version: current!.version }), 403);
    const stale = await expectRefused(
      t,
      async () => call(t, await token("superAdmin"), "POST", url, { version: current!.version - 1 }),
      409,
    );
    expect(stale.message).toBe(CONTRACT.recover.accounts.stale.body.message);
    const response = await call(t, await token("superAdmin"), "POST", url, { version: current!.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: A.obsidian, status: "active", version: current!.version + 1 });
    const entries = await activityOf(t, "accounts", A.obsidian);
    expect(entries.at(-1)?.action).toBe("restore");
    // No longer scheduled: a second restore is refused.
    const again = await expectRefused(
      t,
      async () => call(t, await token("superAdmin"), "POST", url, { version: current!.version + 1 }),
      422,
      "status",
    );
    expect(again).toEqual(CONTRACT.recover.accounts.notRestorable.body);
  });

  it("restores several at once, all or none, each with its entry; for super admins only", async () => {
    const bulk = async (who: Who, ids: string[]) =>
      call(t, await token(who), "POST", "/api/deleted-accounts/restore", { ids });
    await scheduled(A.obsidian, ago(2 * DAY));
    await scheduled(A.lapisTraders, ago(16 * DAY));
    const versions = await t.db
      .select({ id: accounts.id, version: accounts.version })
      .from(accounts)
      .where(inArray(accounts.id, [A.obsidian, A.lapisTraders]));
    await expectRefused(t, () => bulk("admin", [A.obsidian]), 403);
    // Lapis Traders is past the 15 days: nothing is restored, Obsidian included.
    const refused = await expectRefused(t, () => bulk("superAdmin", [A.obsidian, A.lapisTraders]), 404);
    expect(refused).toEqual(CONTRACT.recover.accounts.notRestorableMany(A.lapisTraders).body);
    await expectRefused(t, () => bulk("superAdmin", []), 400);

    await scheduled(A.lapisTraders, ago(3 * DAY));
    const response = await bulk("superAdmin", [A.obsidian, A.lapisTraders]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(CONTRACT.recover.accounts.restored([A.obsidian, A.lapisTraders]).body);
    const after = await t.db
      .select()
      .from(accounts)
      .where(inArray(accounts.id, [A.obsidian, A.lapisTraders]));
    for (const account of after) {
      const before = versions.find((row) => row.id === account.id)!;
      expect(account).toMatchObject({ status: "active", deletionRequestedAt: null, version: before.version + 1 });
      const entry = (await activityOf(t, "accounts", account.id)).at(-1);
      expect(entry).toMatchObject({ action: "restore", actorId: U.superAdmin });
      expect(entry?.changes).toMatchObject({ status: ["pending_deletion", "active"] });
    }
  });
});
