import { sql } from "drizzle-orm";
import { check, type AnyPgColumn } from "drizzle-orm/pg-core";

/** A CHECK that the column holds one of the values (Drizzle's text enums only type it). */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(
    name,
    sql`${column} in (${sql.join(
      values.map((value) => sql.raw(`'${value.replaceAll("'", "''")}'`)),
      sql`, `,
    )})`,
  );
