/**
 * Issue 23 (scale past the demo): a list counts its rows up to LIST_EXACT_TOTAL past the page, so a
 * list of a million tests is not counted for each page. Past that the total is "*" in
 * Content-Range (a next page exists; the console's dataProvider then pages without a total:
 * throwAwayResource.test.ts); a filtered list, or a page near the end, is counted exactly as
 * before. Played on the gallery, with the demo's tests copied past the count.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_EXACT_TOTAL } from "../../src/api/rules";
import { bearer, createTestApp, signIn, type TestApp } from "./helpers";

let t: TestApp;
let token: string;
/** The tests of the demo seed the gallery shows; LIST_EXACT_TOTAL copies are added. */
let seeded: number;
const copies = LIST_EXACT_TOTAL;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, "superadmin@example.com")).accessToken;
  // What the gallery shows of the demo's tests (not the deleted ones), counted exactly.
  seeded = Number(/\/(\d+)$/.exec(String((await gallery([0, 9])).headers["content-range"]))![1]);
  // Copies of one demo test, each with an id of its own, named apart from the demo's.
  await t.db.execute(sql`create temp table copies as
    select t.* from tests t, generate_series(1, ${copies}) g where t.id = (select id from tests order by id limit 1)`);
  await t.db.execute(sql`update copies set id = 'copy-' || gen_random_uuid()::text, name = 'Copy'`);
  await t.db.execute(sql`insert into tests select * from copies`);
}, 120_000);
afterAll(() => t.close());

const gallery = (range: [number, number], filter: object = {}) =>
  t.app.inject({
    method: "GET",
    url: `/api/tests?range=${encodeURIComponent(JSON.stringify(range))}&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    headers: bearer(token),
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
});
