import { randomUUID } from "node:crypto";
import { openAsBlob } from "node:fs";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { SignJWT } from "jose";
import { expect, inject } from "vitest";
import type { ApiUser, LoginResponse } from "../../src/api/types";
import type { Answer } from "../fixtures/contract";
import { shapeDifferences } from "../fixtures/shape";
import { buildApp } from "../../server/src/app";
import { loadConfig, type Config } from "../../server/src/config";
import {
  openPostgres,
  pgliteHandle,
  PGLITE_EXTENSIONS,
  type Database,
  type DbHandle,
} from "../../server/src/db/client";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import type { Clock } from "../../server/src/clock";
import type { PaymentProvider } from "../../server/src/payments/provider";
import { settings } from "../../server/src/db/schema";
import { createStorage, type FileStorage } from "../../server/src/files/storage";
import {
  adminQuery,
  quoteIdent,
  uniqueDatabaseName,
  withDatabase,
  type TemplateReady,
  type TemplateSource,
} from "./testDatabase";

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /**
   * The app's file storage: by default its own copy of the seeded files (config.filesDir); the
   * store config.storage names when a test passes one (e.g. an S3 bucket, tests/server/s3Server.ts).
   */
  storage: FileStorage;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  consoleDir?: string;
  /** The lifecycle's clock: a test's movableClock() to cross day boundaries. */
  clock?: Clock;
  /** Who charges cards: a test's own provider (e.g. testPaymentProvider(), to count its charges). */
  paymentProvider?: PaymentProvider;
}

let template: Promise<TemplateSource> | undefined;

/**
 * The seeded template, once globalSetup has built it (it builds while the first test files run):
 * its ready file is polled, a build that failed fails the test with the build's error.
 */
export function templateSource(): Promise<TemplateSource> {
  template ??= (async () => {
    for (;;) {
      const text = await readFile(inject("serverTestReady"), "utf8").catch(() => undefined);
      if (text !== undefined) {
        const ready = JSON.parse(text) as TemplateReady;
        if ("error" in ready) throw new Error(`The template database was not built:\n${ready.error}`);
        return ready.template;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return template;
}

/** A copy of the seeded template database; dispose() after closing the handle. */
export async function openTestDatabase(): Promise<{ handle: DbHandle; dispose(): Promise<void> }> {
  const template = await templateSource();
  if (template.kind === "pglite") {
    const client = await PGlite.create({
      loadDataDir: await openAsBlob(template.dumpPath),
      extensions: PGLITE_EXTENSIONS,
    });
    return { handle: pgliteHandle(client), dispose: async () => undefined };
  }
  const name = uniqueDatabaseName("gemtest_test");
  await adminQuery(
    template.adminUrl,
    `create database ${quoteIdent(name)} template ${quoteIdent(template.templateName)}`,
  );
  return {
    handle: openPostgres(withDatabase(template.adminUrl, name)),
    dispose: () => adminQuery(template.adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`),
  };
}

/** A copy of the seeded file storage in a new temporary directory; remove() when done. */
export async function copyTestFiles(): Promise<{ dataDir: string; filesDir: string; remove(): Promise<void> }> {
  await templateSource();
  const dataDir = await mkdtemp(join(tmpdir(), "gemtest-test-data-"));
  const filesDir = join(dataDir, "files");
  await cp(inject("serverTestFiles"), filesDir, { recursive: true });
  return { dataDir, filesDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/** The app on its own seeded database and file storage, quiet unless LOG_LEVEL says otherwise. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { handle, dispose } = await openTestDatabase();
  const files = await copyTestFiles();
  const config: Config = {
    // The lifecycle runs only when a test drives it (lifecycle.test.ts).
    ...loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL ?? "silent", DATA_DIR: files.dataDir, LIFECYCLE_SCHEDULE: "off" }),
    ...options.config,
  };
  const app = buildApp({
    db: handle.db,
    config,
    consoleDir: options.consoleDir,
    clock: options.clock,
    paymentProvider: options.paymentProvider,
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    storage: createStorage(config),
    async close() {
      await app.close();
      await handle.close();
      await dispose();
      await files.remove();
    },
  };
}

/** Each call gets its own client address, so the per-address sign-in limit never couples tests. */
let lastAddress = 0;
export const freshIp = () => {
  lastAddress += 1;
  return `10.0.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD, ip = freshIp()) {
  return app.inject({ method: "POST", url: "/api/v2/auth/login", payload: { email, password }, remoteAddress: ip });
}

/** Signs in and fails the test unless it works. */
export async function signIn(app: FastifyInstance, email: string): Promise<LoginResponse> {
  const response = await login(app, email);
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  return response.json<LoginResponse>();
}

export const refresh = (app: FastifyInstance, refreshToken: string) =>
  app.inject({ method: "POST", url: "/api/v2/auth/refresh", payload: { refreshToken } });

export const getUser = (app: FastifyInstance, token: string, id: string) =>
  app.inject({ method: "GET", url: `/api/users/${id}`, headers: bearer(token) });

export const verifyToken = (app: FastifyInstance, token?: string) =>
  app.inject({ method: "POST", url: "/api/verify-token", headers: token === undefined ? {} : bearer(token) });

/**
 * An access token signed with the service's own key but with the given claims and timing,
 * e.g. one that expired a minute ago.
 */
export async function forgeAccessToken(
  db: Database,
  claims: { sub: string; role: string; accountId: string; sid?: string },
  timing: { issuedAt: number; expiresAt: number },
): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, "jwt_secret"));
  if (!row) throw new Error("no generated JWT secret in the settings table");
  // `sid` names the sign-in (refresh-token family); a made-up one is a sign-in that does not exist.
  return new SignJWT({ role: claims.role, accountId: claims.accountId, sid: claims.sid ?? randomUUID() })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuedAt(timing.issuedAt)
    .setExpirationTime(timing.expiresAt)
    .sign(new TextEncoder().encode(row.value));
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export const messageOf = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;

/**
 * The service answered as the contract (tests/fixtures/contract.ts) says: its status, and no body,
 * the exact body of a refusal, or a body of the example's shape. Answers the body.
 */
export function expectAnswer<T = unknown>(response: LightMyRequestResponse, answer: Answer): T {
  expect(response.statusCode, response.body).toBe(answer.status);
  if (answer.body === null) {
    expect(response.body).toBe("");
    return undefined as T;
  }
  const body = response.json<T>();
  if ("exact" in answer && answer.exact) expect(body).toEqual(answer.body);
  else expect(shapeDifferences(body, answer.body)).toEqual([]);
  return body;
}

export type { ApiUser };

/**
 * What a set of tables holds, as one digest per table computed by the database: a refused request
 * must leave it unchanged. (Reading thousands of seeded rows into JavaScript per check made the
 * refusal suites slow.)
 */
export async function tablesDigest(db: Database, tables: readonly PgTable[]): Promise<string[]> {
  return Promise.all(
    tables.map(async (table) => {
      // Both drivers (PGlite and pg) answer { rows }; the shared Database type does not say so.
      const result = (await db.execute(
        sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
      )) as unknown as { rows: { digest: string }[] };
      return result.rows[0].digest;
    }),
  );
}
