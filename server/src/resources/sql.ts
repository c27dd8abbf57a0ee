/**
 * Small SQL helpers shared by the resources. Resource reads are written as SQL (drizzle's `sql`
 * template: values are always parameters) because every list needs the same joins, computed
 * labels and keyset paging, which the query builder would make generic only with loose types.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";

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

/** `first last`, or null when the joined user is missing. */
export const fullName = (alias: string) =>
  `case when ${alias}.id is null then null else ${alias}.first_name || ' ' || ${alias}.last_name end`;

/** A LIKE pattern matching `text` anywhere, with the wildcards in it taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const raw = (text: string): SQL => sql.raw(text);

/** Whether a database error (either driver, maybe wrapped by drizzle) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === "object" && e !== null);) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
    if (e === undefined) break;
  }
  return false;
}
