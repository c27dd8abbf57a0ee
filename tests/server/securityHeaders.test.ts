/**
 * Issue 12 item 6: the console's pages run under a Content Security Policy without inline script,
 * nobody may frame the console or the API, and every answer carries nosniff and no-referrer.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/src/app";
import { bearer, createTestApp, signIn, type TestApp } from "./helpers";

let t: TestApp;
let app: FastifyInstance;
let consoleDir: string;
beforeAll(async () => {
  t = await createTestApp();
  consoleDir = await mkdtemp(join(tmpdir(), "gemtest-console-"));
  await writeFile(join(consoleDir, "index.html"), '<html><script type="module" src="/app.js"></script></html>');
  await writeFile(join(consoleDir, "app.js"), "console.log('app')");
  app = buildApp({ db: t.db, config: t.config, consoleDir });
});
afterAll(async () => {
  await app.close();
  await rm(consoleDir, { recursive: true, force: true });
  await t.close();
});

/** A CSP header as its directives: name → sources. */
function directives(response: LightMyRequestResponse): Record<string, string[]> {
  const header = response.headers["content-security-policy"];
  expect(typeof header, "a Content-Security-Policy header").toBe("string");
  return Object.fromEntries(
    String(header)
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** What every answer carries, page or API. */
function expectCommonHeaders(response: LightMyRequestResponse) {
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["referrer-policy"]).toBe("no-referrer");
  expect(response.headers["x-frame-options"]).toBe("DENY");
  expect(directives(response)["frame-ancestors"]).toEqual(["'none'"]);
}

describe("the console's pages", () => {
  it("run under a policy with scripts only from the service's files, and no framing", async () => {
    // The start page, a signed-in route, and a public page whose address carries a token.
    for (const url of ["/", "/login", "/gallery/item/42", "/forgot-password?token=abc"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expectCommonHeaders(response);
      const policy = directives(response);
      expect(policy["default-src"], url).toEqual(["'self'"]);
      // No inline script and no eval: an injected <script> or onclick= does not run.
      expect(policy["script-src"], url).toEqual(["'self'"]);
      expect(policy["script-src-attr"], url).toEqual(["'none'"]);
      expect(policy["object-src"], url).toEqual(["'none'"]);
      expect(policy["connect-src"], url).toEqual(["'self'"]);
      // Signed file links and avatars are the service's; the avatar preview is a blob:.
      expect(policy["img-src"], url).toEqual(["'self'", "data:", "blob:"]);
      expect(policy["base-uri"], url).toEqual(["'self'"]);
      expect(policy["form-action"], url).toEqual(["'self'"]);
    }
  });

  it("serve the build's files with the same headers", async () => {
    const response = await app.inject({ method: "GET", url: "/app.js" });
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response);
  });
});

describe("the API's answers", () => {
  it("carry the same headers, and a policy that lets nothing load", async () => {
    const { accessToken } = await signIn(app, "superadmin@example.com");
    const answers = [
      await app.inject({ method: "GET", url: "/api/health" }),
      await app.inject({ method: "GET", url: "/api/accounts", headers: bearer(accessToken) }),
      await app.inject({ method: "GET", url: "/api/accounts" }), // 401
      await app.inject({ method: "GET", url: "/api/nothing-here" }), // 404
      await app.inject({ method: "POST", url: "/api/v2/auth/login", payload: { email: 1 } }), // 400
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 401, 404, 400]);
    for (const response of answers) {
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expectCommonHeaders(response);
      expect(response.headers["content-security-policy"]).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
    }
  });

  it("let the documentation page keep its own policy", async () => {
    const response = await app.inject({ method: "GET", url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-security-policy"]).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    // Its own policy still forbids framing it (issue 24 item 7).
    expectCommonHeaders(response);
  });
});
