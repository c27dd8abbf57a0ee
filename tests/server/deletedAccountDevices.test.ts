/**
 * Issue 24 item 6: a deleted account's devices are removed (docs/api.md "Lifecycle"), also those
 * another account's copied tests name. Those keep their row for the copies (a test shows the box it
 * was made with), but no list, page, picker, action or device-config call reaches them any more.
 * Seed: Brilliant Gems holds copies of Lapis Traders' tests made with Lapis's two Watson boxes (one
 * made at a Lapis location too). The same holds for the businesses such copies name.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, devices, tests } from "../../server/src/db/schema";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { deleteAccountData } from "../../server/src/lifecycle/deleteAccount";
import { createTestApp, type TestApp } from "./helpers";
import { A, tokens, type Who } from "./records";
import { call, listUrl } from "./resourceHelpers";

const D = SEED_DEVICE_IDS;
const KEPT = [D.lapisWatson, D.lapisWatsonAi];
let t: TestApp;
let token: (who: Who) => Promise<string>;
let copyId: string;
let serialNumber: string;

beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
  const [copy] = await t.db
    .select({ id: tests.id })
    .from(tests)
    .where(and(eq(tests.accountId, A.brilliantGems), eq(tests.deviceId, D.lapisWatson)))
    .limit(1);
  copyId = copy!.id;
  // Lost before the account goes: the lost-devices list must let it go too.
  await t.db.update(devices).set({ status: "lost" }).where(eq(devices.id, D.lapisWatson));
  [{ serialNumber }] = (await t.db
    .select({ serialNumber: devices.serialNumber })
    .from(devices)
    .where(eq(devices.id, D.lapisWatsonAi))) as [{ serialNumber: string }];
  // A copy made at one of Lapis's locations: that business keeps its row for the copy too.
  const [lapisBusiness] = await t.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.accountId, A.lapisTraders))
    .limit(1);
  await t.db.update(tests).set({ businessId: lapisBusiness!.id }).where(eq(tests.id, copyId));
  await t.db.transaction((tx) => deleteAccountData(tx, A.lapisTraders, "test"));
});
afterAll(() => t.close());

const idsOf = async (url: string) => {
  const response = await call(t, await token("superAdmin"), "GET", url);
  expect(response.statusCode, url).toBe(200);
  return response.json<{ id: string }[]>().map((row) => row.id);
};

describe("a deleted account's devices that copies name", () => {
  it("keep their rows, so the copies still show the box they were made with", async () => {
    const kept = await t.db.select({ id: devices.id }).from(devices).where(eq(devices.accountId, A.lapisTraders));
    expect(kept.map((row) => row.id).sort()).toEqual([...KEPT].sort());
    const copy = await call(t, await token("admin"), "GET", `/api/v3/tests/${copyId}`);
    expect(copy.statusCode).toBe(200);
    expect(copy.json<{ device: { name: string } }>().device.name).toBe("Showroom Watson");
  });

  it("are listed nowhere: devices (by any filter or search), lost devices", async () => {
    const listed = [
      ...(await idsOf(listUrl("devices", { range: [0, 99] }))),
      ...(await idsOf(listUrl("devices", { range: [0, 99], filter: { accountId: A.lapisTraders } }))),
      ...(await idsOf(listUrl("devices", { range: [0, 99], filter: { q: "Watson" } }))),
      ...(await idsOf(listUrl("lost-devices", { range: [0, 99] }))),
    ];
    for (const id of KEPT) expect(listed).not.toContain(id);
    // The list still lists others (the filter is not everything).
    expect(listed.length).toBeGreaterThan(0);
  });

  it("have no page and take no action: 404", async () => {
    const superAdmin = await token("superAdmin");
    for (const id of KEPT) {
      expect((await call(t, superAdmin, "GET", `/api/devices/${id}`)).statusCode).toBe(404);
      expect((await call(t, superAdmin, "GET", `/api/lost-devices/${id}`)).statusCode).toBe(404);
      expect((await call(t, superAdmin, "POST", `/api/devices/${id}/mark-lost`, { version: 1 })).statusCode).toBe(404);
      expect(
        (await call(t, superAdmin, "POST", `/api/devices/${id}/notify-owner`, { version: 1, notifyOwner: true }))
          .statusCode,
      ).toBe(404);
    }
    const config = await call(t, superAdmin, "GET", `/api/device-config?serialNumber=${serialNumber}`);
    expect(config.statusCode).toBe(404);
  });
});

describe("a deleted account's businesses that copies name", () => {
  it("are listed nowhere, found by no search and have no page", async () => {
    const kept = await t.db
      .select({ id: businesses.id, city: businesses.city })
      .from(businesses)
      .where(eq(businesses.accountId, A.lapisTraders));
    // The copies name Lapis's business: without a kept row this test would prove nothing.
    expect(kept.length).toBeGreaterThan(0);
    const listed = [
      ...(await idsOf(listUrl("businesses", { range: [0, 99] }))),
      ...(await idsOf(listUrl("businesses", { range: [0, 99], filter: { q: kept[0]!.city } }))),
      ...(await idsOf(listUrl("businesses", { range: [0, 99], filter: { accountId: A.lapisTraders } }))),
    ];
    expect(listed.length).toBeGreaterThan(0);
    const superAdmin = await token("superAdmin");
    for (const { id, city } of kept) {
      expect(listed).not.toContain(id);
      expect((await call(t, superAdmin, "GET", `/api/businesses/${id}`)).statusCode).toBe(404);
      const found = await call(t, superAdmin, "GET", `/api/search?q=${encodeURIComponent(city)}`);
      expect(found.statusCode).toBe(200);
      expect(found.json<{ results: { id: string }[] }>().results.map((result) => result.id)).not.toContain(id);
    }
  });
});
