/**
 * The embedded database's prepared reads (server/src/db/preparedReads.ts): a read through a named
 * statement answers exactly what PGlite's own query() answers, is parsed once, never runs between
 * the statements of someone's transaction, and leaves the connection usable after an error.
 */
import { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareReadsOf, prepareReadsOfPool } from "../../server/src/db/preparedReads";

let plain: PGlite;
let prepared: PGlite;
const SETUP = `create table items (id int primary key, name text, done boolean, extra jsonb, made timestamptz, tags text[]);
  insert into items values (1, 'one', true, '{"a": 1}', '2026-11-24T10:00:00.123Z', '{x,y}'), (2, null, false, null, null, null);`;

beforeAll(async () => {
  plain = await PGlite.create();
  prepared = await PGlite.create();
  prepareReadsOf(prepared, { maxStatements: 3 });
  await plain.exec(SETUP);
  await prepared.exec(SETUP);
});
afterAll(async () => {
  await plain.close();
  await prepared.close();
});

const statementsKept = async () =>
  Number((await prepared.exec("select count(*)::int as n from pg_prepared_statements"))[0]!.rows[0]!.n);

describe("prepared reads", () => {
  const SELECT = "select id, name, done, extra, made, tags, $1::int + 1 as next from items where id >= $2 order by id";

  it.each([
    ["objects", undefined],
    ["arrays with the caller's parsers", { rowMode: "array" as const, parsers: { 1184: (value: string) => value } }],
  ])("answer what query() answers: %s", async (_how, options) => {
    const expected = await plain.query(SELECT, [41, 1], options);
    const answer = await prepared.query(SELECT, [41, 1], options);
    expect(answer.rows).toEqual(expected.rows);
    expect(answer.fields).toEqual(expected.fields);
    expect(answer.rows).toHaveLength(2);
  });

  it("parse a text once and reuse its statement", async () => {
    const text = "select name from items where id = $1";
    await prepared.query(text, [1]);
    const kept = await statementsKept();
    expect((await prepared.query(text, [2])).rows).toEqual([{ name: null }]);
    expect(await statementsKept()).toBe(kept);
  });

  it("keep a bounded number of statements, and still answer after dropping them", async () => {
    for (let i = 0; i < 5; i++) expect((await prepared.query(`select ${i} as n`)).rows).toEqual([{ n: i }]);
    expect(await statementsKept()).toBeLessThanOrEqual(3);
  });

  it("never run inside someone's transaction: a read waits and does not see what it rolled back", async () => {
    let inserted!: () => void;
    const insertedPromise = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = prepared
      .transaction(async (tx) => {
        await tx.query("insert into items (id, name) values (3, 'rolled back')");
        inserted();
        await released;
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await insertedPromise;
    const read = prepared.query("select id from items order by id");
    release();
    await transaction;
    expect((await read).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("reject with the database's error and leave the connection usable", async () => {
    await expect(prepared.query("select * from nowhere")).rejects.toThrow(/nowhere/);
    await expect(prepared.query("select id from items where id = $1", ["not a number"])).rejects.toThrow(
      /invalid input syntax/,
    );
    expect((await prepared.query("select count(*)::int as n from items")).rows).toEqual([{ n: 2 }]);
  });

  it("leave writes to query() itself", async () => {
    await prepared.query("update items set name = $1 where id = $2", ["ONE", 1]);
    expect((await prepared.query("select name from items where id = 1")).rows).toEqual([{ name: "ONE" }]);
    await prepared.query("update items set name = 'one' where id = 1");
  });
});

describe("prepared reads on PostgreSQL (the pool names them; node-postgres prepares once per connection)", () => {
  const seen: unknown[] = [];
  const pool = { query: async (config: unknown) => seen.push(config) } as unknown as pg.Pool;
  prepareReadsOfPool(pool);

  it("names a plain read by its text, the same name each time", async () => {
    await pool.query({ text: "select * from users where id = $1" }, ["a"]);
    await pool.query({ text: "select * from users where id = $1" }, ["b"]);
    await pool.query({ text: "select * from accounts" });
    const [first, second, other] = seen.splice(0) as pg.QueryConfig[];
    expect(first!.name).toMatch(/^read_[0-9a-f]{24}$/);
    expect(second!.name).toBe(first!.name);
    expect(other!.name).not.toBe(first!.name);
  });

  it("leaves writes, named statements and plain strings as they were", async () => {
    const write = { text: "update users set role = $1" };
    const named = { text: "select 1", name: "mine" };
    await pool.query(write, ["Admin"]);
    await pool.query(named);
    await pool.query("select 1");
    expect(seen.splice(0)).toEqual([write, named, "select 1"]);
  });
});
