/** Top Phones Used (docs/api-resources.md "Phones"): super admins only, counts, periods, params. */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PhoneModelUsage, PhoneUsage } from "../../src/api/phones";
import { weekOf } from "../../src/api/phones";
import { accounts, devices, tests } from "../../server/src/db/schema";
import { CONTRACT } from "../fixtures/contract";
import { createTestApp, expectAnswer, tablesDigest, type TestApp } from "./helpers";
import { A, B, get, insertTest, messageOf, tokens, type Who } from "./records";

let t: TestApp;
let token: (who: Who) => Promise<string>;
const DAY = 86_400_000;
// A brand and model of our own (with a slash and spaces: the path segments are URL-encoded).
const BRAND = "Testphone Co";
const MODEL = "Model X/2 Pro";
const path = (brand = BRAND, model = MODEL) => `/api/phones/model?${new URLSearchParams({ brand, model }).toString()}`;
const device = { london: randomUUID(), antwerp: randomUUID(), lapis: randomUUID(), unused: randomUUID() };

async function addDevice(id: string, accountId: string, businessId: string, phoneOs: string | null, model = MODEL) {
  await t.db.insert(devices).values({
    id,
    serialNumber: `PH-${id.slice(0, 8)}`,
    typeCode: 5001,
    name: "",
    accountId,
    businessId,
    phoneBrand: BRAND,
    phoneModel: model,
    phoneOs,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
  await addDevice(device.london, A.brilliantGems, B.brilliantLondon, "Android 15");
  await addDevice(device.antwerp, A.brilliantGems, B.brilliantAntwerp, "Android 14");
  await addDevice(device.lapis, A.lapisTraders, B.lapisMain, null);
  await addDevice(device.unused, A.lapisTraders, B.lapisMain, "Android 15", "Model Unused");
  const now = Date.now();
  const add = (deviceId: string, accountId: string, businessId: string, daysAgo: number, extra = {}) =>
    insertTest(t.db, t.storage, {
      deviceId,
      accountId,
      businessId,
      date: new Date(now - daysAgo * DAY),
      photos: 0,
      ...extra,
    });
  // Within 7 days: 3 tests (2 devices, 1 account). 6.9 and 7.1 days ago straddle the boundary.
  await add(device.london, A.brilliantGems, B.brilliantLondon, 0.1);
  await add(device.london, A.brilliantGems, B.brilliantLondon, 6.9);
  await add(device.antwerp, A.brilliantGems, B.brilliantAntwerp, 2);
  await add(device.antwerp, A.brilliantGems, B.brilliantAntwerp, 7.1);
  // Within 30 days: + the one above and 2 of Lapis (an OS-less device).
  await add(device.lapis, A.lapisTraders, B.lapisMain, 20);
  await add(device.lapis, A.lapisTraders, B.lapisMain, 29.9);
  // Older: 200 days (within a year), 500 days (all time only).
  await add(device.lapis, A.lapisTraders, B.lapisMain, 200);
  await add(device.london, A.brilliantGems, B.brilliantLondon, 500);
  // Never counted: deleted, and a copy.
  await add(device.london, A.brilliantGems, B.brilliantLondon, 1, { deletedAt: new Date() });
  const copy = await add(device.london, A.brilliantGems, B.brilliantLondon, 1);
  const { eq } = await import("drizzle-orm");
  await t.db.update(tests).set({ isCopied: true }).where(eq(tests.id, copy.id));
});
afterAll(() => t.close());

async function ranking(query: Record<string, unknown> = {}, who: Who = "superAdmin") {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, JSON.stringify(value));
  return get(t.app, `/api/phones?${params.toString()}`, await token(who));
}
const ours = (rows: PhoneUsage[]) => rows.find((row) => row.brand === BRAND && row.model === MODEL);

describe("GET /api/phones (the ranking)", () => {
  it("answers the contract's shape, ranked by tests, with the model count in Content-Range", async () => {
    const response = await ranking({ filter: { period: "all" }, range: [0, 99] });
    const rows = expectAnswer<PhoneUsage[]>(response, CONTRACT.phones.list);
    const total = Number(String(response.headers["content-range"]).split("/").pop());
    expect(total).toBe(rows.length);
    expect(rows.map((row) => row.tests)).toEqual([...rows.map((row) => row.tests)].sort((a, b) => b - a));
    // The demo data has phones of several brands and models (the screen has something to show).
    expect(new Set(rows.map((row) => row.brand)).size).toBeGreaterThanOrEqual(4);
    const shares = rows.reduce((sum, row) => sum + row.share, 0);
    expect(shares).toBeGreaterThan(99.4);
    expect(shares).toBeLessThan(100.6);
    expect(ours(rows)).toMatchObject({
      id: `${encodeURIComponent(BRAND)}/${encodeURIComponent(MODEL)}`,
      tests: 8,
      devices: 3,
      accounts: 2,
    });
    // A model whose devices made no tests is not in the ranking.
    expect(rows.find((row) => row.model === "Model Unused")).toBeUndefined();
  });

  it("counts tests, devices and accounts within each period's boundary", async () => {
    const expected: Record<string, [number, number, number]> = {
      "7d": [3, 2, 1],
      "30d": [6, 3, 2],
      "90d": [6, 3, 2],
      "1y": [7, 3, 2],
      all: [8, 3, 2],
    };
    for (const [period, [tests, deviceCount, accountCount]] of Object.entries(expected)) {
      const rows = (await ranking({ filter: { period }, range: [0, 99] })).json<PhoneUsage[]>();
      expect(ours(rows), period).toMatchObject({ tests, devices: deviceCount, accounts: accountCount });
      const all = rows.reduce((sum, row) => sum + row.tests, 0);
      expect(ours(rows)!.share, period).toBe(Math.round((tests * 1000) / all) / 10);
    }
  });

  it("defaults to the last 30 days, and sorts and pages", async () => {
    const byDefault = (await ranking({ range: [0, 99] })).json<PhoneUsage[]>();
    expect(ours(byDefault)?.tests).toBe(6);
    const byBrand = await ranking({ sort: ["brand", "ASC"], range: [0, 1], filter: { period: "all" } });
    const page = byBrand.json<PhoneUsage[]>();
    expect(page).toHaveLength(2);
    expect(page[0]!.brand <= page[1]!.brand).toBe(true);
    expect(byBrand.headers["content-range"]).toMatch(/^phones 0-1\/\d+$/);
  });

  it("refuses bad parameters with a 400 naming them", async () => {
    expectAnswer(await ranking({ filter: { period: "2w" } }), CONTRACT.phones.badPeriod);
    expect(messageOf(await ranking({ filter: { account: "x" } }))).toBe(
      "filter: account is not a filter of this list (only period)",
    );
    expect((await ranking({ sort: ["share", "DESC"] })).statusCode).toBe(400);
    expect((await ranking({ range: [0, 500] })).statusCode).toBe(400);
    const notJson = await get(t.app, "/api/phones?filter={period", await token("superAdmin"));
    expect(notJson.statusCode).toBe(400);
  });
});

describe("GET /api/phones/model?brand&model (one model)", () => {
  it("answers the contract's shape: weeks, OS versions, accounts, devices, latest tests", async () => {
    const body = expectAnswer<PhoneModelUsage>(
      await get(t.app, `${path()}&period=30d`, await token("superAdmin")),
      CONTRACT.phones.model,
    );
    expect(body).toMatchObject({
      brand: BRAND,
      model: MODEL,
      period: "30d",
      totals: { tests: 6, devices: 3, accounts: 2 },
    });
    expect(body.weeks.reduce((sum, week) => sum + week.tests, 0)).toBe(6);
    expect(body.weeks[0]!.week).toBe(weekOf(new Date(body.from!)));
    expect(body.weeks.at(-1)!.week).toBe(weekOf(new Date(body.to)));
    expect(body.osVersions).toEqual([
      { os: "Android 14", tests: 2, devices: 1 },
      { os: "Android 15", tests: 2, devices: 1 },
      { os: null, tests: 2, devices: 1 },
    ]);
    expect(body.accounts.map((account) => [account.id, account.tests, account.devices])).toEqual([
      [A.brilliantGems, 4, 2],
      [A.lapisTraders, 2, 1],
    ]);
    expect(body.devices.map((d) => d.id).sort()).toEqual([device.london, device.antwerp, device.lapis].sort());
    expect(body.latestTests).toHaveLength(6);
    expect(body.latestTests.map((test) => test.date)).toEqual(
      [...body.latestTests.map((test) => test.date)].sort().reverse(),
    );
  });

  it("defaults to 30 days; all time starts at the first test", async () => {
    const byDefault = (await get(t.app, path(), await token("superAdmin"))).json<PhoneModelUsage>();
    expect(byDefault.period).toBe("30d");
    const all = (await get(t.app, `${path()}&period=all`, await token("superAdmin"))).json<PhoneModelUsage>();
    expect(all.from).toBeNull();
    expect(all.totals.tests).toBe(8);
    expect(all.weeks[0]!.week).toBe(weekOf(new Date(Date.now() - 500 * DAY)));
    expect(all.weeks.reduce((sum, week) => sum + week.tests, 0)).toBe(8);
  });

  it("answers zeros for a known model without tests in the period, 404 for an unknown one", async () => {
    const unused = (
      await get(t.app, `${path(BRAND, "Model Unused")}&period=7d`, await token("superAdmin"))
    ).json<PhoneModelUsage>();
    expect(unused.totals).toEqual({ tests: 0, devices: 0, accounts: 0 });
    expect(unused.weeks.every((week) => week.tests === 0)).toBe(true);
    expect(unused.accounts).toEqual([]);
    const unusedAll = (
      await get(t.app, `${path(BRAND, "Model Unused")}&period=all`, await token("superAdmin"))
    ).json<PhoneModelUsage>();
    expect(unusedAll.weeks).toEqual([]);
    expectAnswer(await get(t.app, path(BRAND, "No Such Model"), await token("superAdmin")), CONTRACT.phones.notFound);
  });

  it("refuses bad parameters with a 400", async () => {
    const badPeriod = await get(t.app, `${path()}&period=week`, await token("superAdmin"));
    expect(badPeriod.statusCode).toBe(400);
    expect(messageOf(badPeriod)).toMatch(/period/);
    const tooLong = await get(t.app, path("B".repeat(101)), await token("superAdmin"));
    expect(tooLong.statusCode).toBe(400);
    expect(messageOf(tooLong)).toMatch(/brand/);
    expect((await get(t.app, "/api/phones/model?brand=Apple", await token("superAdmin"))).statusCode).toBe(400);
    const extra = await get(t.app, `${path()}&foo=1`, await token("superAdmin"));
    expect(extra.statusCode).toBe(400);
  });
});

describe("access", () => {
  it("refuses everyone but super admins, changing nothing", async () => {
    const before = await tablesDigest(t.db, [tests, devices, accounts]);
    for (const who of ["admin", "manager", "user"] as const) {
      expectAnswer(await ranking({}, who), CONTRACT.phones.forbidden);
      expectAnswer(await get(t.app, path(), await token(who)), CONTRACT.phones.forbidden);
    }
    expect((await get(t.app, "/api/phones")).statusCode).toBe(401);
    expect((await get(t.app, path())).statusCode).toBe(401);
    expect(await tablesDigest(t.db, [tests, devices, accounts])).toEqual(before);
  });
});
