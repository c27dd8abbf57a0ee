/**
 * Exports fail before they start (issue 12): the filter and sort are checked and the first page
 * read before the 200 and the CSV header go out; a failure after that ends the file with a visible
 * error line, never a silent truncation. Failures are injected into the real routes by making the
 * database refuse the export's page queries (the first one, or the second).
 */
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DELETED_TESTS } from "../../src/api/recover";
import { EXPORT_FAILED_LINE } from "../../server/src/resources/csv";
import { EXPORT_PAGE_ROWS } from "../../server/src/resources/list";
import { createTestApp, type TestApp } from "./helpers";
import { tokens } from "./records";
import { call, listUrl } from "./resourceHelpers";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await tokens(() => t.app)("superAdmin");
});
afterAll(() => t.close());

const dialect = new PgDialect();
type Execute = (query: SQL) => Promise<unknown>;
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

/** The database refuses the export's `failing`-th page query (1 = the first page), as a lost connection would. */
function failExportPage(failing: number) {
  const db = t.db as unknown as { execute: Execute };
  const original = db.execute;
  let pages = 0;
  db.execute = function (this: unknown, query: SQL) {
    // The export's page query is the only one selecting the keyset columns.
    if (dialect.sqlToQuery(query).sql.includes('"__sort"')) {
      pages += 1;
      if (pages === failing) return Promise.reject(new Error("connection to the database lost (injected)"));
    }
    return original.call(this, query);
  } as Execute;
  restore = () => {
    db.execute = original;
  };
}

const get = (url: string) => call(t, token, "GET", url);
const succeeded = listUrl("payments/export.csv", { filter: { status: "succeeded" }, sort: ["date", "DESC"] });

describe("CSV exports fail before they start", () => {
  it("answers a bad filter or sort with 400 JSON, not a 200 (every export: resources and deleted tests)", async () => {
    for (const resource of ["payments", "accounts", DELETED_TESTS]) {
      for (const query of [{ filter: { noSuchField: 1 } }, { sort: ["noSuchField", "ASC"] as [string, string] }]) {
        const response = await get(listUrl(`${resource}/export.csv`, query));
        expect(response.statusCode, `${resource} ${JSON.stringify(query)}`).toBe(400);
        expect(response.headers["content-type"]).toMatch(/^application\/json/);
        expect(response.headers["content-disposition"]).toBeUndefined();
        expect(response.json<{ message: string }>().message).toMatch(/noSuchField/);
      }
    }
  });

  it("answers an error (JSON, no CSV header) when the first page cannot be read", async () => {
    failExportPage(1);
    const response = await get(succeeded);
    expect(response.statusCode).toBe(500);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["content-disposition"]).toBeUndefined();
    expect(response.json<{ message: string }>()).toHaveProperty("message");
  });

  it("ends the file with a visible error line when a page after the first fails", async () => {
    failExportPage(2);
    const response = await get(succeeded);
    // The header went out with the first page: the status cannot change any more, the file says it.
    expect(response.statusCode).toBe(200);
    const lines = response.body.split("\r\n");
    expect(lines[0]).toMatch(/^\ufeffid,version,accountId/);
    expect(lines).toHaveLength(1 + EXPORT_PAGE_ROWS + 2); // header, the first page, the error line, ""
    expect(`${lines.at(-2)}\r\n`).toBe(EXPORT_FAILED_LINE);
    expect(EXPORT_FAILED_LINE).toMatch(/^# Export failed: .*incomplete/);
  });

  it("exports every page and no error line when nothing fails", async () => {
    const response = await get(succeeded);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("# Export failed");
    expect(response.body.split("\r\n").length).toBeGreaterThan(EXPORT_PAGE_ROWS + 2);
  });
});
