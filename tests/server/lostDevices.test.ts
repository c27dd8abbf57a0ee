/**
 * Lost devices (docs/api-resources.md "Lost devices"): GET lost-devices for super admins only
 * (the list: who marked each device lost and when, from the activity log; its last test; filters,
 * sort, paging) and POST devices/{id}/mark-found (super admins only, versioned, logged). Every
 * refusal leaves the data as it was.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Device } from "../../src/api/resources";
import type { LostDevice } from "../../src/api/lostDevices";
import { CONTRACT } from "../fixtures/contract";
import { devices } from "../../server/src/db/schema";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { createTestApp, expectAnswer, type TestApp } from "./helpers";
import { A, insertTest, tokens, U, type Who } from "./records";
import { activityOf, call, expectRefused, listUrl, resourceState, totalOf } from "./resourceHelpers";

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
  for (const who of ["superAdmin", "admin", "manager", "user"] as const) await token(who);
});
afterAll(() => t.close());

const as = async (who: Who) => {
  const bearerToken = await token(who);
  return {
    get: (url: string) => call(t, bearerToken, "GET", url),
    post: (url: string, body?: unknown) => call(t, bearerToken, "POST", url, body ?? {}),
  };
};

const deviceOf = async (id: string) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!;

/** A new active device of the account, registered by the super admin. */
async function registerDevice(serialNumber: string, typeCode: number, accountId: string): Promise<Device> {
  const sa = await as("superAdmin");
  const created = await sa.post("/api/devices", { serialNumber, typeCode, accountId });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Device>();
}

async function markLost(who: Who, device: { id: string; version: number }): Promise<Device> {
  const response = await (await as(who)).post(`/api/devices/${device.id}/mark-lost`, { version: device.version });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Device>();
}

describe("GET lost-devices", () => {
  it("answers super admins only: 403 for every other role, on every route, and nothing changes", async () => {
    // A lost device of the admin's own account: admins mark lost, but only super admins mark found.
    const device = await markLost("superAdmin", await deviceOf(SEED_DEVICE_IDS.antwerpBigSherlock));
    for (const who of ["admin", "manager", "user"] as const) {
      const caller = await as(who);
      for (const send of [
        () => caller.get(listUrl("lost-devices")),
        () => caller.get("/api/lost-devices/export.csv"),
        () => caller.get(`/api/lost-devices/${device.id}`),
        () => caller.post(`/api/devices/${device.id}/mark-found`, { version: device.version }),
      ]) {
        const body = await expectRefused(t, send, 403);
        expect(body).toEqual(CONTRACT.lostDevices.forbidden.body);
      }
    }
    expect((await call(t, undefined, "GET", listUrl("lost-devices"))).statusCode).toBe(401);
  });

  it("lists a device marked lost with who marked it and when, and its last test (not a deleted one)", async () => {
    const before = Date.now();
    const device = await markLost("admin", await deviceOf(SEED_DEVICE_IDS.londonSherlock));
    const latest = await insertTest(t.db, t.storage, {
      deviceId: device.id,
      name: "Latest with the counter",
      date: new Date("2030-01-02T03:04:05.000Z"),
      photos: 0,
    });
    await insertTest(t.db, t.storage, {
      deviceId: device.id,
      name: "Deleted later one",
      date: new Date("2030-02-01T00:00:00.000Z"),
      deletedAt: new Date(),
      photos: 0,
    });

    const sa = await as("superAdmin");
    const response = await sa.get(listUrl("lost-devices", { filter: { accountId: A.brilliantGems } }));
    const rows = expectAnswer<LostDevice[]>(response, CONTRACT.lostDevices.list);
    const row = rows.find((item) => item.id === device.id)!;
    expect(row).toMatchObject({
      version: device.version,
      serialNumber: device.serialNumber,
      typeCode: 4100,
      customBoxName: "London counter",
      accountId: A.brilliantGems,
      accountName: "Brilliant Gems Ltd",
      lostById: U.admin,
      lostByName: "Alice Morgan",
      lastTestId: latest.id,
      lastTestName: "Latest with the counter",
      lastTestDate: "2030-01-02T03:04:05.000Z",
    });
    expect(Date.parse(row.lostAt!)).toBeGreaterThanOrEqual(before - 1000);

    const one = await sa.get(`/api/lost-devices/${device.id}`);
    expect(one.json<LostDevice>()).toEqual(row);
    // An active device is not a lost device.
    const active = await sa.get(`/api/lost-devices/${SEED_DEVICE_IDS.londonSherlockAi}`);
    expect(active.statusCode).toBe(404);
  });

  it("answers nulls, not missing fields, for a device lost before the log that made no test", async () => {
    const device = await registerDevice("GT-LOST-NOLOG", 6501, A.obsidian);
    await t.db.update(devices).set({ status: "lost" }).where(eq(devices.id, device.id));
    const response = await (await as("superAdmin")).get(listUrl("lost-devices", { filter: { id: [device.id] } }));
    const rows = expectAnswer<LostDevice[]>(response, CONTRACT.lostDevices.unrecorded);
    expect(rows).toEqual([
      expect.objectContaining({ id: device.id, lostAt: null, lostById: null, lostByName: null, lastTestId: null }),
    ]);
  });

  it("shows only lost devices, filters by account and device type, sorts and pages", async () => {
    const sa = await as("superAdmin");
    const ours: Device[] = [];
    for (const serial of ["GT-LOST-C", "GT-LOST-A", "GT-LOST-B"]) {
      ours.push(await markLost("superAdmin", await registerDevice(serial, 8501, A.lapisTraders)));
    }
    await registerDevice("GT-STILL-ACTIVE", 8501, A.lapisTraders);
    await markLost("superAdmin", await registerDevice("GT-LOST-OTHER-TYPE", 5001, A.lapisTraders));

    const all = await sa.get(listUrl("lost-devices", { range: [0, 99] }));
    expect(all.statusCode).toBe(200);
    const everyLost = all.json<LostDevice[]>();
    const statuses = await Promise.all(everyLost.map(async (row) => (await deviceOf(row.id)).status));
    expect(new Set(statuses)).toEqual(new Set(["lost"]));
    expect(totalOf(all)).toBe(everyLost.length);
    // Default sort: the latest marked lost first, those with no entry last.
    const lostAts = everyLost.map((row) => row.lostAt);
    const recorded = lostAts.filter((at) => at !== null);
    expect(lostAts.slice(0, recorded.length)).toEqual(recorded);
    expect([...recorded].sort().reverse()).toEqual(recorded);
    expect(everyLost[0]!.serialNumber).toBe("GT-LOST-OTHER-TYPE");

    const filter = { accountId: A.lapisTraders, typeCode: 8501 };
    const first = await sa.get(listUrl("lost-devices", { filter, sort: ["serialNumber", "ASC"], range: [0, 1] }));
    expect(first.headers["content-range"]).toBe("lost-devices 0-1/3");
    expect(first.json<LostDevice[]>().map((row) => row.serialNumber)).toEqual(["GT-LOST-A", "GT-LOST-B"]);
    const second = await sa.get(listUrl("lost-devices", { filter, sort: ["serialNumber", "ASC"], range: [2, 3] }));
    expect(second.headers["content-range"]).toBe("lost-devices 2-2/3");
    expect(second.json<LostDevice[]>().map((row) => row.serialNumber)).toEqual(["GT-LOST-C"]);
    // Select inputs send the type as a string: the same filter.
    const asText = await sa.get(listUrl("lost-devices", { filter: { ...filter, typeCode: "8501" } }));
    expect(totalOf(asText)).toBe(3);
    const search = await sa.get(listUrl("lost-devices", { filter: { q: "lost-b" } }));
    expect(search.json<LostDevice[]>().map((row) => row.id)).toEqual([ours[2]!.id]);

    const byAccount = await sa.get(listUrl("lost-devices", { sort: ["accountName", "DESC"], range: [0, 99] }));
    const names = byAccount.json<LostDevice[]>().map((row) => row.accountName);
    expect([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual(names);

    for (const refused of [
      listUrl("lost-devices", { filter: { status: "active" } }),
      listUrl("lost-devices", { sort: ["lastSeenAt", "ASC"] }),
      listUrl("lost-devices", { filter: { typeCode: "many" } }),
      listUrl("lost-devices", { range: [0, 500] }),
    ]) {
      const response = await sa.get(refused);
      expect(response.statusCode, refused).toBe(400);
    }
  });
});

describe("POST devices/{id}/mark-found", () => {
  it("gives the device back to its account: active, versioned (409 when stale), logged, off the list", async () => {
    const sa = await as("superAdmin");
    const lost = await markLost("superAdmin", await registerDevice("GT-FOUND-1", 6501, A.obsidian));

    const stale = await expectRefused(
      t,
      () => sa.post(`/api/devices/${lost.id}/mark-found`, { version: lost.version - 1 }),
      409,
    );
    expect(stale).toMatchObject(CONTRACT.lostDevices.markFound.stale.body);
    await expectRefused(t, () => sa.post(`/api/devices/${lost.id}/mark-found`, {}), 400, "version");

    const before = await resourceState(t);
    const found = await sa.post(`/api/devices/${lost.id}/mark-found`, { version: lost.version });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<Device>()).toMatchObject({ id: lost.id, status: "active", version: lost.version + 1 });
    expect(await resourceState(t)).not.toEqual(before);

    const entries = await activityOf(t, "devices", lost.id);
    expect(entries.map((entry) => entry.action)).toEqual(["create", "mark-lost", "mark-found"]);
    expect(entries.at(-1)).toMatchObject({ actorId: U.superAdmin, changes: { status: ["lost", "active"] } });

    const list = await sa.get(listUrl("lost-devices", { filter: { id: [lost.id] } }));
    expect(totalOf(list)).toBe(0);

    const again = await sa.post(`/api/devices/${lost.id}/mark-found`, { version: lost.version + 1 });
    expectAnswer(again, CONTRACT.lostDevices.markFound.notLost);
    expect((await deviceOf(lost.id)).version).toBe(lost.version + 1);
  });
});

describe("DELETE devices/{id} of a device with tests", () => {
  it("is refused, offering to mark it lost only while it is not lost already", async () => {
    const bearer = await token("superAdmin");
    const remove = (id: string) => call(t, bearer, "DELETE", `/api/devices/${id}`);
    // Not the devices the tests above mark lost or found.
    const device = await deviceOf(SEED_DEVICE_IDS.labWatson);
    expect(device.status).toBe("active");
    // The record says so, for the console to offer no Delete; a device no test names says it has none.
    const sa = await as("superAdmin");
    expect((await sa.get(`/api/devices/${device.id}`)).json<Device>().hasTests).toBe(true);
    const fresh = await registerDevice("SN-NO-TESTS-1", 5001, A.brilliantGems);
    expect(fresh.hasTests).toBe(false);
    expect(
      (await sa.get(listUrl("devices", { filter: { id: [fresh.id, device.id] } })))
        .json<Device[]>()
        .map((row) => [row.id, row.hasTests])
        .sort(),
    ).toEqual(
      [
        [device.id, true],
        [fresh.id, false],
      ].sort(),
    );
    expect((await call(t, bearer, "DELETE", `/api/devices/${fresh.id}`)).statusCode).toBe(200);
    expect(await expectRefused(t, () => remove(device.id), 422)).toMatchObject({
      message: "This device has test records and cannot be deleted; mark it lost instead.",
    });
    const lost = await markLost("superAdmin", device);
    expect(await expectRefused(t, () => remove(lost.id), 422)).toMatchObject({
      message: "This device has test records and cannot be deleted.",
    });
  });
});
