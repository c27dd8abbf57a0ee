/**
 * The resource definitions name plain columns as columns of aliased drizzle tables (`b.name` of
 * `alias(businesses, "b")`), which the type checker holds to the schema; implementResource writes
 * them as the SQL text the list code reads (`b.name`) and refuses a FROM clause that does not give
 * their tables those aliases. No database: the SQL is rendered, not run.
 */
import { type SQL } from "drizzle-orm";
import { alias, PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { businessesContract } from "../../src/api/contract/businesses";
import { businessDefinition } from "../../server/src/businesses/routes";
import { businesses, users } from "../../server/src/db/schema";
import { implementResource } from "../../server/src/resources/definition";
import { findRecord } from "../../server/src/resources/list";
import { columnSql, fullName, sqlOf, sqlText } from "../../server/src/resources/sql";

describe("aliased columns as SQL text", () => {
  const b = alias(businesses, "b");
  const o = alias(users, "o");

  it("writes a column as alias.column_name", () => {
    expect(columnSql(b.accountId)).toBe("b.account_id");
    expect(sqlOf(b.createdAt)).toBe("b.created_at");
    expect(sqlOf("lower(b.name)")).toBe("lower(b.name)");
  });

  it("writes columns into text", () => {
    expect(sqlText`nullif(${b.name}, '')`).toBe("nullif(b.name, '')");
    expect(sqlText`${b.createdAt} + interval '${15} days'`).toBe("b.created_at + interval '15 days'");
    expect(fullName(o)).toBe(fullName("o"));
  });
});

describe("a definition's SQL", () => {
  it("reads the businesses as it always did, but for deleted accounts' rows", async () => {
    const dialect = new PgDialect();
    const statements: { sql: string; params: unknown[] }[] = [];
    const db = {
      execute: async (query: SQL) => {
        const { sql, params } = dialect.sqlToQuery(query);
        statements.push({ sql, params });
        return { rows: [] };
      },
    };
    await findRecord(db as never, businessDefinition, { id: "u1", role: "Admin", accountId: "acc1" }, "b1");
    expect(statements).toEqual([
      {
        sql:
          'select b.id as "id", b.version as "version", b.name as "name", b.account_id as "accountId", ' +
          'a.name as "accountName", b.owner_id as "ownerId", ' +
          `case when o.id is null then null else o.first_name || ' ' || o.last_name end as "ownerName", ` +
          'b.address as "address", b.city as "city", b.country as "country", b.phone as "phone", ' +
          `to_char((b.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt" ` +
          "from businesses b left join accounts a on a.id = b.account_id left join users o on o.id = b.owner_id " +
          // A deleted account's business kept for a copied test is nobody's to read (deletedAccountDevices).
          "where b.id = $1 and a.status <> 'deleted' and b.account_id = $2",
        params: ["b1", "acc1"],
      },
    ]);
  });

  /** Every record field as SQL text, one of them replaced. */
  type BusinessField = keyof typeof businessesContract.fields;
  const columnsWith = (key: BusinessField, column: Parameters<typeof sqlOf>[0]) => ({
    ...(Object.fromEntries(Object.keys(businessesContract.fields).map((name) => [name, "null"])) as Record<
      BusinessField,
      string
    >),
    [key]: column,
  });

  it("refuses a FROM clause that gives a column's table another alias", () => {
    const o = alias(users, "o");
    expect(() =>
      implementResource(businessesContract, {
        from: "businesses b left join users u on u.id = b.owner_id",
        columns: columnsWith("ownerId", o.id),
        search: [],
      }),
    ).toThrow("the FROM clause does not name users o");
    expect(() =>
      implementResource(businessesContract, {
        from: "businesses b left join accounts o on o.id = b.account_id",
        columns: columnsWith("ownerId", o.id),
        search: [],
      }),
    ).toThrow("the FROM clause does not name users o");
  });

  it("refuses a column of a table that is not aliased", () => {
    expect(() =>
      implementResource(businessesContract, {
        from: "businesses b",
        columns: columnsWith("name", businesses.name),
        search: [],
      }),
    ).toThrow("businesses is read without an alias");
  });
});
