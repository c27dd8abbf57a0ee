/**
 * Several service processes as a customer runs them past one machine: one PostgreSQL database,
 * one S3-protocol object store, no shared memory and no sticky sessions. The database is a
 * fresh one on the server `scripts/with-postgres.mjs` started (TEST_DATABASE_URL); the store is
 * an s3rver started here. The instances start together, so they also race on the first start's
 * migration and seed.
 */
import pg from "pg";
import { startS3Server } from "../server/s3Server";
import { adminQuery, quoteIdent, uniqueDatabaseName, withDatabase } from "../server/testDatabase";
import { startService, type RunningService } from "../support/serviceProcess";

export interface Cluster {
  instances: RunningService[];
  /** The instances' database (a benchmark starts another checkout's service on it). */
  databaseUrl: string;
  /** A connection to the instances' database, to check what they wrote. */
  db: pg.Pool;
  /** Starts one more instance on the same database and store. */
  addInstance(label: string): Promise<RunningService>;
  close(): Promise<void>;
}

export async function startCluster(count: number, env: Record<string, string> = {}): Promise<Cluster> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error("TEST_DATABASE_URL is not set: run through scripts/with-postgres.mjs (npm run test:multi)");
  const name = uniqueDatabaseName("multi");
  await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)}`);
  const databaseUrl = withDatabase(adminUrl, name);
  const store = await startS3Server();
  const sharedEnv = { ...store.env, DATABASE_URL: databaseUrl, SERVE_CONSOLE: "false", LOG_LEVEL: "warn", ...env };
  const start = (label: string) => startService(sharedEnv, { label, timeoutMs: 180000 });

  const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => start(`instance ${i + 1}`)));
  const instances = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  const close = async () => {
    await Promise.all(instances.map((instance) => instance.kill()));
    await db.end();
    await store.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await close();
    throw failed.reason;
  }
  return {
    instances,
    databaseUrl,
    db,
    close,
    async addInstance(label) {
      const instance = await start(label);
      instances.push(instance);
      return instance;
    },
  };
}

/** Pauses a process (SIGSTOP) so it takes no part, without losing its connections or jobs. */
export const pause = (instance: RunningService) => process.kill(instance.pid, "SIGSTOP");
export const resume = (instance: RunningService) => process.kill(instance.pid, "SIGCONT");

/** Asks again until `check` answers something other than undefined; fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 30000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
