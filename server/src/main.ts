/**
 * Starts the reference service: opens (and on first start creates, migrates and seeds) the
 * database, serves the API and the built console, and shuts down cleanly on SIGINT/SIGTERM.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDb } from "./db/client";
import { DEMO_USERS } from "./db/demoUsers";
import { prepareDb } from "./db/prepare";
import { createStorage } from "./files/storage";

/** How long a graceful shutdown may take before the process exits anyway (with 1). */
const SHUTDOWN_TIMEOUT_MS = 10_000;

const consoleDir = resolve(fileURLToPath(new URL("../../dist", import.meta.url)));

async function main(): Promise<void> {
  const config = loadConfig();
  const where = config.databaseUrl ? "PostgreSQL server (DATABASE_URL)" : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(`Opening the database: ${where}`);
  const handle = await openDb(config);
  const started = performance.now();
  const { seeded } = await prepareDb(handle, { storage: createStorage(config) });
  if (seeded) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `New database: migrated and seeded with demo data in ${seconds} s (files in ${config.storage.kind === "s3" ? `the S3 bucket ${config.storage.bucket}` : config.filesDir}).`,
    );
  }

  const app = buildApp({ db: handle.db, config, consoleDir: config.serveConsole ? consoleDir : undefined });

  // Graceful shutdown: app.close() stops the listener, waits for the requests in flight, then its
  // onClose hooks stop the job runners (jobs in hand go back to pending); then the database
  // closes. A second signal, or a shutdown that takes longer than SHUTDOWN_TIMEOUT_MS, exits at
  // once with 1: jobs still in hand then keep a heartbeat that stops moving, and another instance
  // takes them up once they are stale.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} received again, exiting now.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal} received, shutting down.`);
    setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s, exiting now.`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.close();
      await handle.close();
      process.exit(0);
    } catch (error) {
      console.error("Shutdown failed:", error);
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const url = `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${port}/`;

  console.log("");
  if (!config.serveConsole) {
    console.log("Not serving the console (SERVE_CONSOLE=false).");
  } else if (existsSync(join(consoleDir, "index.html"))) {
    console.log(`Gemtest admin console: ${url}`);
  } else {
    console.log(
      `The console is not built (no ${consoleDir}); only the API is served. Run \`npm run build\` to add it.`,
    );
  }
  console.log(`API: ${url}api/health`);
  console.log("");
  console.log("Demo sign-ins:");
  for (const user of DEMO_USERS) {
    console.log(`  ${user.email.padEnd(24)} ${user.password}   ${user.description}`);
  }
}

main().catch((error: unknown) => {
  console.error("The service could not start:", error);
  process.exit(1);
});
