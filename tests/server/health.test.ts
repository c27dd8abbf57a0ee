import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/src/app";
import { CONTRACT } from "../fixtures/contract";
import { createTestApp, expectAnswer, openTestDatabase, type TestApp } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers Ok without a token", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(expectAnswer(response, CONTRACT.health.ok)).toEqual(CONTRACT.health.ok.body);
  });

  it("answers NotOk with the maintenance message when one is set", async () => {
    const app = buildApp({ db: t.db, config: { ...t.config, maintenanceMessage: "Back at 10:00 UTC." } });
    try {
      const response = await app.inject({ method: "GET", url: "/api/health" });
      expect(expectAnswer(response, CONTRACT.health.databaseDown)).toEqual({
        portal: "NotOk",
        message: "Back at 10:00 UTC.",
      });
    } finally {
      await app.close();
    }
  });

  it("answers NotOk when the database is unreachable", async () => {
    const { handle, dispose } = await openTestDatabase();
    const app = buildApp({ db: handle.db, config: t.config });
    await app.ready();
    await handle.close();
    try {
      const response = await app.inject({ method: "GET", url: "/api/health" });
      expect(expectAnswer(response, CONTRACT.health.databaseDown)).toEqual(CONTRACT.health.databaseDown.body);
    } finally {
      await app.close();
      await dispose();
    }
  });

  it("answers NotOk when the file store is unreachable", async () => {
    const dir = await mkdtemp(join(tmpdir(), "gemtest-health-"));
    // The store's directory is gone (an unmounted volume, say).
    const app = buildApp({ db: t.db, config: { ...t.config, filesDir: join(dir, "unmounted") } });
    try {
      const response = await app.inject({ method: "GET", url: "/api/health" });
      expect(expectAnswer(response, CONTRACT.health.databaseDown)).toEqual({
        portal: "NotOk",
        message: "The service cannot reach its file store. Please try again shortly.",
      });
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("answers 404 {message} for an unknown API route", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/no/such/route?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Not found: GET /api/no/such/route" });
  });

  it("marks API answers as not cacheable", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("serving the console", () => {
  let consoleApp: FastifyInstance;
  let consoleDir: string;
  beforeAll(async () => {
    consoleDir = await mkdtemp(join(tmpdir(), "gemtest-console-"));
    await writeFile(join(consoleDir, "index.html"), "<html>console</html>");
    await writeFile(join(consoleDir, "app.js"), "console.log('app')");
    consoleApp = buildApp({ db: t.db, config: t.config, consoleDir });
  });
  afterAll(async () => {
    await consoleApp.close();
    await rm(consoleDir, { recursive: true, force: true });
  });

  it("serves files of the build", async () => {
    const response = await consoleApp.inject({ method: "GET", url: "/app.js" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("console.log('app')");
  });

  it("answers client-side routes with index.html", async () => {
    for (const url of ["/", "/gallery/item/42", "/users/abc?tab=1"]) {
      const response = await consoleApp.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe("<html>console</html>");
    }
  });

  it("still answers JSON 404 for unknown API routes", async () => {
    const response = await consoleApp.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Not found: GET /api/nothing-here" });
  });

  it("does not answer other methods with the page", async () => {
    const response = await consoleApp.inject({ method: "POST", url: "/gallery", payload: {} });
    expect(response.statusCode).toBe(404);
  });

  it("starts without a console build and answers 404 for pages", async () => {
    const apiOnly = buildApp({ db: t.db, config: t.config, consoleDir: join(tmpdir(), "no-such-console-dir") });
    try {
      expect((await apiOnly.inject({ method: "GET", url: "/gallery" })).statusCode).toBe(404);
      expect((await apiOnly.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await apiOnly.close();
    }
  });
});
