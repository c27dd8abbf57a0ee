import { expect } from "vitest";
import { sql, TransactionRollbackError, type SQL } from "drizzle-orm";
import type { Database } from "../../server/src/db/client";
import { rowsOf } from "../../server/src/resources/sql";

/**
 * The plan of `statement` when `tables` may be read only through the indexes named: in a
 * transaction rolled back, sequential and plain index scans off (bitmap scans only) and the tables'
 * other indexes (which a table this small would rather read) dropped, so that a table is read
 * through the index its condition fits, or scanned when the condition fits none.
 */
async function planReadingOnly(db: Database, tables: string[], indexes: string[], statement: SQL): Promise<string> {
  let plan = "";
  await db
    .transaction(async (tx) => {
      for (const scan of ["seqscan", "indexscan", "indexonlyscan"])
        await tx.execute(sql`select set_config(${`enable_${scan}`}, 'off', true)`);
      const others = await rowsOf(
        tx,
        sql`select i.indexrelid::regclass::text as "name" from pg_index i join pg_class c on c.oid = i.indrelid
          where c.relname in (${sql.join(tables, sql`, `)}) and not i.indisprimary
            and i.indexrelid::regclass::text not in (${sql.join(indexes, sql`, `)})
            and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      );
      for (const { name } of others) await tx.execute(sql`drop index ${sql.identifier(String(name))}`);
      plan = (await rowsOf(tx, sql`explain ${statement}`)).map((row) => String(row["QUERY PLAN"])).join("\n");
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return plan;
}

/** That `statement`, with only `indexes` to read `tables` by, reads each of them and scans no table whole. */
export async function expectReadThrough(db: Database, tables: string[], indexes: string[], statement: SQL) {
  const plan = await planReadingOnly(db, tables, indexes, statement);
  for (const table of tables) expect(plan, table).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
  for (const index of indexes) expect(plan, index).toContain(index);
}
