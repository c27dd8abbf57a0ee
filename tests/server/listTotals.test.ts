/**
 * Every resource list's total (Content-Range) is the number of rows the caller may see, counted
 * by the database independently here: the list counts in the page's own statement and over fewer
 * joins, and reads a later page's ids before its fields (resources/list.ts), which must change no
 * total, no scope, no page and no page past the end.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../server/src/resources/sql";
import { SEED_IDS } from "../../server/src/db/seed";
import { createTestApp, type TestApp } from "./helpers";
import { tokens, type Who } from "./records";
import { call, listUrl, totalOf } from "./resourceHelpers";

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
});
afterAll(() => t.close());

const ADMIN_ACCOUNT = SEED_IDS.accounts.brilliantGems;

/** The rows a count statement finds, counted by the database straight from the tables. */
const countOf = async (query: SQL) => Number((await rowsOf(t.db, sql`select (${query})::int as n`))[0]!.n);

/** Each list, who sees it, and the rows they see counted straight from the tables. */
const LISTS: Array<{ resource: string; who: Who; filter?: object; count: SQL }> = [
  { resource: "users", who: "superAdmin", count: sql`select count(*) from users where deleted_at is null` },
  {
    resource: "users",
    who: "admin",
    count: sql`select count(*) from users where deleted_at is null and account_id = ${ADMIN_ACCOUNT}`,
  },
  {
    resource: "users",
    who: "superAdmin",
    filter: { role: "Admin" },
    count: sql`select count(*) from users where deleted_at is null and role = 'Admin'`,
  },
  { resource: "devices", who: "superAdmin", count: sql`select count(*) from devices` },
  { resource: "devices", who: "admin", count: sql`select count(*) from devices where account_id = ${ADMIN_ACCOUNT}` },
  { resource: "businesses", who: "superAdmin", count: sql`select count(*) from businesses` },
  { resource: "payments", who: "superAdmin", count: sql`select count(*) from payments` },
  { resource: "payments", who: "admin", count: sql`select count(*) from payments where account_id = ${ADMIN_ACCOUNT}` },
  { resource: "subscriptions", who: "superAdmin", count: sql`select count(*) from subscriptions` },
  { resource: "firmware", who: "superAdmin", count: sql`select count(*) from firmware` },
  { resource: "discounts", who: "superAdmin", count: sql`select count(*) from discounts` },
  { resource: "accounts", who: "superAdmin", count: sql`select count(*) from accounts where status <> 'deleted'` },
  { resource: "lost-devices", who: "superAdmin", count: sql`select count(*) from devices where status = 'lost'` },
  { resource: "scheduled-actions", who: "superAdmin", count: sql`select count(*) from scheduled_actions` },
  // The gallery counts in its page's statement too (testRecords/gallery.ts).
  { resource: "tests", who: "superAdmin", count: sql`select count(*) from tests where deleted_at is null` },
  {
    resource: "tests",
    who: "admin",
    count: sql`select count(*) from tests where deleted_at is null and account_id = ${ADMIN_ACCOUNT}`,
  },
  {
    resource: "tests",
    who: "superAdmin",
    filter: { deviceType: 1 },
    count: sql`select count(*) from tests t join devices d on d.id = t.device_id where t.deleted_at is null and d.type_code = 1`,
  },
];

describe("list totals", () => {
  for (const { resource, who, filter, count } of LISTS) {
    it(`${resource} as ${who}${filter ? ` filtered by ${JSON.stringify(filter)}` : ""}: the total, the page and past the end`, async () => {
      const expected = await countOf(count);
      const bearerToken = await token(who);

      const first = await call(t, bearerToken, "GET", listUrl(resource, { range: [0, 9], filter }));
      expect(first.statusCode).toBe(200);
      expect(totalOf(first)).toBe(expected);
      const page = first.json<Array<Record<string, unknown>>>();
      expect(page).toHaveLength(Math.min(10, expected));
      for (const record of page) expect(Object.keys(record).some((key) => key.startsWith("__"))).toBe(false);

      // A later page (its ids found first, then its fields read) is the same slice of the list.
      if (expected > 4) {
        const later = await call(t, bearerToken, "GET", listUrl(resource, { range: [3, 7], filter }));
        expect(later.json()).toEqual(page.slice(3, 8));
        expect(totalOf(later)).toBe(expected);
      }

      // A page past the end has no row to carry the total: it is counted on its own.
      const past = await call(t, bearerToken, "GET", listUrl(resource, { range: [expected, expected + 9], filter }));
      expect(past.statusCode).toBe(200);
      expect(past.json()).toEqual([]);
      expect(past.headers["content-range"]).toBe(`${resource} */${expected}`);
    });
  }
});

/**
 * On the embedded database a list's total is remembered until the data changes
 * (db/readCache.ts): after each change below the same list, asked again, counts again.
 */
describe("a list's total after a change", () => {
  it("counts a user created, then deleted, through the API", async () => {
    const bearerToken = await token("superAdmin");
    const url = listUrl("users", { range: [0, 9] });
    const before = totalOf(await call(t, bearerToken, "GET", url));
    expect(totalOf(await call(t, bearerToken, "GET", url))).toBe(before);

    const created = await call(t, bearerToken, "POST", "/api/users", {
      firstName: "Remy",
      lastName: "Counted",
      email: "remy.counted@example.com",
      role: "User",
      accountId: ADMIN_ACCOUNT,
      businessId: SEED_IDS.businesses.brilliantLondon,
    });
    expect(created.statusCode).toBe(201);
    expect(totalOf(await call(t, bearerToken, "GET", url))).toBe(before + 1);

    const { id } = created.json<{ id: string }>();
    // Deleting a user asks the password again first (spec §6).
    expect((await call(t, bearerToken, "DELETE", `/api/users/${id}`)).statusCode).toBe(403);
    expect(totalOf(await call(t, bearerToken, "GET", url))).toBe(before + 1);
    await call(t, bearerToken, "POST", "/api/users/password/check", { password: "demo1234" });
    expect((await call(t, bearerToken, "DELETE", `/api/users/${id}`)).statusCode).toBe(200);
    expect(totalOf(await call(t, bearerToken, "GET", url))).toBe(before);
  });

  it("counts a test deleted inside a transaction, and restored by a plain statement", async () => {
    const bearerToken = await token("admin");
    const url = listUrl("tests", { range: [0, 9] });
    const live = sql`select count(*) from tests where deleted_at is null and account_id = ${ADMIN_ACCOUNT}`;
    const before = totalOf(await call(t, bearerToken, "GET", url));
    expect(before).toBe(await countOf(live));
    const [{ id }] = (await rowsOf(
      t.db,
      sql`select id from tests where deleted_at is null and account_id = ${ADMIN_ACCOUNT} limit 1`,
    )) as [{ id: string }];

    await t.db.transaction((tx) => tx.execute(sql`update tests set deleted_at = now() where id = ${id}`));
    expect(totalOf(await call(t, bearerToken, "GET", url))).toBe(before - 1);
    await t.db.execute(sql`update tests set deleted_at = null where id = ${id}`);
    expect(totalOf(await call(t, bearerToken, "GET", url))).toBe(before);
  });
});
