import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GalleryItem } from "../../src/api/tests";
import { accounts, devices, tests } from "../../server/src/db/schema";
import { SEED_DEVICE_IDS, UNKNOWN_DEVICE_TYPE } from "../../server/src/db/seedTests";
import { CONTRACT, FORMATS } from "../fixtures/contract";
import type { Device } from "../../src/api/resources";
import { createTestApp, expectAnswer, type TestApp } from "./helpers";
import { call } from "./resourceHelpers";
import { A, B, get, insertTest, messageOf, tokens, U, type Who } from "./records";

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
});
afterAll(() => t.close());

interface Query {
  sort?: unknown;
  range?: unknown;
  filter?: unknown;
}
async function list(query: Query, who: Who = "admin") {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    params.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return get(t.app, `/api/tests?${params.toString()}`, await token(who));
}
const items = (response: Awaited<ReturnType<typeof list>>) => response.json<GalleryItem[]>();
const totalOf = (response: Awaited<ReturnType<typeof list>>) =>
  Number(String(response.headers["content-range"]).split("/").pop());

async function liveTestsOf(accountId?: string) {
  return t.db
    .select()
    .from(tests)
    .where(and(isNull(tests.deletedAt), accountId ? eq(tests.accountId, accountId) : undefined));
}

describe("GET /api/tests (the gallery)", () => {
  it("answers the first 10 of the caller's account, newest first, with Content-Range", async () => {
    const response = await list({});
    expect(response.statusCode).toBe(200);
    const expected = (await liveTestsOf(A.brilliantGems)).sort(
      (a, b) => b.date.getTime() - a.date.getTime() || b.id.localeCompare(a.id),
    );
    expect(expected.length).toBeGreaterThan(100);
    expect(items(response).map((item) => item.id)).toEqual(expected.slice(0, 10).map((test) => test.id));
    expect(response.headers["content-range"]).toBe(`tests 0-9/${expected.length}`);
    expect(response.headers["access-control-expose-headers"]).toBe("Content-Range");
  });

  it("answers each card's fields, with a signed thumbnail of the first run's Result photo", async () => {
    const [item] = items(await list({ sort: ["date", "DESC"], range: [0, 0] }));
    expect(Object.keys(item!).sort()).toEqual(
      [
        "account",
        "business",
        "customer",
        "date",
        "device",
        "id",
        "isCopied",
        "name",
        "sku",
        "thumbnail",
        "thumbnails",
        "vendorName",
      ].sort(),
    );
    expect(item!.account).toEqual({ id: A.brilliantGems, name: "Brilliant Gems Ltd" });
    expect(item!.thumbnail).toMatch(FORMATS.signedFileLink);
    const photo = await get(t.app, item!.thumbnail!);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/png");
  });

  it("gives a test without a Result photo a null thumbnail", async () => {
    // Fixture photos are Result then Luv; with none there is nothing to show.
    const bare = await insertTest(t.db, t.storage, {
      photos: 0,
      date: new Date("2001-01-01T00:00:00Z"),
      name: "Bare lot",
    });
    const [item] = items(await list({ filter: { q: "Bare lot" } }));
    expect(item).toMatchObject({ id: bare.id, thumbnail: null });
  });

  it("pages with range (inclusive) and keeps pages contiguous", async () => {
    const whole = items(await list({ range: [0, 19] }));
    const second = await list({ range: [10, 19] });
    expect(items(second).map((item) => item.id)).toEqual(whole.slice(10).map((item) => item.id));
    expect(second.headers["content-range"]).toMatch(/^tests 10-19\/\d+$/);
    const beyond = await list({ range: [5000, 5009] });
    expect(items(beyond)).toEqual([]);
    expect(beyond.headers["content-range"]).toBe(`tests */${totalOf(second)}`);
  });

  it("answers an empty list as the contract says: [] and Content-Range tests */0", async () => {
    const empty = CONTRACT.lists.emptyGallery;
    const response = await list({ filter: { q: "no test is called this" } });
    expect(expectAnswer(response, empty)).toEqual(empty.body);
    expect(response.headers["content-range"]).toBe(empty.headers["Content-Range"]);
    expect(response.headers["access-control-expose-headers"]).toBe(empty.headers["Access-Control-Expose-Headers"]);
  });

  it("sorts by name and by date, both ways", async () => {
    const byName = items(await list({ sort: ["name", "ASC"], range: [0, 49] })).map((item) => item.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const oldest = items(await list({ sort: ["date", "ASC"], range: [0, 4] }));
    const dates = oldest.map((item) => Date.parse(item.date));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    const newest = items(await list({ sort: ["date", "DESC"], range: [0, 0] }));
    expect(Date.parse(newest[0]!.date)).toBeGreaterThanOrEqual(dates[4]!);
  });

  it("scopes: a user sees only their account, a super admin every account", async () => {
    const user = await list({ range: [0, 99] }, "user");
    expect(new Set(items(user).map((item) => item.account.id))).toEqual(new Set([A.brilliantGems]));
    const everyone = await list({ range: [0, 0] }, "superAdmin");
    expect(totalOf(everyone)).toBe((await liveTestsOf()).length);
    const lapis = await list({ range: [0, 99] }, "pastDueAdmin");
    expect(totalOf(lapis)).toBe((await liveTestsOf(A.lapisTraders)).length);
  });

  it("leaves deleted tests out", async () => {
    const deleted = await insertTest(t.db, t.storage, { name: "Deleted zircon lot", deletedAt: new Date() });
    const response = await list({ filter: { q: "Deleted zircon" } });
    expect(items(response).map((item) => item.id)).not.toContain(deleted.id);
    expect(totalOf(response)).toBe(0);
  });

  it("lets a super admin narrow to one account, and others only to their own", async () => {
    const lapis = await list({ filter: { accountId: A.lapisTraders }, range: [0, 99] }, "superAdmin");
    expect(totalOf(lapis)).toBe((await liveTestsOf(A.lapisTraders)).length);
    expect(new Set(items(lapis).map((item) => item.account.id))).toEqual(new Set([A.lapisTraders]));
    const foreign = await list({ filter: { accountId: A.lapisTraders } }, "admin");
    expect(items(foreign)).toEqual([]);
    expect(totalOf(foreign)).toBe(0);
    const own = await list({ filter: { accountId: A.brilliantGems } }, "admin");
    expect(totalOf(own)).toBe((await liveTestsOf(A.brilliantGems)).length);
  });

  it("searches name, SKU, customer and vendor, case-insensitively, with LIKE characters taken literally", async () => {
    const named = await insertTest(t.db, t.storage, { name: "Quartzite Parcel" });
    const bySku = await insertTest(t.db, t.storage, { sku: "QUARTZ-100%" });
    const byCustomer = await insertTest(t.db, t.storage, { customer: "Mme Quartzière" });
    const byVendor = await insertTest(t.db, t.storage, { vendorName: "quartz_vendors" });
    const ids = async (q: string) =>
      items(await list({ filter: { q }, range: [0, 99] }))
        .map((item) => item.id)
        .sort();
    expect(await ids("QUARTZ")).toEqual([named.id, bySku.id, byCustomer.id, byVendor.id].sort());
    expect(await ids("100%")).toEqual([bySku.id]);
    expect(await ids("quartz_v")).toEqual([byVendor.id]);
    expect(await ids("x_")).toEqual([]); // unescaped, "_" would match the "xt" of "Fixture"
    expect(await ids("   ")).toHaveLength(100);
  });

  it("filters by device type, the unknown code included", async () => {
    const sherlock = await list({ filter: { deviceType: 4100 }, range: [0, 99] }, "superAdmin");
    expect(totalOf(sherlock)).toBeGreaterThan(0);
    expect(new Set(items(sherlock).map((item) => item.device.type))).toEqual(new Set([4100]));
    const unknown = await list({ filter: { deviceType: UNKNOWN_DEVICE_TYPE }, range: [0, 99] }, "superAdmin");
    const expected = await t.db
      .select({ id: tests.id })
      .from(tests)
      .innerJoin(devices, eq(devices.id, tests.deviceId))
      .where(and(eq(devices.typeCode, UNKNOWN_DEVICE_TYPE), isNull(tests.deletedAt)));
    expect(totalOf(unknown)).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
    expect(totalOf(await list({ filter: { deviceType: 4100 } }, "admin"))).toBeGreaterThan(0);
    expect(totalOf(await list({ filter: { deviceType: 1234 } }, "admin"))).toBe(0);
  });

  it("filters by the device's type as it is now: a test written, then its device's type changed", async () => {
    const superAdmin = await token("superAdmin");
    const created = await call(t, superAdmin, "POST", "/api/devices", {
      serialNumber: "GT-GALLERY-TYPE-1",
      typeCode: 4100,
      accountId: A.brilliantGems,
    });
    expect(created.statusCode, created.body).toBe(201);
    const device = created.json<Device>();
    const { id } = await insertTest(t.db, t.storage, { deviceId: device.id, name: "Type follows its device" });
    const ofType = async (deviceType: number) =>
      items(await list({ filter: { deviceType, q: "Type follows its device" } }, "superAdmin")).map((item) => item.id);
    expect(await ofType(4100)).toEqual([id]);
    const changed = await call(t, superAdmin, "PUT", `/api/devices/${device.id}`, {
      serialNumber: device.serialNumber,
      typeCode: 8501,
      accountId: device.accountId,
      version: device.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await ofType(4100)).toEqual([]);
    expect(await ofType(8501)).toEqual([id]);
    expect(items(await list({ filter: { q: "Type follows its device" } }, "superAdmin"))[0]?.device.type).toBe(8501);
  });

  it("filters by date, from and to both inclusive (whole UTC days)", async () => {
    const at = (iso: string) =>
      insertTest(t.db, t.storage, {
        date: new Date(iso),
        name: `Dated ${iso}`,
        deviceId: SEED_DEVICE_IDS.londonSherlockAi,
      });
    await at("1999-05-09T23:59:59Z");
    const first = await at("1999-05-10T00:00:00Z");
    const last = await at("1999-05-11T23:59:59Z");
    await at("1999-05-12T00:00:00Z");
    const response = await list({ filter: { from: "1999-05-10", to: "1999-05-11" }, sort: ["date", "ASC"] });
    expect(items(response).map((item) => item.id)).toEqual([first.id, last.id]);
    expect(totalOf(await list({ filter: { to: "1999-05-11" } }))).toBe(3 + 0);
    expect(totalOf(await list({ filter: { from: "1999-05-10", to: "1999-05-10", q: "Dated" } }))).toBe(1);
  });

  it("takes instants as bounds too, to included: the console's days in the reader's zone", async () => {
    const at = (iso: string) =>
      insertTest(t.db, t.storage, {
        date: new Date(iso),
        name: `Instant ${iso}`,
        deviceId: SEED_DEVICE_IDS.londonSherlockAi,
      });
    // November 30th 1998 in New York (UTC−5): 05:00 UTC to 04:59:59.999 UTC the next day.
    await at("1998-11-30T04:59:59.999Z");
    const first = await at("1998-11-30T05:00:00.000Z");
    const evening = await at("1998-12-01T01:23:00.000Z");
    const last = await at("1998-12-01T04:59:59.999Z");
    await at("1998-12-01T05:00:00.000Z");
    const newYork = { from: "1998-11-30T05:00:00.000Z", to: "1998-12-01T04:59:59.999Z" };
    const response = await list({ filter: newYork, sort: ["date", "ASC"] });
    expect(response.statusCode, response.body).toBe(200);
    expect(items(response).map((item) => item.id)).toEqual([first.id, evening.id, last.id]);
    // The same bounds written with their offset.
    const offsets = { from: "1998-11-30T00:00:00-05:00", to: "1998-11-30T23:59:59.999-05:00" };
    expect(items(await list({ filter: offsets, sort: ["date", "ASC"] })).map((item) => item.id)).toEqual([
      first.id,
      evening.id,
      last.id,
    ]);
    // A day alone is still a whole UTC day: the evening test is on December 1st there.
    const utc = await list({ filter: { from: "1998-12-01", to: "1998-12-01", q: "Instant" }, sort: ["date", "ASC"] });
    expect(items(utc).map((item) => item.name)).toEqual([
      "Instant 1998-12-01T01:23:00.000Z",
      "Instant 1998-12-01T04:59:59.999Z",
      "Instant 1998-12-01T05:00:00.000Z",
    ]);
  });

  it.each([
    [{ sort: "[date" }, "sort is not valid JSON"],
    [{ range: "0,9" }, "range is not valid JSON"],
    [{ filter: "{q:1}" }, "filter is not valid JSON"],
    [{ sort: ["price", "ASC"] }, /^sort must be/],
    [{ sort: ["date", "UP"] }, /^sort must be/],
    [{ range: [9, 0] }, /^range must be/],
    [{ range: [-1, 5] }, /^range must be/],
    [{ range: [0, 500] }, /at most 100/],
    [{ filter: [1] }, "filter must be a JSON object"],
    [{ filter: { colour: "red" } }, "filter.colour is not an allowed filter"],
    [{ filter: { deviceType: "big" } }, "filter.deviceType must be a whole number"],
    [
      { filter: { from: "2024-02-30" } },
      "filter.from must be a date (YYYY-MM-DD) or an instant (ISO 8601 with Z or an offset)",
    ],
    [
      { filter: { to: "yesterday" } },
      "filter.to must be a date (YYYY-MM-DD) or an instant (ISO 8601 with Z or an offset)",
    ],
    // A date-time without its zone does not say whose clock it is.
    [{ filter: { from: "2024-02-01T00:00:00" } }, /^filter\.from must be a date \(YYYY-MM-DD\) or an instant/],
    [{ filter: { to: "2024-02-30T00:00:00Z" } }, /^filter\.to must be a date \(YYYY-MM-DD\) or an instant/],
  ] as [Query, string | RegExp][])("answers 400 for %j", async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    if (typeof message === "string") expect(messageOf(response)).toBe(message);
    else expect(messageOf(response)).toMatch(message);
  });

  it("needs a token", async () => {
    expect((await get(t.app, "/api/tests")).statusCode).toBe(401);
  });

  it("counts a test of another business of the account for the whole account", async () => {
    const antwerp = await insertTest(t.db, t.storage, {
      businessId: B.brilliantAntwerp,
      createdBy: U.secondUser,
      name: "Antwerp only lot",
    });
    expect(items(await list({ filter: { q: "Antwerp only" } }, "user")).map((item) => item.id)).toEqual([antwerp.id]);
  });
});

describe("GET /api/tests/facets", () => {
  it("offers every account to a super admin", async () => {
    const response = await get(t.app, "/api/tests/facets", await token("superAdmin"));
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<{ accounts: { id: string }[] }>()
        .accounts.map((account) => account.id)
        .sort(),
    ).toEqual((await t.db.select({ id: accounts.id }).from(accounts)).map((account) => account.id).sort());
  });

  it("offers only their own account to everyone else", async () => {
    for (const who of ["admin", "manager", "user"] as const) {
      const response = await get(t.app, "/api/tests/facets", await token(who));
      expect(response.json()).toEqual({ accounts: [{ id: A.brilliantGems, name: "Brilliant Gems Ltd" }] });
    }
  });
});
