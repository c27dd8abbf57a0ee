/**
 * Whether a request changed the database. Digesting every table around each request costs minutes
 * over the fuzz's thousands, and ~45 ms a digest around each of validation.test.ts's hundred, so the
 * test's own copy of the database gets a row trigger on every table that notes the table's name in
 * `watched_writes` whenever a row is inserted, updated or deleted and the transaction commits (a
 * rolled-back write leaves no note). After a refused request the notes must be empty (an update
 * that leaves its row as it was is no change).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../server/src/db/client";

type Rows<T> = { rows: T[] };

/**
 * Tables that record refusals by design: failed sign-ins (the lockout counts them) and requests to
 * the public flows (their rate limits count them). A refused request may add to these.
 */
export const REFUSAL_LEDGERS = new Set(["sign_in_failures", "public_requests"]);

/**
 * Columns a refusal updates by design: a wrong emailed code counts an attempt on the code and
 * spends it after the last one allowed (publicFlows/codes.ts). Any other column changing is noted.
 */
const REFUSAL_COUNTERS: Record<string, string[]> = { one_time_codes: ["attempts", "used_at"] };

export interface DbWatch {
  /** Forgets the writes noted so far (before a request). */
  reset(): Promise<void>;
  /** The tables written since the last reset. */
  writtenTables(): Promise<string[]>;
}

/**
 * Watches every table but `exempt` (by default the ledgers refusals write to by design; none for a
 * refusal that comes before the handler, such as a malformed body).
 */
export async function watchDatabase(db: Database, exempt: ReadonlySet<string> = REFUSAL_LEDGERS): Promise<DbWatch> {
  const execute = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;
  const tables = (
    await execute<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !exempt.has(name));
  await db.execute(sql.raw(`create unlogged table watched_writes (table_name text not null)`));
  await db.execute(
    sql.raw(`create function note_watched_write() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and (to_jsonb(new) - tg_argv::text[]) = (to_jsonb(old) - tg_argv::text[]) then
          return null;
        end if;
        insert into watched_writes values (tg_table_name);
        return null;
      end $$`),
  );
  for (const name of tables) {
    const counters = (REFUSAL_COUNTERS[name] ?? []).map((column) => `'${column}'`).join(", ");
    await db.execute(
      sql.raw(`create trigger note_watched_write after insert or update or delete on "${name}"
        for each row execute function note_watched_write(${counters})`),
    );
  }
  return {
    async reset() {
      // Always: a write between two watched requests (a sign-in of the test's own) is noted too.
      await db.execute(sql`delete from watched_writes`);
    },
    async writtenTables() {
      const rows = await execute<{ name: string }>(sql`select distinct table_name as name from watched_writes`);
      return rows.map((row) => row.name).sort();
    },
  };
}
