import { join, resolve } from "node:path";
import { loadAiSettings } from "./ai/settings";
import type { MailConfig } from "./mail/mailer";
import { PAYMENT_PROVIDERS, type PaymentProviderName } from "./payments/provider";

/** Everything the service reads from its environment, parsed once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** Where the embedded PostgreSQL (PGlite) keeps its files; unused when databaseUrl is set. */
  dataDir: string;
  /**
   * Where test files and built zips are stored (a local directory): FILES_DIR, by default
   * DATA_DIR/files — also when the database is a PostgreSQL server.
   */
  filesDir: string;
  /** The product's name in the API: test files carry their kind in `${productKey}TestFileType`. */
  productKey: string;
  /** A PostgreSQL server; when absent the service uses the embedded database in dataDir. */
  databaseUrl: string | undefined;
  /** When absent, a secret is generated once and kept in the database's settings table. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** When set, GET /api/health answers NotOk with this message (the console shows maintenance). */
  maintenanceMessage: string | undefined;
  logLevel: string;
  /** False when another server (Vite in `npm run dev`) serves the console; SERVE_CONSOLE=false. */
  serveConsole: boolean;
  /** Behind a load balancer the client address comes from X-Forwarded-For (the IP rate limit needs it). */
  trustProxy: boolean;
  /**
   * When the lifecycle runs (LIFECYCLE_SCHEDULE, a cron pattern; every 5 minutes by default, and
   * once at start-up); null (`off`) runs it only when asked (tests drive it themselves).
   */
  lifecycleSchedule: string | null;
  /** Mail (mail/mailer.ts): SMTP_URL, MAIL_FROM, PUBLIC_URL for the links; the outbox without SMTP. */
  mail: MailConfig;
  /** Who charges cards for new subscriptions (PAYMENT_PROVIDER): the built-in test provider by default. */
  paymentProvider: PaymentProviderName;
  /** How often an open live-changes stream checks its sign-in (liveChanges/routes.ts); tests shorten it. */
  liveCheckMs?: number;
  /** The largest firmware upload; FIRMWARE_MAX_BYTES (200 MiB) when absent. Tests lower it. */
  firmwareMaxBytes?: number;
  /** The background job runners (AI analysis, bulk downloads): see jobs/runner.ts. */
  jobs: JobsConfig;
  /** Which file store: the local directory filesDir (the default), or S3 when S3_BUCKET is set. */
  storage: StorageConfig;
  /** The leftover sweep (files/sweep.ts): what a crash or an abandoned upload left, and when it goes. */
  leftovers: LeftoverConfig;
  /** What one account may hold (accounts/storage.ts). Read on each request: a test may change it. */
  quota: QuotaConfig;
}

export interface QuotaConfig {
  /**
   * ACCOUNT_STORAGE_QUOTA_MB (5120, i.e. 5 GB), in bytes: what an account's test files (deleted tests'
   * too, until purged), its users' avatars and their bulk-download zips may hold together.
   */
  storageBytes: number;
  /** ACCOUNT_BULK_DOWNLOADS_MAX (10): an account's bulk downloads ready or being built, all its users together. */
  bulkDownloads: number;
}

export interface LeftoverConfig {
  /**
   * LEFTOVER_MIN_AGE_SECONDS (3600): only leftovers older than this go, so a write in progress (a
   * blob stored a moment before its row) is never taken for one (docs/decisions.md).
   */
  minAgeMs: number;
  /** LEFTOVER_SWEEP_SECONDS (600) between sweeps after the one at start-up; `off`: only at start-up. */
  intervalMs: number | null;
}

/** An S3-compatible bucket; credentials come from the AWS SDK's default chain (AWS_ACCESS_KEY_ID…). */
export interface S3StorageConfig {
  kind: "s3";
  /** S3_BUCKET. */
  bucket: string;
  /** S3_REGION, us-east-1 by default. */
  region: string;
  /** S3_ENDPOINT: another S3-compatible server (MinIO, Ceph, s3rver…); AWS itself when absent. */
  endpoint: string | undefined;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` URLs; true by default when an endpoint is set. */
  forcePathStyle: boolean;
  /** Bytes per multipart part (at least 5 MiB, the S3 minimum); not an environment variable. */
  partSize?: number;
}

export type StorageConfig = { kind: "local" } | S3StorageConfig;

/** Timings of the job runners, the same for both queues but their concurrency. */
export interface JobsConfig {
  /** JOB_STALE_AFTER_MS (30 s): a running job not touched for this long is taken up again. */
  staleAfterMs: number;
  /** JOB_HEARTBEAT_MS (5 s): how often a job in hand is touched; less than JOB_STALE_AFTER_MS. */
  heartbeatMs: number;
  /** JOB_SWEEP_MS (10 s): how often a runner looks for left-over and stale jobs. */
  sweepMs: number;
  /** JOB_MAX_ATTEMPTS (3): interrupted attempts before a job fails with a reason. */
  maxAttempts: number;
  /** AI_JOB_CONCURRENCY (4): AI jobs in hand at once per instance. */
  aiConcurrency: number;
  /** BULK_DOWNLOAD_CONCURRENCY (1): zips built at once per instance. */
  bulkDownloadConcurrency: number;
  /** AI_JOB_DELAY_MS (6 s, 0 allowed): how long an AI job takes at least (ai/settings.ts). */
  aiJobDelayMs: number;
}

type Env = Record<string, string | undefined>;

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value;

function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

function loadJobsConfig(env: Env): JobsConfig {
  const jobs: JobsConfig = {
    staleAfterMs: positiveInteger(env, "JOB_STALE_AFTER_MS", 30_000),
    heartbeatMs: positiveInteger(env, "JOB_HEARTBEAT_MS", 5_000),
    sweepMs: positiveInteger(env, "JOB_SWEEP_MS", 10_000),
    maxAttempts: positiveInteger(env, "JOB_MAX_ATTEMPTS", 3),
    aiConcurrency: positiveInteger(env, "AI_JOB_CONCURRENCY", 4),
    bulkDownloadConcurrency: positiveInteger(env, "BULK_DOWNLOAD_CONCURRENCY", 1),
    aiJobDelayMs: loadAiSettings(env).jobDelayMs,
  };
  if (jobs.heartbeatMs >= jobs.staleAfterMs) {
    // Else a job in hand would look stale between two heartbeats and run twice.
    throw new Error(
      `JOB_HEARTBEAT_MS (${jobs.heartbeatMs}) must be less than JOB_STALE_AFTER_MS (${jobs.staleAfterMs})`,
    );
  }
  return jobs;
}

function loadLeftovers(env: Env): LeftoverConfig {
  return {
    minAgeMs: positiveInteger(env, "LEFTOVER_MIN_AGE_SECONDS", 3600) * 1000,
    intervalMs:
      env.LEFTOVER_SWEEP_SECONDS === "off" ? null : positiveInteger(env, "LEFTOVER_SWEEP_SECONDS", 600) * 1000,
  };
}

function booleanFlag(env: Env, name: string): boolean | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

/** The storage section: S3_BUCKET chooses S3; the other S3_* variables are refused without it. */
function loadStorage(env: Env): StorageConfig {
  const bucket = nonEmpty(env.S3_BUCKET);
  const endpoint = nonEmpty(env.S3_ENDPOINT);
  const region = nonEmpty(env.S3_REGION);
  const forcePathStyle = booleanFlag(env, "S3_FORCE_PATH_STYLE");
  if (bucket === undefined) {
    const stray = (["S3_ENDPOINT", "S3_REGION", "S3_FORCE_PATH_STYLE"] as const).filter((name) => nonEmpty(env[name]));
    if (stray.length > 0) {
      throw new Error(`${stray.join(", ")} set without S3_BUCKET: set S3_BUCKET to store files in S3`);
    }
    return { kind: "local" };
  }
  // S3's bucket naming rules: 3 to 63 lowercase letters, digits, dots and hyphens, alphanumeric ends.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes("..")) {
    throw new Error(`S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots, hyphens), got "${bucket}"`);
  }
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
      throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
    }
  }
  if (region !== undefined && !/^[a-z0-9][a-z0-9-]{0,49}$/.test(region)) {
    throw new Error(`S3_REGION must be a region name such as us-east-1, got "${region}"`);
  }
  return {
    kind: "s3",
    bucket,
    region: region ?? "us-east-1",
    endpoint,
    forcePathStyle: forcePathStyle ?? endpoint !== undefined,
  };
}

/** An account's bounds: ACCOUNT_STORAGE_QUOTA_MB (MiB, as the console shows sizes) and ACCOUNT_BULK_DOWNLOADS_MAX. */
function loadQuota(env: Env): QuotaConfig {
  return {
    storageBytes: positiveInteger(env, "ACCOUNT_STORAGE_QUOTA_MB", 5120) * 1024 * 1024,
    bulkDownloads: positiveInteger(env, "ACCOUNT_BULK_DOWNLOADS_MAX", 10),
  };
}

/** PAYMENT_PROVIDER: one of the providers payments/provider.ts knows; `test` when unset. */
function loadPaymentProvider(env: Env): PaymentProviderName {
  const name = nonEmpty(env.PAYMENT_PROVIDER) ?? "test";
  const known = PAYMENT_PROVIDERS.find((provider) => provider === name);
  if (known === undefined) {
    throw new Error(`PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(", ")}, got "${name}"`);
  }
  return known;
}

function loadMail(env: Env, dataDir: string, port: number): MailConfig {
  const productName = nonEmpty(env.PRODUCT_NAME) ?? "Gemtest";
  const publicUrl = (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, "");
  if (!/^https?:\/\/[^\s/]+/.test(publicUrl))
    throw new Error(`PUBLIC_URL must be an http(s) address, got "${publicUrl}"`);
  const smtpUrl = nonEmpty(env.SMTP_URL) ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new Error("SMTP_URL must start with smtp:// or smtps://");
  }
  return {
    smtpUrl,
    from: nonEmpty(env.MAIL_FROM) ?? `${productName} <no-reply@${new URL(publicUrl).hostname}>`,
    outboxDir: join(dataDir, "outbox"),
    publicUrl,
    productName,
  };
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function loadConfig(env: Env = process.env): Config {
  const logLevel = nonEmpty(env.LOG_LEVEL) ?? "info";
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${logLevel}"`);
  }
  const port = nonEmpty(env.PORT) === undefined ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  const jwtSecret = nonEmpty(env.JWT_SECRET);
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    // HS256 keys shorter than the hash output make brute-forcing a token's signature feasible.
    throw new Error("JWT_SECRET must be at least 32 characters long");
  }
  const productKey = nonEmpty(env.PRODUCT_KEY) ?? "gemtest";
  if (!/^[A-Za-z][A-Za-z0-9]{0,39}$/.test(productKey)) {
    throw new Error(`PRODUCT_KEY must be letters and digits starting with a letter, got "${productKey}"`);
  }
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? "./data");
  return {
    port,
    host: nonEmpty(env.HOST) ?? "127.0.0.1",
    dataDir,
    filesDir: resolve(nonEmpty(env.FILES_DIR) ?? join(dataDir, "files")),
    productKey,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    jwtSecret,
    accessTokenTtlSeconds: positiveInteger(env, "ACCESS_TOKEN_TTL_SECONDS", 300),
    refreshTokenTtlDays: positiveInteger(env, "REFRESH_TOKEN_TTL_DAYS", 30),
    maintenanceMessage: nonEmpty(env.MAINTENANCE_MESSAGE),
    logLevel,
    serveConsole: env.SERVE_CONSOLE !== "false",
    trustProxy: env.TRUST_PROXY === "true" || env.TRUST_PROXY === "1",
    lifecycleSchedule: env.LIFECYCLE_SCHEDULE === "off" ? null : (env.LIFECYCLE_SCHEDULE ?? "*/5 * * * *"),
    paymentProvider: loadPaymentProvider(env),
    mail: loadMail(env, dataDir, port),
    jobs: loadJobsConfig(env),
    storage: loadStorage(env),
    leftovers: loadLeftovers(env),
    quota: loadQuota(env),
  };
}
