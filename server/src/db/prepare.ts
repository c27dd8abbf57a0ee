import { sql } from "drizzle-orm";
import type { DbHandle } from "./client";
import { isEmpty, seedDemoData, type SeedOptions } from "./seed";

/**
 * Brings a database up to date: applies migrations, and seeds the demo data when there is none
 * yet (first start). Safe to run from several instances at once.
 *
 * Then refreshes the planner's statistics. PGlite runs no autovacuum, so without this its tables
 * are never analyzed: the planner guessed 13 users where there were 3,000 and hashed every user
 * for each 25-row page (a users page took 15 ms instead of 3). On PostgreSQL autovacuum keeps
 * them, but only some time after a bulk seed, so it is done there after seeding only.
 */
export async function prepareDb(handle: DbHandle, seed: SeedOptions): Promise<{ seeded: boolean }> {
  return handle.exclusively(async () => {
    await handle.migrate();
    const seeded = await isEmpty(handle.db);
    if (seeded) await seedDemoData(handle.db, seed);
    if (seeded || handle.driver === "pglite") await handle.db.execute(sql`analyze`);
    return { seeded };
  });
}
