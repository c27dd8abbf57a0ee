/**
 * The role table of docs/api-resources.md, route by route: who passes the gate (any answer but
 * 401/403), who gets 403, and 401 without a token; then the scope rule (another account's record
 * answers 404). Writes are probed with bodies the validation refuses, and deletes with unknown
 * ids, so the whole table leaves the data as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../src/api/types";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { CONTRACT } from "../fixtures/contract";
import { createTestApp, expectAnswer, type TestApp } from "./helpers";
import { A, B, tokens, U, type Who } from "./records";
import { call, resourceState, type Method } from "./resourceHelpers";

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
  // Signing in writes (last sign-in, refresh tokens): do it before any "nothing changed" check.
  for (const who of ["superAdmin", "admin", "manager", "user"] as const) await token(who);
});
afterAll(() => t.close());

const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, "0")}`;
/** Seeded records of Brilliant Gems (the admin's, manager's and user's account) and of Lapis Traders. */
const OWN = {
  account: A.brilliantGems,
  business: B.brilliantLondon,
  user: U.secondUser,
  device: SEED_DEVICE_IDS.londonSherlock,
  payment: id("80000000", 200),
  subscription: id("70000000", 2),
};
const OTHER = {
  accounts: A.lapisTraders,
  businesses: B.lapisMain,
  users: U.pastDueAdmin,
  devices: SEED_DEVICE_IDS.lapisWatson,
  payments: id("80000000", 300),
  subscriptions: id("70000000", 3),
};
/** How the service names each in its "… not found." (the console shows it on the record's page). */
const LABELS: Record<keyof typeof OTHER, string> = {
  accounts: "Account",
  businesses: "Business",
  users: "User",
  devices: "Device",
  payments: "Payment",
  subscriptions: "Subscription",
};
const FIRMWARE = id("90000000", 1);
const DISCOUNT = id("91000000", 1);
const NOWHERE = "ffffffff-0000-4000-8000-000000000000";

const ALL: Role[] = ["SuperAdmin", "Admin", "Manager", "User"];
const SA: Role[] = ["SuperAdmin"];
const SA_A: Role[] = ["SuperAdmin", "Admin"];
const SA_A_M: Role[] = ["SuperAdmin", "Admin", "Manager"];

/** [method, url, roles let through]. Write bodies are {} (400 for whoever passes the gate). */
const ROUTES: [Method, string, Role[]][] = [
  ["GET", "/api/accounts", SA],
  ["GET", "/api/accounts/export.csv", SA],
  ["GET", `/api/accounts/${OWN.account}`, ALL],
  ["POST", "/api/accounts", SA],
  ["PUT", `/api/accounts/${OWN.account}`, SA],
  ["DELETE", `/api/accounts/${NOWHERE}`, SA],
  ["GET", "/api/account", ALL],
  ["PUT", "/api/account", ALL],
  ["GET", "/api/businesses", ALL],
  ["GET", "/api/businesses/export.csv", SA_A],
  ["GET", `/api/businesses/${OWN.business}`, ALL],
  ["POST", "/api/businesses", SA_A],
  ["PUT", `/api/businesses/${OWN.business}`, SA_A],
  ["DELETE", `/api/businesses/${NOWHERE}`, SA],
  ["GET", "/api/users", SA_A_M],
  ["GET", "/api/users/export.csv", SA],
  ["GET", `/api/users/${OWN.user}`, ALL],
  ["POST", "/api/users", SA],
  ["PUT", `/api/users/${OWN.user}`, ALL],
  ["DELETE", `/api/users/${NOWHERE}`, SA],
  ["POST", `/api/users/${OWN.user}/role`, SA_A],
  ["POST", `/api/users/${OWN.user}/disable`, SA_A],
  ["POST", `/api/users/${OWN.user}/enable`, SA_A],
  ["POST", "/api/invitations", SA_A],
  ["GET", "/api/devices", ALL],
  ["GET", "/api/devices/export.csv", SA_A],
  ["GET", `/api/devices/${OWN.device}`, ALL],
  ["POST", "/api/devices", SA],
  ["PUT", `/api/devices/${OWN.device}`, SA],
  ["DELETE", `/api/devices/${NOWHERE}`, SA],
  ["POST", `/api/devices/${OWN.device}/mark-lost`, SA_A],
  ["POST", `/api/devices/${OWN.device}/custom-name`, SA_A],
  ["GET", "/api/payments", SA_A],
  ["GET", "/api/payments/export.csv", SA_A],
  ["GET", `/api/payments/${OWN.payment}`, SA_A],
  ["POST", `/api/payments/${OWN.payment}/refund`, SA],
  ["GET", "/api/subscriptions", SA_A],
  ["GET", "/api/subscriptions/export.csv", SA],
  ["GET", `/api/subscriptions/${OWN.subscription}`, SA_A],
  ["POST", `/api/subscriptions/${OWN.subscription}/cancel`, SA_A],
  ["POST", `/api/subscriptions/${OWN.subscription}/resume`, SA_A],
  ["GET", "/api/firmware", SA],
  ["GET", "/api/firmware/export.csv", SA],
  ["GET", `/api/firmware/${FIRMWARE}`, SA],
  ["GET", `/api/firmware/${FIRMWARE}/file`, SA],
  ["POST", "/api/firmware", SA],
  ["PUT", `/api/firmware/${FIRMWARE}`, SA],
  ["DELETE", `/api/firmware/${NOWHERE}`, SA],
  ["GET", "/api/discounts", SA],
  ["GET", "/api/discounts/export.csv", SA],
  ["GET", `/api/discounts/${DISCOUNT}`, SA],
  ["POST", "/api/discounts", SA],
  ["PUT", `/api/discounts/${DISCOUNT}`, SA],
  ["DELETE", `/api/discounts/${NOWHERE}`, SA],
  ["GET", "/api/saved-queries?resource=accounts", SA],
  ["POST", "/api/saved-queries", SA],
  ["DELETE", `/api/saved-queries/${NOWHERE}`, SA],
  ["GET", "/api/bookmarks", SA],
  ["PUT", "/api/bookmarks", SA],
];

const WHO: Record<Role, Who> = { SuperAdmin: "superAdmin", Admin: "admin", Manager: "manager", User: "user" };

describe("the role table", () => {
  it("lets exactly the listed roles through every route, answers 403 to the others and 401 without a token, changing nothing", async () => {
    const before = await resourceState(t);
    const failures: string[] = [];
    for (const [method, url, allowed] of ROUTES) {
      const body = method === "POST" || method === "PUT" ? {} : undefined;
      const anonymous = await call(t, undefined, method, url, body);
      if (anonymous.statusCode !== 401) failures.push(`${method} ${url} without a token: ${anonymous.statusCode}`);
      for (const role of ALL) {
        const response = await call(t, await token(WHO[role]), method, url, body);
        const passed = response.statusCode !== 401 && response.statusCode !== 403;
        if (response.statusCode >= 500)
          failures.push(`${method} ${url} as ${role}: ${response.statusCode} ${response.body}`);
        if (passed !== allowed.includes(role))
          failures.push(`${method} ${url} as ${role}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        if (!passed && response.statusCode === 403)
          expect(response.json()).toEqual({ message: "You do not have permission to do this." });
        if (passed && method === "GET" && response.statusCode !== 200)
          failures.push(`${method} ${url} as ${role}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await resourceState(t)).toEqual(before);
  });

  it("answers 404 for another account's records to admins, managers and users (never 403), 200 to super admins", async () => {
    for (const [resource, recordId] of Object.entries(OTHER)) {
      for (const who of ["admin", "manager", "user"] as const) {
        const response = await call(t, await token(who), "GET", `/api/${resource}/${recordId}`);
        // Payments and subscriptions are closed to managers and users altogether (403 at the gate).
        const gated = (resource === "payments" || resource === "subscriptions") && who !== "admin";
        expect(response.statusCode, `${resource} as ${who}`).toBe(gated ? 403 : 404);
        if (!gated) expectAnswer(response, CONTRACT.record.notFound(LABELS[resource as keyof typeof OTHER]));
      }
      expect((await call(t, await token("superAdmin"), "GET", `/api/${resource}/${recordId}`)).statusCode).toBe(200);
    }
  });

  it("refuses another account's records to writes and actions with 404 too", async () => {
    const admin = await token("admin");
    const before = await resourceState(t);
    const cases: [Method, string, object][] = [
      [
        "PUT",
        `/api/businesses/${OTHER.businesses}`,
        { version: 1, name: "X", address: "1 Main St", city: "Leeds", country: "GB", phone: "" },
      ],
      ["POST", `/api/users/${OTHER.users}/disable`, { version: 1 }],
      ["POST", `/api/users/${OTHER.users}/role`, { version: 1, role: "User" }],
      ["PUT", `/api/users/${OTHER.users}`, { version: 1, firstName: "X", lastName: "Y" }],
      ["POST", `/api/devices/${OTHER.devices}/mark-lost`, { version: 1 }],
      ["POST", `/api/devices/${OTHER.devices}/custom-name`, { version: 1, customBoxName: "X" }],
      ["POST", `/api/subscriptions/${OTHER.subscriptions}/cancel`, { version: 1 }],
    ];
    for (const [method, url, body] of cases) {
      const response = await call(t, admin, method, url, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    expect(await resourceState(t)).toEqual(before);
  });

  it("limits lists to the caller's account, even when the filter names another", async () => {
    const admin = await token("admin");
    for (const resource of ["businesses", "users", "devices", "payments", "subscriptions"]) {
      const own = await call(t, admin, "GET", `/api/${resource}?range=[0,99]`);
      expect(own.statusCode).toBe(200);
      const rows = own.json<{ accountId: string }[]>();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.accountId === A.brilliantGems)).toBe(true);
      const other = await call(
        t,
        admin,
        "GET",
        `/api/${resource}?filter=${encodeURIComponent(JSON.stringify({ accountId: A.lapisTraders }))}`,
      );
      expect(other.json()).toEqual([]);
      expect(other.headers["content-range"]).toBe(`${resource} */0`);
    }
  });
});
