/**
 * Small SQL helpers shared by the resources. Resource reads are written as SQL (drizzle's `sql`
 * template: values are always parameters) because every list needs the same joins, computed
 * labels and keyset paging, which the query builder would make generic only with loose types.
 */
import { Column, getTableName, is, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { readCacheOf, remembersReads } from "../db/readCache";

/** A database or a transaction: anything that can run a statement. */
export type Executor = Pick<Database, "execute">;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type Row = Record<string, unknown>;

/** Both drivers (PGlite and node-postgres) answer `{ rows }`. */
export async function rowsOf(db: Executor, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/**
 * A timestamptz as the API's ISO string, formatted by the database so that rows are ready to
 * send (and to write as CSV) without a per-driver Date conversion.
 */
export const iso = (expr: string) => `to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An SQL expression of a resource definition (definition.ts): text, or a column of a table named
 * as the FROM clause aliases it (`const b = alias(businesses, "b")` from drizzle-orm/pg-core, then
 * `b.name`), which the type checker holds to the schema (db/schema.ts).
 */
export type SqlExpr = string | AnyColumn;

/** A column of an aliased table as the definitions' SQL text names it: `b.account_id`. */
export function columnSql(column: AnyColumn): string {
  // An aliased table answers its alias as its name (drizzle's alias proxy).
  return `${getTableName(column.table)}.${column.name}`;
}

/** The table an aliased column reads (drizzle's alias proxy answers the alias as the table's name). */
export const originalTableName = (column: AnyColumn): string =>
  (column.table as unknown as Record<symbol, string>)[Symbol.for("drizzle:OriginalName")]!;

/** An expression's SQL text: itself, or the column's `alias.column_name`. */
export const sqlOf = (expr: SqlExpr): string => (is(expr, Column) ? columnSql(expr) : expr);

/**
 * SQL text with aliased columns written in as `alias.column_name`: sqlText`nullif(${d.name}, '')`
 * is "nullif(d.name, '')". Text, not drizzle's `sql` (whose values are parameters): for the
 * definitions' expressions, which the list code puts together as text.
 */
export function sqlText(strings: TemplateStringsArray, ...values: (SqlExpr | number)[]): string {
  const render = (value: SqlExpr | number) => (typeof value === "number" ? String(value) : sqlOf(value));
  return strings.reduce((text, part, i) => text + render(values[i - 1]!) + part);
}

/** A joined user: an alias of the users table, or the alias's name. */
type UserAlias = string | { id: AnyColumn; firstName: AnyColumn; lastName: AnyColumn };

/** `first last`, or null when the joined user is missing. */
export const fullName = (user: UserAlias) =>
  typeof user === "string"
    ? `case when ${user}.id is null then null else ${user}.first_name || ' ' || ${user}.last_name end`
    : sqlText`case when ${user.id} is null then null else ${user.firstName} || ' ' || ${user.lastName} end`;

/** A LIKE pattern matching `text` anywhere, with the wildcards in it taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const raw = (text: string): SQL => sql.raw(text);

/**
 * A page's LIMIT or OFFSET written into the statement's text rather than sent as a parameter.
 * Reads are prepared statements (db/preparedReads.ts) and PostgreSQL keeps a generic plan for one
 * only when it costs no more than the custom ones; planned without knowing the limit, a list's
 * generic plan sorts every row, so the lists were planned anew on every request (0.3–1.2 ms each,
 * more than their execution). With the number in the text each page size and offset is a statement
 * of its own, whose generic plan reads 25 index entries. Only whole numbers are written.
 */
export function wholeNumber(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a whole number: ${value}`);
  return sql.raw(String(value));
}

/** Whether a database error (either driver, maybe wrapped by drizzle) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === "object" && e !== null);) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const dialect = new PgDialect();

/** What the database answers differently as time passes, whatever the data. */
const TIME_DEPENDENT =
  /\b(now\s*\(|current_(date|time|timestamp)\b|localtime|clock_timestamp|statement_timestamp|random\s*\()/i;

/**
 * A list's total as the read cache (db/readCache.ts) knows it, and how to tell it the one just
 * counted. A count whose statement reads the time is never remembered.
 */
export function rememberedTotal(
  db: object,
  counting: SQL,
): { known: number | undefined; remember(total: number): void } {
  // Where nothing is remembered (PostgreSQL) the key is not worth building: that is a statement's
  // text rendered again on every request.
  if (!remembersReads(db)) return { known: undefined, remember: () => undefined };
  const { sql: text, params } = dialect.sqlToQuery(counting);
  const key = TIME_DEPENDENT.test(text) ? undefined : `total\u0000${text}\u0000${JSON.stringify(params)}`;
  const cache = readCacheOf(db);
  const readAt = cache.version();
  const known = key === undefined ? undefined : cache.get<number>(key);
  return {
    known,
    remember(total) {
      if (key !== undefined && known === undefined) cache.set(key, total, readAt);
    },
  };
}
