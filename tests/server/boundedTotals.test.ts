/**
 * Issue 23 (scale past the demo): a list counts its rows up to LIST_EXACT_TOTAL past the page, so a
 * list of a million tests is not counted for each page. Past that the total is "*" in
 * Content-Range (a next page exists; the console's dataProvider then pages without a total:
 * throwAwayResource.test.ts); a filtered list, or a page near the end, is counted exactly as
 * before. Played on the gallery, with one account's demo tests copied past the count. Unfiltered, the
 * gallery's total is read from the accounts' kept counts (testRecords/galleryTotal.ts), and must say
 * what counting would.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_EXACT_TOTAL } from "../../src/api/rules";
import { rowsOf } from "../../server/src/resources/sql";
import { bearer, createTestApp, signIn, type TestApp } from "./helpers";
import { A } from "./records";

let t: TestApp;
let token: string;
let adminToken: string;
/** The tests of the demo seed the gallery shows; LIST_EXACT_TOTAL copies are added. */
let seeded: number;
const copies = LIST_EXACT_TOTAL;

/** An account's live tests (or every account's), counted in SQL. */
async function liveTests(accountId?: string): Promise<number> {
  const [row] = await rowsOf(
    t.db,
    sql`select count(*)::int as n from tests where deleted_at is null
      ${accountId === undefined ? sql`` : sql`and account_id = ${accountId}`}`,
  );
  return Number(row!.n);
}

const totalOf = (response: { headers: Record<string, unknown> }) =>
  /\/(\d+|\*)$/.exec(String(response.headers["content-range"]))![1];

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, "superadmin@example.com")).accessToken;
  adminToken = (await signIn(t.app, "admin@example.com")).accessToken;
  // What the gallery shows of the demo's tests (not the deleted ones), as counted in SQL.
  seeded = Number(totalOf(await gallery([0, 9])));
  expect(seeded).toBe(await liveTests());
  // Copies of one of Brilliant Gems' tests, each with an id of its own, named apart from the demo's.
  await t.db.execute(sql`create temp table copies as
    select t.* from tests t, generate_series(1, ${copies}) g
    where t.id = (select id from tests where account_id = ${A.brilliantGems} and deleted_at is null order by id limit 1)`);
  await t.db.execute(sql`update copies set id = 'copy-' || gen_random_uuid()::text, name = 'Copy'`);
  await t.db.execute(sql`insert into tests select * from copies`);
}, 120_000);
afterAll(() => t.close());

const gallery = (range: [number, number], filter: object = {}, as = token) =>
  t.app.inject({
    method: "GET",
    url: `/api/tests?range=${encodeURIComponent(JSON.stringify(range))}&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    headers: bearer(as),
  });

describe("a list past LIST_EXACT_TOTAL rows", () => {
  it("answers '*' as its total on the first pages, with no X-Total-Count", async () => {
    const first = await gallery([0, 9]);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-range"]).toBe("tests 0-9/*");
    expect(first.headers["x-total-count"]).toBeUndefined();
    expect((await gallery([5000, 5009])).headers["content-range"]).toBe("tests 5000-5009/*");
  });

  it("counts exactly a filtered list under the count, and a page near the end", async () => {
    const demo = await gallery([0, 9], { q: "Copy" });
    expect(demo.headers["content-range"]).toBe(`tests 0-9/${copies}`);
    const total = seeded + copies;
    const last = await gallery([total - 10, total - 1]);
    expect(last.headers["content-range"]).toBe(`tests ${total - 10}-${total - 1}/${total}`);
  });

  it("reads an unfiltered gallery's total from the accounts' kept counts, saying what counting would", async () => {
    // The account holding the copies, as its admin sees it and as a super admin filters it.
    expect(totalOf(await gallery([0, 9], {}, adminToken))).toBe("*");
    expect(totalOf(await gallery([0, 9], { accountId: A.brilliantGems }))).toBe("*");
    // Another account's, exactly; asked by an admin who sees only their own, nothing.
    const lapis = await liveTests(A.lapisTraders);
    expect(lapis).toBeGreaterThan(1);
    expect(totalOf(await gallery([0, 9], { accountId: A.lapisTraders }))).toBe(String(lapis));
    expect(totalOf(await gallery([0, 9], { accountId: A.lapisTraders }, adminToken))).toBe("0");
    // A test deleted leaves the count at once.
    const [deleted] = await rowsOf(
      t.db,
      sql`update tests set deleted_at = now() where id = (select id from tests
        where account_id = ${A.lapisTraders} and deleted_at is null order by id limit 1) returning id`,
    );
    try {
      expect(totalOf(await gallery([0, 9], { accountId: A.lapisTraders }))).toBe(String(lapis - 1));
    } finally {
      await t.db.execute(sql`update tests set deleted_at = null where id = ${deleted!.id}`);
    }
  });
});
