/**
 * The embedded database's read cache (server/src/db/readCache.ts): an answer is remembered only
 * until anything may have changed the data, and only when it was read while nothing changed.
 */
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteHandle, type DbHandle } from "../../server/src/db/client";
import { readCacheOf } from "../../server/src/db/readCache";
import { rememberedTotal } from "../../server/src/resources/sql";

let client: PGlite;
let handle: DbHandle;
beforeAll(async () => {
  client = await PGlite.create();
  handle = pgliteHandle(client);
  await client.exec("create table items (id int primary key, made timestamptz not null default now())");
});
afterAll(() => handle.close());

const remembered = () => {
  const cache = readCacheOf(handle.db);
  cache.set("answer", 42, cache.version());
  expect(cache.get("answer")).toBe(42);
  return cache;
};

describe("the embedded database's read cache", () => {
  it("keeps an answer across plain reads, through drizzle and the client", async () => {
    const cache = remembered();
    await handle.db.execute(sql`select count(*) from items`);
    await client.query("select 1");
    expect(cache.get("answer")).toBe(42);
  });

  it.each([
    ["a write through drizzle", () => handle.db.execute(sql`insert into items (id) values (1) on conflict do nothing`)],
    ["a write through the client", () => client.query("update items set made = made where id = $1", [1])],
    ["several statements", () => client.exec("select 1; delete from items where id = 2")],
    ["a transaction", () => handle.db.transaction(async (tx) => tx.execute(sql`select 1`))],
    ["a statement that starts with a comment", () => client.query("/* */ delete from items where id = 3")],
  ])("forgets every answer after %s", async (_what, change) => {
    const cache = remembered();
    await change();
    expect(cache.get("answer")).toBeUndefined();
  });

  it("does not remember an answer read while the data changed", async () => {
    const cache = readCacheOf(handle.db);
    const readAt = cache.version();
    await handle.db.execute(sql`insert into items (id) values (4) on conflict do nothing`);
    cache.set("stale", 1, readAt);
    expect(cache.get("stale")).toBeUndefined();
  });

  it("never remembers on another database (PostgreSQL: other instances write too)", () => {
    const elsewhere = readCacheOf({});
    elsewhere.set("answer", 42, elsewhere.version());
    expect(elsewhere.get("answer")).toBeUndefined();
  });

  it("remembers a list's total, unless its count reads the time", async () => {
    const plain = rememberedTotal(handle.db, sql`select count(*) from items`);
    expect(plain.known).toBeUndefined();
    plain.remember(3);
    expect(rememberedTotal(handle.db, sql`select count(*) from items`).known).toBe(3);

    const timed = sql`select count(*) from items where made > now() - interval '1 day'`;
    rememberedTotal(handle.db, timed).remember(3);
    expect(rememberedTotal(handle.db, timed).known).toBeUndefined();
  });
});
