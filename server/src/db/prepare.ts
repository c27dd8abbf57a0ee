import type { DbHandle } from "./client";
import { isEmpty, seedDemoData, type SeedOptions } from "./seed";

/**
 * Brings a database up to date: applies migrations, and seeds the demo data when there is none
 * yet (first start). Safe to run from several instances at once.
 */
export async function prepareDb(handle: DbHandle, seed: SeedOptions): Promise<{ seeded: boolean }> {
  return handle.exclusively(async () => {
    await handle.migrate();
    if (!(await isEmpty(handle.db))) return { seeded: false };
    await seedDemoData(handle.db, seed);
    return { seeded: true };
  });
}
