/**
 * The accounts list's counts (businesses, live users, devices, live tests) are kept by the database
 * as rows change (schema.ts accountCounts, migration 0019's triggers), not counted on each request:
 * held here to the rows counted straight from the tables after every kind of write — one row and
 * many in a statement, a soft delete and its undoing, a row moved to another account, a change to
 * another column, a delete, an account deleted with its rows — and shown as kept by the accounts
 * list, which sorts by them. The accounts list's own total (list_totals, migration 0021) is held
 * to the accounts counted likewise, and is what a super admin's unfiltered list says.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account } from "../../src/api/resources";
import { rowsOf } from "../../server/src/resources/sql";
import { createTestApp, type TestApp } from "./helpers";
import { A, insertTest, tokens, type Who } from "./records";
import { call, listUrl } from "./resourceHelpers";

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
});
afterAll(() => t.close());

/** Every account whose kept counts differ from its rows counted now, with both. */
async function miscounted() {
  return rowsOf(
    t.db,
    sql`select a.id, row(coalesce(c.businesses, 0), coalesce(c.users, 0), coalesce(c.devices, 0), coalesce(c.tests, 0))::text as kept,
        row((select count(*) from businesses x where x.account_id = a.id)::int,
            (select count(*) from users x where x.account_id = a.id and x.deleted_at is null)::int,
            (select count(*) from devices x where x.account_id = a.id)::int,
            (select count(*) from tests x where x.account_id = a.id and x.deleted_at is null)::int)::text as counted
      from accounts a left join account_counts c on c.account_id = a.id
      where row(coalesce(c.businesses, 0), coalesce(c.users, 0), coalesce(c.devices, 0), coalesce(c.tests, 0))
        is distinct from row((select count(*) from businesses x where x.account_id = a.id)::int,
            (select count(*) from users x where x.account_id = a.id and x.deleted_at is null)::int,
            (select count(*) from devices x where x.account_id = a.id)::int,
            (select count(*) from tests x where x.account_id = a.id and x.deleted_at is null)::int)`,
  );
}

const testCountOf = async (accountId: string) =>
  Number((await rowsOf(t.db, sql`select tests from account_counts where account_id = ${accountId}`))[0]?.tests ?? 0);

describe("the accounts' counts kept by the database", () => {
  it("are the seeded rows' counts", async () => {
    expect(await miscounted()).toEqual([]);
    expect(await testCountOf(A.brilliantGems)).toBeGreaterThan(0);
  });

  it("follow every kind of write", async () => {
    const before = await testCountOf(A.brilliantGems);
    const added = [];
    for (let i = 0; i < 3; i++) added.push((await insertTest(t.db, t.storage, { photos: 0 })).id);
    await insertTest(t.db, t.storage, { photos: 0, deletedAt: new Date() });
    expect(await testCountOf(A.brilliantGems)).toBe(before + 3);

    // Soft deletes and their undoing, several rows in one statement.
    await t.db.execute(sql`update tests set deleted_at = now() where id in ${added}`);
    expect(await testCountOf(A.brilliantGems)).toBe(before);
    await t.db.execute(sql`update tests set deleted_at = null where id in ${added.slice(0, 2)}`);
    expect(await testCountOf(A.brilliantGems)).toBe(before + 2);
    // Another column changed: nothing counted changes.
    await t.db.execute(sql`update tests set notes = '["changed"]'::jsonb where account_id = ${A.brilliantGems}`);
    expect(await testCountOf(A.brilliantGems)).toBe(before + 2);
    // Rows moved to another account, then deleted.
    await t.db.execute(sql`update tests set account_id = ${A.gemtestHq} where id = ${added[0]!}`);
    await t.db.execute(sql`update devices set account_id = ${A.gemtestHq}
      where id = (select id from devices where account_id = ${A.brilliantGems} order by id limit 1)`);
    await t.db.execute(sql`update users set deleted_at = now()
      where id = (select id from users where account_id = ${A.brilliantGems} and deleted_at is null and role = 'User' order by id limit 1)`);
    await t.db.execute(sql`delete from tests where id = ${added[1]!}`);
    expect(await miscounted()).toEqual([]);

    // Through the API: a business created and deleted, a user invited.
    const su = await token("superAdmin");
    const created = await call(t, su, "POST", "/api/businesses", {
      name: "Counted branch",
      accountId: A.brilliantGems,
      address: "1 Count Street",
      city: "Leeds",
      country: "GB",
      phone: "",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await miscounted()).toEqual([]);
    const invited = await call(t, su, "POST", "/api/invitations", {
      email: "counted@example.com",
      firstName: "Counted",
      lastName: "Person",
      role: "User",
      accountId: A.brilliantGems,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(await miscounted()).toEqual([]);
  });

  it("leave nothing behind when an account goes with its rows", async () => {
    const created = await call(t, await token("superAdmin"), "POST", "/api/accounts", {
      name: "Counted Ltd",
      email: "counted-ltd@example.com",
      country: "GB",
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Account>();
    await t.db.execute(sql`insert into businesses (id, account_id, name, address, city, country, phone)
      values (gen_random_uuid()::text, ${id}, 'Gone', 'x', 'y', 'GB', '')`);
    expect(await rowsOf(t.db, sql`select businesses from account_counts where account_id = ${id}`)).toEqual([
      { businesses: 1 },
    ]);
    await t.db.execute(sql`delete from businesses where account_id = ${id}`);
    await t.db.execute(sql`delete from accounts where id = ${id}`);
    expect(await rowsOf(t.db, sql`select 1 from account_counts where account_id = ${id}`)).toEqual([]);
    expect(await miscounted()).toEqual([]);
  });

  it("are what the accounts list shows and sorts by", async () => {
    const su = await token("superAdmin");
    const accounts = await call(t, su, "GET", listUrl("accounts", { range: [0, 99], sort: ["testCount", "DESC"] }));
    const kept = await rowsOf(t.db, sql`select account_id, businesses, users, devices, tests from account_counts`);
    const byId = new Map(kept.map((row) => [String(row.account_id), row]));
    const shown = accounts.json<Account[]>();
    expect(shown.length).toBeGreaterThan(0);
    for (const account of shown) {
      const row = byId.get(account.id);
      expect([account.businessCount, account.userCount, account.deviceCount, account.testCount], account.name).toEqual([
        Number(row?.businesses ?? 0),
        Number(row?.users ?? 0),
        Number(row?.devices ?? 0),
        Number(row?.tests ?? 0),
      ]);
    }
    // Sorted by the kept count.
    const testCounts = shown.map((account) => account.testCount);
    expect(testCounts).toEqual([...testCounts].sort((x, y) => y - x));
  });

  it("keep the accounts list's total: what an unfiltered list says, as counted", async () => {
    const su = await token("superAdmin");
    const live = async () =>
      Number((await rowsOf(t.db, sql`select count(*)::int as n from accounts where status <> 'deleted'`))[0]!.n);
    const shownTotal = async (filter: object = {}) =>
      (await call(t, su, "GET", listUrl("accounts", { range: [0, 9], filter }))).headers["content-range"];
    expect(await shownTotal()).toBe(`accounts 0-9/${await live()}`);

    // Created through the API, two more in one statement, one marked deleted, one gone.
    const created = await call(t, su, "POST", "/api/accounts", {
      name: "Totalled Ltd",
      email: "totalled@example.com",
      country: "GB",
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.db.execute(sql`insert into accounts (id, name, email, country, status, subscription_status)
      select 'totalled-' || g, 'Totalled ' || g, 'totalled-' || g || '@example.com', 'GB', 'active', 'inactive'
      from generate_series(1, 2) g`);
    await t.db.execute(sql`update accounts set status = 'deleted' where id = 'totalled-1'`);
    await t.db.execute(sql`update accounts set name = 'Renamed' where id = 'totalled-2'`);
    await t.db.execute(sql`delete from accounts where id = 'totalled-2'`);
    const kept = await rowsOf(t.db, sql`select total from list_totals where list = 'accounts'`);
    expect(kept).toEqual([{ total: await live() }]);
    expect(await shownTotal()).toBe(`accounts 0-9/${await live()}`);
    // Narrowed, it is counted: the active accounts are fewer than all of them.
    const active = Number(
      (await rowsOf(t.db, sql`select count(*)::int as n from accounts where status = 'active'`))[0]!.n,
    );
    expect(active).toBeLessThan(await live());
    expect(await shownTotal({ status: "active" })).toBe(`accounts 0-9/${active}`);
  });
});
