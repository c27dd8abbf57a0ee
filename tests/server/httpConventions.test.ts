/**
 * Issue 24 item 7: the statuses and headers every /api answer follows (docs/api.md "Errors"):
 * an unknown route's 404 is not cached, a wrong method on a known path is 405 with `Allow`, a
 * 401 says how to authenticate (and that the token sent was refused), a 429 says how long to wait.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/src/app";
import { TOKEN_EXPIRED } from "../../src/api/types";
import {
  bearer,
  createTestApp,
  forgeAccessToken,
  freshIp,
  login,
  messageOf,
  nowSeconds,
  signIn,
  type TestApp,
} from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a request no route takes", () => {
  it("answers 404 for an unknown /api path, never cached", async () => {
    for (const [method, url] of [
      ["GET", "/api/nothing-here"],
      ["POST", "/api/nothing-here?x=1"],
      ["DELETE", "/api/accounts/1/nothing"],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(messageOf(response)).toBe(`Not found: ${method} ${url.split("?")[0]}`);
      expect(response.headers["cache-control"], `${method} ${url}`).toBe("no-store");
      expect(response.headers.allow).toBeUndefined();
    }
  });

  it("answers 405 with the path's methods in Allow for a wrong method on a known path, never cached", async () => {
    const cases = [
      // A fixed path, a parametric one, and one whose only route is a POST.
      { method: "DELETE", url: "/api/health", allow: "GET, HEAD" },
      { method: "PATCH", url: "/api/accounts/10000000-0000-4000-8000-000000000002", allow: "GET, HEAD, PUT, DELETE" },
      { method: "GET", url: "/api/v2/auth/login?next=1", allow: "POST" },
    ] as const;
    for (const { method, url, allow } of cases) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      expect(messageOf(response)).toBe(`Method not allowed: ${method} ${url.split("?")[0]}`);
      expect(response.headers["cache-control"]).toBe("no-store");
      // Each method Allow names is indeed taken (not 404 nor 405).
      for (const allowed of allow.split(", ")) {
        const answer = await t.app.inject({ method: allowed as "GET", url });
        expect([404, 405], `${allowed} ${url}`).not.toContain(answer.statusCode);
      }
    }
  });
});

describe("a request no route takes, with the console served", () => {
  it("is still 404 on an unknown /api path: the console's files (GET /*) make no path known", async () => {
    const consoleDir = await mkdtemp(join(tmpdir(), "gemtest-console-"));
    await writeFile(join(consoleDir, "index.html"), "<html></html>");
    const app = buildApp({ db: t.db, config: t.config, consoleDir });
    try {
      for (const method of ["GET", "POST"] as const) {
        const response = await app.inject({ method, url: "/api/nothing-here" });
        expect(response.statusCode, method).toBe(404);
        expect(response.headers["cache-control"], method).toBe("no-store");
      }
      expect((await app.inject({ method: "DELETE", url: "/api/health" })).headers.allow).toBe("GET, HEAD");
    } finally {
      await app.close();
      await rm(consoleDir, { recursive: true, force: true });
    }
  });
});

describe("a 401", () => {
  it("says how to authenticate: Bearer, without a token and on wrong credentials", async () => {
    const noToken = await t.app.inject({ method: "GET", url: "/api/accounts" });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.headers["www-authenticate"]).toBe("Bearer");
    const wrong = await login(t.app, "user@example.com", "wrong password");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers["www-authenticate"]).toBe("Bearer");
  });

  it('says the token sent was refused: error="invalid_token" for a bad, an expired and an ended one', async () => {
    const session = await signIn(t.app, "user@example.com");
    const expired = await forgeAccessToken(
      t.db,
      { sub: session.user.id, role: session.user.role, accountId: session.user.accountId },
      { issuedAt: nowSeconds() - 600, expiresAt: nowSeconds() - 60 },
    );
    const ended = await signIn(t.app, "manager@example.com");
    const signedOut = await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/logout",
      payload: { refreshToken: ended.refreshToken },
    });
    expect(signedOut.statusCode).toBe(204);
    for (const [what, token, message] of [
      ["bad", "not-a-token", "Unauthorized"],
      ["expired", expired, TOKEN_EXPIRED],
      ["ended", ended.accessToken, TOKEN_EXPIRED],
    ] as const) {
      const response = await t.app.inject({ method: "GET", url: "/api/accounts", headers: bearer(token) });
      expect(response.statusCode, what).toBe(401);
      expect(messageOf(response), what).toBe(message);
      expect(response.headers["www-authenticate"], what).toBe('Bearer error="invalid_token"');
    }
  });
});

describe("a 429", () => {
  it("says in Retry-After how many seconds to wait: the sign-in throttle and the password re-check", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await login(t.app, "admin@example.com", "wrong", ip)).statusCode).toBe(401);
    const refused = await login(t.app, "admin@example.com", "wrong", ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("900");

    const session = await signIn(t.app, "user@example.com");
    const check = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/users/password/check",
        headers: bearer(session.accessToken),
        payload: { password },
      });
    for (let i = 0; i < 5; i += 1) expect((await check("wrong")).json()).toEqual({ isCorrect: false });
    const locked = await check("demo1234");
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["retry-after"]).toBe("900");
  });
});
