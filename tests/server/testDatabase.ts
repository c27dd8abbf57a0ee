/**
 * Where the server tests' databases come from. globalSetup prepares ONE migrated and seeded
 * template; every test file then gets its own copy of it, so files can run in parallel and
 * never see each other's writes.
 */
import { randomBytes } from "node:crypto";
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";

export type TemplateSource =
  /** A PGlite data directory dump (tar) to load into an in-memory PGlite. */
  | { kind: "pglite"; dumpPath: string }
  /** A database on the PostgreSQL server at adminUrl to clone with CREATE DATABASE ... TEMPLATE. */
  | { kind: "postgres"; adminUrl: string; templateName: string };

/** What the ready file says once the template is built (buildTemplate.ts), or why it could not be. */
export type TemplateReady = { template: TemplateSource } | { error: string };

/** Where, in the run's template directory, the seed's files and the ready file are. */
export const templateFilesDir = (dir: string) => join(dir, "files");
export const templateReadyPath = (dir: string) => join(dir, "ready.json");

/** Writes the ready file whole (a reader never sees half of it). */
export async function announce(dir: string, ready: TemplateReady): Promise<void> {
  const path = templateReadyPath(dir);
  await writeFile(`${path}.partial`, JSON.stringify(ready));
  await rename(`${path}.partial`, path);
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The ready file (TemplateReady), written once the template is built. */
    serverTestReady: string;
    /** The file storage directory the template's seed wrote its photos to; copied per test file. */
    serverTestFiles: string;
  }
}

/** The same server as `url`, another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export const uniqueDatabaseName = (prefix: string) => `${prefix}_${randomBytes(6).toString("hex")}`;

/** Runs administrative statements (CREATE/DROP DATABASE) on a short-lived connection. */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Database names here are generated, never user input; quoting keeps the statement well-formed. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
