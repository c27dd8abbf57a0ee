import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/src/config";
import { describeClient } from "../../server/src/http/userAgent";

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: undefined,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 300,
      refreshTokenTtlDays: 30,
      maintenanceMessage: undefined,
      logLevel: "info",
      serveConsole: true,
      trustProxy: false,
    });
    expect(config.dataDir).toMatch(/[/\\]data$/);
    expect(config.filesDir).toBe(join(config.dataDir, "files"));
    expect(config.productKey).toBe("gemtest");
    // 5 GB an account, well above the demo's largest (Brilliant Gems: 208 MB); 10 zips an account.
    expect(config.quota).toEqual({ storageBytes: 5 * 1024 ** 3, bulkDownloads: 10 });
  });

  it("reads the environment", () => {
    const config = loadConfig({
      PORT: "9000",
      HOST: "0.0.0.0",
      DATA_DIR: "/tmp/x",
      DATABASE_URL: "postgres://u@h/db",
      JWT_SECRET: "s".repeat(32),
      ACCESS_TOKEN_TTL_SECONDS: "60",
      REFRESH_TOKEN_TTL_DAYS: "7",
      MAINTENANCE_MESSAGE: "Upgrading",
      LOG_LEVEL: "silent",
      TRUST_PROXY: "true",
      SERVE_CONSOLE: "false",
      PRODUCT_KEY: "jewelscan",
      PAYMENT_PROVIDER: "test",
      LIFECYCLE_SCHEDULE: "0 3 * * *",
      SMTP_URL: "smtp://mail.example.com:587",
      MAIL_FROM: "Jewelscan <hello@example.com>",
      PUBLIC_URL: "https://console.example.com/",
      PRODUCT_NAME: "Jewelscan",
      ACCOUNT_STORAGE_QUOTA_MB: "250",
      ACCOUNT_BULK_DOWNLOADS_MAX: "3",
    });
    expect(config).toEqual({
      port: 9000,
      host: "0.0.0.0",
      dataDir: "/tmp/x",
      filesDir: "/tmp/x/files",
      productKey: "jewelscan",
      databaseUrl: "postgres://u@h/db",
      jwtSecret: "s".repeat(32),
      accessTokenTtlSeconds: 60,
      refreshTokenTtlDays: 7,
      maintenanceMessage: "Upgrading",
      logLevel: "silent",
      serveConsole: false,
      trustProxy: true,
      paymentProvider: "test",
      lifecycleSchedule: "0 3 * * *",
      mail: {
        smtpUrl: "smtp://mail.example.com:587",
        from: "Jewelscan <hello@example.com>",
        outboxDir: "/tmp/x/outbox",
        publicUrl: "https://console.example.com",
        productName: "Jewelscan",
      },
      storage: { kind: "local" },
      jobs: loadConfig({}).jobs,
      leftovers: { minAgeMs: 3_600_000, intervalMs: 600_000 },
      quota: { storageBytes: 250 * 1024 * 1024, bulkDownloads: 3 },
    });
  });

  it("treats blank values as unset", () => {
    expect(loadConfig({ MAINTENANCE_MESSAGE: "  ", DATABASE_URL: "" })).toMatchObject({
      maintenanceMessage: undefined,
      databaseUrl: undefined,
    });
  });

  it.each([
    [{ PORT: "http" }, /PORT/],
    [{ ACCESS_TOKEN_TTL_SECONDS: "0" }, /ACCESS_TOKEN_TTL_SECONDS/],
    [{ REFRESH_TOKEN_TTL_DAYS: "1.5" }, /REFRESH_TOKEN_TTL_DAYS/],
    [{ JWT_SECRET: "short" }, /JWT_SECRET/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL/],
    [{ PRODUCT_KEY: "gem-test" }, /PRODUCT_KEY/],
    [{ ACCOUNT_STORAGE_QUOTA_MB: "0" }, /ACCOUNT_STORAGE_QUOTA_MB/],
    [{ ACCOUNT_STORAGE_QUOTA_MB: "1.5" }, /ACCOUNT_STORAGE_QUOTA_MB/],
    [{ ACCOUNT_BULK_DOWNLOADS_MAX: "-1" }, /ACCOUNT_BULK_DOWNLOADS_MAX/],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("loadConfig: the job runners (config.jobs)", () => {
  it("has today's timings by default", () => {
    expect(loadConfig({}).jobs).toEqual({
      staleAfterMs: 30_000,
      heartbeatMs: 5_000,
      sweepMs: 10_000,
      maxAttempts: 3,
      aiConcurrency: 4,
      bulkDownloadConcurrency: 1,
      aiJobDelayMs: 6_000,
    });
  });

  it("reads them from the environment, small enough for a test to see a dead instance's job taken over", () => {
    expect(
      loadConfig({
        JOB_STALE_AFTER_MS: "1500",
        JOB_HEARTBEAT_MS: "200",
        JOB_SWEEP_MS: "300",
        JOB_MAX_ATTEMPTS: "5",
        AI_JOB_CONCURRENCY: "2",
        BULK_DOWNLOAD_CONCURRENCY: "3",
        AI_JOB_DELAY_MS: "0",
      }).jobs,
    ).toEqual({
      staleAfterMs: 1500,
      heartbeatMs: 200,
      sweepMs: 300,
      maxAttempts: 5,
      aiConcurrency: 2,
      bulkDownloadConcurrency: 3,
      aiJobDelayMs: 0,
    });
  });

  it.each([
    [{ JOB_STALE_AFTER_MS: "0" }, /JOB_STALE_AFTER_MS must be a positive integer/],
    [{ JOB_HEARTBEAT_MS: "-5" }, /JOB_HEARTBEAT_MS must be a positive integer/],
    [{ JOB_SWEEP_MS: "soon" }, /JOB_SWEEP_MS must be a positive integer/],
    [{ JOB_MAX_ATTEMPTS: "2.5" }, /JOB_MAX_ATTEMPTS must be a positive integer/],
    [{ AI_JOB_CONCURRENCY: "0" }, /AI_JOB_CONCURRENCY must be a positive integer/],
    [{ BULK_DOWNLOAD_CONCURRENCY: "many" }, /BULK_DOWNLOAD_CONCURRENCY must be a positive integer/],
    [{ AI_JOB_DELAY_MS: "-1" }, /AI_JOB_DELAY_MS/],
    // A heartbeat as slow as the stale limit would let a job in hand look dead and run twice.
    [{ JOB_STALE_AFTER_MS: "1500" }, /JOB_HEARTBEAT_MS \(5000\) must be less than JOB_STALE_AFTER_MS \(1500\)/],
    [{ JOB_HEARTBEAT_MS: "1000", JOB_STALE_AFTER_MS: "1000" }, /must be less than JOB_STALE_AFTER_MS/],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("loadConfig: the file storage (config.storage)", () => {
  it("is the local directory FILES_DIR unless S3_BUCKET is set", () => {
    expect(loadConfig({}).storage).toEqual({ kind: "local" });
    expect(loadConfig({ S3_BUCKET: "  " }).storage).toEqual({ kind: "local" });
  });

  it("is S3 when S3_BUCKET is set: AWS itself by default, region us-east-1, virtual-hosted URLs", () => {
    expect(loadConfig({ S3_BUCKET: "gemtest-files" }).storage).toEqual({
      kind: "s3",
      bucket: "gemtest-files",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
    });
  });

  it("reads an S3-compatible endpoint, with path-style URLs by default", () => {
    expect(
      loadConfig({ S3_BUCKET: "files", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "eu-west-3" }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "files",
      region: "eu-west-3",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
    });
    expect(
      loadConfig({ S3_BUCKET: "files", S3_ENDPOINT: "https://s3.example.com", S3_FORCE_PATH_STYLE: "false" }).storage,
    ).toMatchObject({ forcePathStyle: false });
    expect(loadConfig({ S3_BUCKET: "files", S3_FORCE_PATH_STYLE: "1" }).storage).toMatchObject({
      endpoint: undefined,
      forcePathStyle: true,
    });
  });

  it.each([
    [{ S3_BUCKET: "ab" }, /S3_BUCKET must be a bucket name/],
    [{ S3_BUCKET: "Gemtest_Files" }, /S3_BUCKET must be a bucket name/],
    [{ S3_BUCKET: "files", S3_ENDPOINT: "localhost:9000" }, /S3_ENDPOINT must be an http\(s\) URL/],
    [{ S3_BUCKET: "files", S3_ENDPOINT: "ftp://example.com" }, /S3_ENDPOINT must be an http\(s\) URL/],
    [{ S3_BUCKET: "files", S3_REGION: "EU West" }, /S3_REGION must be a region name/],
    [{ S3_BUCKET: "files", S3_FORCE_PATH_STYLE: "yes" }, /S3_FORCE_PATH_STYLE must be true or false/],
    // Half an S3 configuration must not quietly fall back to the local directory.
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, /S3_ENDPOINT set without S3_BUCKET/],
    [{ S3_REGION: "eu-west-3", S3_FORCE_PATH_STYLE: "true" }, /S3_REGION, S3_FORCE_PATH_STYLE set without S3_BUCKET/],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("describeClient (request logs)", () => {
  const consoleAgent = JSON.stringify({ browser: "Chrome 141", application: "Admin Portal" });

  it("reads the console's JSON from X-User-Agent first", () => {
    expect(describeClient({ "x-user-agent": consoleAgent, "user-agent": "Mozilla/5.0" })).toEqual({
      application: "Admin Portal",
      browser: "Chrome 141",
    });
  });

  it("falls back to User-Agent, JSON or not", () => {
    expect(describeClient({ "user-agent": consoleAgent })).toEqual({
      application: "Admin Portal",
      browser: "Chrome 141",
    });
    expect(describeClient({ "user-agent": "curl/8.0" })).toEqual({ raw: "curl/8.0" });
    expect(describeClient({})).toEqual({});
  });

  it("keeps what it logs short", () => {
    expect(describeClient({ "user-agent": "x".repeat(5000) }).raw).toHaveLength(300);
  });
});
