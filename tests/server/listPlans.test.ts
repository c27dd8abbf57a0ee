/**
 * Lists are planned once (server/src/resources/sql.ts wholeNumber): a list's page size and offset
 * are written into its statement, so the prepared statement's generic plan knows the limit and the
 * database keeps it instead of planning the list anew on every request (on either database; reads
 * are prepared statements, db/preparedReads.ts).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rowsOf, wholeNumber } from "../../server/src/resources/sql";
import { bearer, createTestApp, signIn, type TestApp } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it.each([
  ["/api/users", "from users u"],
  ["/api/accounts", "from accounts a"],
  ["/api/devices", "from devices d"],
  ["/api/tests?range=[0,24]", 'from "tests"'],
])("plans %s once, then runs its generic plan", async (url, from) => {
  const session = await signIn(t.app, "superadmin@example.com");
  for (let i = 0; i < 12; i++) {
    const response = await t.app.inject({ method: "GET", url, headers: bearer(session.accessToken) });
    expect(response.statusCode).toBe(200);
  }
  // Sequential requests reuse the pool's last connection, whose prepared statements these are.
  const plans = await rowsOf(
    t.db,
    sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
      where statement like ${`%${from}%order by%`} order by generic_plans + custom_plans desc limit 1`,
  );
  expect(plans).toHaveLength(1);
  expect(plans[0]!.generic).toBeGreaterThan(0);
  expect(plans[0]!.custom).toBeLessThanOrEqual(5);
});

it("writes only whole numbers into a statement", () => {
  expect(() => wholeNumber(1.5)).toThrow();
  expect(() => wholeNumber(-1)).toThrow();
  expect(() => wholeNumber(Number.NaN)).toThrow();
});

it("finds the lost devices and their total by the lost devices' own index, not by reading every device", async () => {
  const session = await signIn(t.app, "superadmin@example.com");
  const response = await t.app.inject({
    method: "GET",
    url: "/api/lost-devices",
    headers: bearer(session.accessToken),
  });
  expect(response.statusCode).toBe(200);
  const plan = await rowsOf(t.db, sql`explain select count(*) from devices d where d.status = 'lost'`);
  expect(plan.map((row) => Object.values(row)[0]).join("\n")).toMatch(/devices_lost_idx/);
});
