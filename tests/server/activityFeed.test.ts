/**
 * Activity feed (docs/api-resources.md "Activity feed"): GET activity for every signed-in user,
 * scoped by role (super admin: every entry; admin: entries whose actor is of their account;
 * manager and user: their own; everyone: their account's test activity, activityWrites.test.ts),
 * newest first, with filters, search, sort and paging. Refusals change nothing.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTIVITY_EXACT_TOTAL, type ActivityEntry } from "../../src/api/activity";
import type { Device } from "../../src/api/resources";
import { activityLog } from "../../server/src/db/schema";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { CONTRACT } from "../fixtures/contract";
import { createTestApp, expectAnswer, type TestApp } from "./helpers";
import { A, tokens, U, type Who } from "./records";
import { call, expectRefused, listUrl, totalOf } from "./resourceHelpers";

let t: TestApp;
let token: (who: Who) => Promise<string>;

/** Our entries, all in January 2020 (before anything the app logs while the file runs). */
const JANUARY = { createdAt_gte: "2020-01-01T00:00:00Z", createdAt_lte: "2020-01-31T23:59:59Z" };
const TEST_ID = randomUUID();
const fixtures = [
  { key: "sa", actorId: U.superAdmin, resource: "accounts", recordId: A.brilliantGems, action: "update", day: 1 },
  {
    key: "admin",
    actorId: U.admin,
    resource: "devices",
    recordId: SEED_DEVICE_IDS.londonSherlock,
    action: "mark-lost",
    day: 2,
  },
  { key: "manager", actorId: U.manager, resource: "users", recordId: U.user, action: "update", day: 3 },
  { key: "user", actorId: U.user, resource: "tests", recordId: TEST_ID, action: "restore", day: 4 },
  {
    key: "secondUser",
    actorId: U.secondUser,
    resource: "devices",
    recordId: SEED_DEVICE_IDS.londonSherlock,
    action: "custom-name",
    day: 5,
  },
  { key: "lapis", actorId: U.pastDueAdmin, resource: "users", recordId: U.pastDueAdmin, action: "update", day: 6 },
  { key: "system", actorId: null, resource: "firmware", recordId: "fw-1", action: "create", day: 7 },
] as const;
type Key = (typeof fixtures)[number]["key"];
const ids = {} as Record<Key, string>;

beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
  for (const who of ["superAdmin", "admin", "manager", "user", "pastDueAdmin"] as const) await token(who);
  for (const { key, day, ...entry } of fixtures) {
    ids[key] = randomUUID();
    await t.db.insert(activityLog).values({
      id: ids[key],
      ...entry,
      changes: {},
      createdAt: new Date(`2020-01-0${day}T10:00:00.000Z`),
    });
  }
});
afterAll(() => t.close());

const list = async (who: Who, query: Parameters<typeof listUrl>[1] = {}) =>
  call(t, await token(who), "GET", listUrl("activity", query));
const keysOf = (entries: ActivityEntry[]) =>
  entries.map((entry) => (Object.entries(ids).find(([, id]) => id === entry.id) ?? ["other"])[0]);

describe("GET activity: scope", () => {
  it("a super admin sees every entry, newest first, the service's own included", async () => {
    const response = await list("superAdmin", { filter: JANUARY });
    const entries = expectAnswer<ActivityEntry[]>(response, CONTRACT.activity.list);
    expect(keysOf(entries)).toEqual(["system", "lapis", "secondUser", "user", "manager", "admin", "sa"]);
    expect(response.headers["content-range"]).toBe("activity 0-6/7");
  });

  it("an admin sees the entries of their own account's users only (not a super admin's, not another account's)", async () => {
    const entries = (await list("admin", { filter: JANUARY })).json<ActivityEntry[]>();
    expect(keysOf(entries)).toEqual(["secondUser", "user", "manager", "admin"]);
    const lapis = (await list("pastDueAdmin", { filter: JANUARY })).json<ActivityEntry[]>();
    expect(keysOf(lapis)).toEqual(["lapis"]);
    // A filter naming someone outside the scope finds nothing.
    const outside = await list("admin", { filter: { ...JANUARY, actorId: U.superAdmin } });
    expect(totalOf(outside)).toBe(0);
  });

  it("a manager and a user see their own entries only", async () => {
    expect(keysOf((await list("manager", { filter: JANUARY })).json<ActivityEntry[]>())).toEqual(["manager"]);
    expect(keysOf((await list("user", { filter: JANUARY })).json<ActivityEntry[]>())).toEqual(["user"]);
    const others = await list("user", { filter: { ...JANUARY, actorId: U.admin } });
    expect(totalOf(others)).toBe(0);
  });

  it("refuses a caller without a token (401)", async () => {
    const response = await call(t, undefined, "GET", listUrl("activity"));
    expect(response.statusCode).toBe(401);
  });
});

describe("GET activity: entries, filters, paging", () => {
  it("answers who, what, which record and its page (null when the type has none or the record is gone)", async () => {
    const entries = (await list("superAdmin", { filter: JANUARY })).json<ActivityEntry[]>();
    const byKey = (key: Key) => entries.find((entry) => entry.id === ids[key])!;
    expect(byKey("admin")).toEqual({
      id: ids.admin,
      createdAt: "2020-01-02T10:00:00.000Z",
      actorId: U.admin,
      actorName: "Alice Morgan",
      action: "mark-lost",
      resource: "devices",
      recordId: SEED_DEVICE_IDS.londonSherlock,
      recordName: "London counter",
      link: `/devices/${SEED_DEVICE_IDS.londonSherlock}`,
      client: null,
    });
    expect(byKey("sa").link).toBe(`/accounts/${A.brilliantGems}`);
    expect(byKey("manager").link).toBe(`/users/${U.user}`);
    // A test that does not exist (any more): no page to open.
    expect(byKey("user").link).toBeNull();
    expect(byKey("user").recordName).toBeNull();
    const [system] = expectAnswer<ActivityEntry[]>(
      await list("superAdmin", { filter: { ...JANUARY, resource: "firmware" } }),
      CONTRACT.activity.unattributed,
    );
    expect(system).toMatchObject({ id: ids.system, actorId: null, actorName: null, recordName: null, link: null });
  });

  it("logs a real write and shows it to its actor first", async () => {
    const admin = await token("admin");
    const created = await call(t, await token("superAdmin"), "POST", "/api/devices", {
      serialNumber: "GT-ACTIVITY-1",
      typeCode: 6501,
      accountId: A.brilliantGems,
    });
    const device = created.json<Device>();
    const lost = await call(t, admin, "POST", `/api/devices/${device.id}/mark-lost`, { version: device.version });
    expect(lost.statusCode, lost.body).toBe(200);
    const [latest] = (await list("admin")).json<ActivityEntry[]>();
    expect(latest).toMatchObject({
      actorId: U.admin,
      action: "mark-lost",
      resource: "devices",
      recordId: device.id,
      link: `/devices/${device.id}`,
    });
  });

  it("filters by actor, record type, action, dates and q; sorts and pages", async () => {
    const sa = (filter: object, more: Parameters<typeof listUrl>[1] = {}) =>
      list("superAdmin", { ...more, filter: { ...JANUARY, ...filter } });
    expect(keysOf((await sa({ actorId: U.manager })).json())).toEqual(["manager"]);
    expect(keysOf((await sa({ resource: "devices" })).json())).toEqual(["secondUser", "admin"]);
    expect(keysOf((await sa({ action: "update" })).json())).toEqual(["lapis", "manager", "sa"]);
    expect(keysOf((await sa({ createdAt_gte: "2020-01-03", createdAt_lte: "2020-01-04T23:00:00Z" })).json())).toEqual([
      "user",
      "manager",
    ]);
    expect(keysOf((await sa({ q: "alice" })).json())).toEqual(["admin"]);
    // Emptied inputs send null or "": ignored.
    expect(totalOf(await sa({ action: "", resource: null }))).toBe(7);

    const first = await sa({}, { range: [0, 2] });
    expect(first.headers["content-range"]).toBe("activity 0-2/7");
    expect(keysOf(first.json())).toEqual(["system", "lapis", "secondUser"]);
    const last = await sa({}, { range: [6, 8] });
    expect(last.headers["content-range"]).toBe("activity 6-6/7");
    expect(keysOf(last.json())).toEqual(["sa"]);
    const oldest = await sa({}, { sort: ["createdAt", "ASC"], range: [0, 0] });
    expect(keysOf(oldest.json())).toEqual(["sa"]);
  });

  it("counts the total up to 1,000 entries: past it '*', while a next page exists", async () => {
    // 1,002 entries in February 2020 (the January ones stay apart).
    const FEBRUARY = { createdAt_gte: "2020-02-01T00:00:00Z", createdAt_lte: "2020-02-28T23:59:59Z" };
    await t.db.insert(activityLog).values(
      Array.from({ length: ACTIVITY_EXACT_TOTAL + 2 }, (_, n) => ({
        id: randomUUID(),
        actorId: U.admin,
        action: "update",
        resource: "devices",
        recordId: SEED_DEVICE_IDS.londonSherlock,
        changes: {},
        createdAt: new Date(Date.UTC(2020, 1, 1) + n * 60_000),
      })),
    );
    const page = (who: Who, range: [number, number]) => list(who, { filter: FEBRUARY, range });
    expect((await page("superAdmin", [0, 24])).headers["content-range"]).toBe("activity 0-24/*");
    // The last full page before the 1,001st entry: a next page exists, still uncounted.
    expect((await page("admin", [975, 999])).headers["content-range"]).toBe("activity 975-999/*");
    // Near the end, the count reaches the end: exact again.
    const last = await page("admin", [1000, 1024]);
    expect(last.headers["content-range"]).toBe("activity 1000-1001/1002");
    expect(last.json<ActivityEntry[]>()).toHaveLength(2);
    // A scope holding none of them is counted exactly.
    expect((await page("manager", [0, 24])).headers["content-range"]).toBe("activity */0");
  });

  it("refuses a bad filter, sort or range with 400, changing nothing", async () => {
    const sa = await token("superAdmin");
    const body = await expectRefused(t, () => call(t, sa, "GET", listUrl("activity", { filter: { who: "x" } })), 400);
    expect(body).toEqual(CONTRACT.activity.unknownFilter.body);
    for (const refused of [
      listUrl("activity", { filter: { createdAt_gte: "yesterday" } }),
      listUrl("activity", { filter: { resource: "planets" } }),
      listUrl("activity", { filter: { actorId: 7 } }),
      listUrl("activity", { sort: ["changes", "ASC"] }),
      listUrl("activity", { range: [0, 500] }),
      "/api/activity?filter=%7Bnot-json",
    ]) {
      await expectRefused(t, () => call(t, sa, "GET", refused), 400);
    }
  });
});
