/**
 * Builds the server tests' template, a script globalSetup.ts runs as a process of its own
 * (`node --import tsx buildTemplate.ts <dir>`): a migrated and seeded database, and the files its
 * seed wrote. Writes `<dir>/ready.json` (TemplateReady) when done or failed. With
 * TEST_DATABASE_URL set the template is a database on that PostgreSQL server; otherwise a dump of
 * a PGlite data directory.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openPostgres, pgliteHandle, PGLITE_EXTENSIONS } from "../../server/src/db/client";
import { prepareDb } from "../../server/src/db/prepare";
import { localDirectoryStorage } from "../../server/src/files/storage";
import {
  adminQuery,
  announce,
  quoteIdent,
  templateFilesDir,
  uniqueDatabaseName,
  withDatabase,
  type TemplateSource,
} from "./testDatabase";

async function buildPglite(dir: string): Promise<TemplateSource> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await prepareDb(pgliteHandle(client), { storage: localDirectoryStorage(templateFilesDir(dir)) });
    // Without the WAL segment kept for reuse, each test file's copy loads a quarter less (72 → 56 MB,
    // ~130 ms less per file): removed at the checkpoint rather than recycled.
    await client.exec("set wal_recycle = off");
    await client.exec("checkpoint");
    const dump = await client.dumpDataDir("none");
    const dumpPath = join(dir, "template.tar");
    await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
    return { kind: "pglite", dumpPath };
  } finally {
    await client.close();
  }
}

async function buildPostgres(dir: string, adminUrl: string): Promise<TemplateSource> {
  const templateName = uniqueDatabaseName("gemtest_template");
  await adminQuery(adminUrl, `create database ${quoteIdent(templateName)}`);
  const handle = openPostgres(withDatabase(adminUrl, templateName));
  try {
    await prepareDb(handle, { storage: localDirectoryStorage(templateFilesDir(dir)) });
  } finally {
    // CREATE DATABASE ... TEMPLATE refuses a template with open connections.
    await handle.close();
  }
  return { kind: "postgres", adminUrl, templateName };
}

const dir = process.argv[2]!;
const adminUrl = process.env.TEST_DATABASE_URL;
try {
  await announce(dir, { template: await (adminUrl ? buildPostgres(dir, adminUrl) : buildPglite(dir)) });
} catch (error) {
  await announce(dir, { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
