/**
 * Issue 26 item 11: a device is registered with its location. POST devices takes a business of
 * the device's account and answers it by name; another account's business is refused on its
 * field, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Device } from "../../src/api/resources";
import { createTestApp, type TestApp } from "./helpers";
import { A, B, tokens, type Who } from "./records";
import { call, expectRefused } from "./resourceHelpers";

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
});
afterAll(() => t.close());

const register = async (body: Record<string, unknown>) =>
  call(t, await token("superAdmin"), "POST", "/api/devices", {
    serialNumber: "GT-LOCATED-1",
    typeCode: 6501,
    accountId: A.brilliantGems,
    ...body,
  });

describe("registering a device at a business (issue 26 item 11)", () => {
  it("keeps the business picked with the device, and reads it back by name", async () => {
    const created = await register({ businessId: B.brilliantAntwerp });
    expect(created.statusCode, created.body).toBe(201);
    const device = created.json<Device>();
    expect(device).toMatchObject({ accountId: A.brilliantGems, businessId: B.brilliantAntwerp });
    expect(device.businessName).toEqual(expect.any(String));
    const read = await call(t, await token("superAdmin"), "GET", `/api/devices/${device.id}`);
    expect(read.json<Device>()).toMatchObject({ businessId: B.brilliantAntwerp, businessName: device.businessName });
  });

  it("refuses a business of another account on its field, writing nothing", async () => {
    const body = await expectRefused(
      t,
      () => register({ serialNumber: "GT-LOCATED-2", businessId: B.obsidianMain }),
      422,
      "businessId",
    );
    expect(body.errors).toEqual({ businessId: "Choose a business of this account." });
  });
});
