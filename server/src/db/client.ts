/**
 * Opens the database: embedded PostgreSQL (PGlite) by default, a PostgreSQL server when a URL is
 * given. Both are handed out as the same Drizzle type, so the rest of the service does not care.
 */
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { listenThroughPglite, listenThroughPostgres } from "./notifications";
import { MAX_USES, prepareReadsOf, prepareReadsOfPool } from "./preparedReads";
import { cacheReadsOf } from "./readCache";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Applies pending migrations from server/src/db/migrations. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other instance sharing the database runs its own `exclusively` block,
   * so that instances starting together do not migrate or seed twice.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Any 64-bit number works; it only has to be the same for every instance of this service. */
const START_UP_LOCK_KEY = 724_113_901;

/** Wraps a PGlite instance (file-backed, in memory, or loaded from a dump). */
export function pgliteHandle(client: PGlite): DbHandle {
  prepareReadsOf(client);
  const db = drizzlePglite({ client, schema });
  cacheReadsOf(client, db);
  listenThroughPglite(client, db);
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One PGlite data directory belongs to one process, so there is nobody to exclude.
    exclusively: (work) => work(),
    close: () => client.close(),
  };
}

/**
 * The extensions the migrations create (pg_trgm: the search's trigram indexes, migration 0016).
 * PGlite ships them apart: every PGlite that opens this database, or a dump of it, passes them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openPglite(options: PGliteOptions = {}): Promise<DbHandle> {
  return pgliteHandle(await PGlite.create({ ...options, extensions: { ...PGLITE_EXTENSIONS, ...options.extensions } }));
}

/**
 * The service's connections to PostgreSQL. No JIT compilation: a list's plan is costed high when
 * one account holds most of the tests (its count's estimate), and compiling it took ~0.3 s of a
 * query that runs in a few milliseconds (bench/scale.ts). The service's statements are short; none
 * gains from it.
 */
export const postgresPoolConfig = (connectionString: string): pg.PoolConfig => ({
  connectionString,
  max: 10,
  maxUses: MAX_USES,
  options: "-c jit=off",
});

export function openPostgres(connectionString: string): DbHandle {
  const pool = new pg.Pool(postgresPoolConfig(connectionString));
  prepareReadsOfPool(pool);
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  const db = drizzlePostgres({ client: pool, schema });
  listenThroughPostgres(connectionString, db);
  return {
    db,
    driver: "postgres",
    migrate: () => migratePostgres(db, { migrationsFolder }),
    async exclusively(work) {
      // Advisory locks belong to a session: hold one dedicated connection for the whole block.
      const lockClient = await pool.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [START_UP_LOCK_KEY]);
        return await work();
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [START_UP_LOCK_KEY]).catch(() => undefined);
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}

export interface DbLocation {
  databaseUrl: string | undefined;
  dataDir: string;
}

export async function openDb({ databaseUrl, dataDir }: DbLocation): Promise<DbHandle> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite({ dataDir });
}

/** True when the database answers a trivial query. */
export async function isReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
