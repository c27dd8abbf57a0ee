import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerOf, installGuard } from "../../server/src/auth/guard";
import { handleError } from "../../server/src/http/errors";
import { createServices } from "../../server/src/services";
import { systemClock } from "../../server/src/clock";
import { users } from "../../server/src/db/schema";
import { createTestApp, signIn, type TestApp } from "./helpers";

let t: TestApp;
let guarded: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  const services = await createServices(t.db, t.config, t.app.log, systemClock);
  guarded = Fastify();
  guarded.setErrorHandler(handleError);
  installGuard(guarded, services);
  guarded.get("/admins", { config: { access: ["SuperAdmin", "Admin"] } }, async (request) => ({
    id: callerOf(request).id,
  }));
  guarded.get("/anyone", { config: { access: "signedIn" } }, async (request) => ({ id: callerOf(request).id }));
  guarded.get("/open", { config: { access: "public" } }, async () => ({ ok: true }));
});
afterAll(async () => {
  await guarded.close();
  await t.close();
});

describe("the role guard", () => {
  it.each([
    ["superadmin@example.com", 200],
    ["admin@example.com", 200],
    ["manager@example.com", 403],
    ["user@example.com", 403],
  ])("lets %s into an admins-only route: %i", async (email, status) => {
    const session = await signIn(t.app, email);
    const response = await guarded.inject({
      method: "GET",
      url: "/admins",
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.json()).toEqual({ message: "You do not have permission to do this." });
    else expect(response.json()).toEqual({ id: session.user.id });
  });

  it("lets any signed-in user into a signedIn route and nobody else", async () => {
    const session = await signIn(t.app, "user@example.com");
    expect(
      (
        await guarded.inject({
          method: "GET",
          url: "/anyone",
          headers: { authorization: `Bearer ${session.accessToken}` },
        })
      ).statusCode,
    ).toBe(200);
    expect((await guarded.inject({ method: "GET", url: "/anyone" })).statusCode).toBe(401);
  });

  it("lets anybody into a public route", async () => {
    expect((await guarded.inject({ method: "GET", url: "/open" })).json()).toEqual({ ok: true });
  });

  it("refuses to start when a route does not say who may call it", async () => {
    const app = Fastify();
    installGuard(app, await createServices(t.db, t.config, t.app.log, systemClock));
    expect(() => app.get("/forgotten", async () => ({}))).toThrow(/must declare config.access/);
    await app.close();
  });
});

/**
 * On the embedded database the guard's answer (the token's user, the sign-in live) is remembered
 * until the data changes (db/readCache.ts): each change below comes after an answer was
 * remembered, and must count on the very next request.
 */
describe("the guard after a change", () => {
  const admins = (accessToken: string) =>
    guarded.inject({ method: "GET", url: "/admins", headers: { authorization: `Bearer ${accessToken}` } });

  it("refuses a demoted admin on the next request, and lets them in again once promoted", async () => {
    const session = await signIn(t.app, "admin@example.com");
    expect((await admins(session.accessToken)).statusCode).toBe(200);
    expect((await admins(session.accessToken)).statusCode).toBe(200);
    try {
      await t.db.update(users).set({ role: "Manager" }).where(eq(users.id, session.user.id));
      expect((await admins(session.accessToken)).statusCode).toBe(403);
    } finally {
      await t.db.update(users).set({ role: "Admin" }).where(eq(users.id, session.user.id));
    }
    expect((await admins(session.accessToken)).statusCode).toBe(200);
  });

  it("refuses the access token of a sign-in ended a moment ago", async () => {
    const session = await signIn(t.app, "admin@example.com");
    expect((await admins(session.accessToken)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/logout",
      payload: { refreshToken: session.refreshToken },
    });
    expect(logout.statusCode).toBe(204);
    const refused = await admins(session.accessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: "token_expired" });
  });

  it("refuses a user disabled inside a transaction", async () => {
    const session = await signIn(t.app, "admin@example.com");
    expect((await admins(session.accessToken)).statusCode).toBe(200);
    try {
      await t.db.transaction((tx) => tx.update(users).set({ status: "disabled" }).where(eq(users.id, session.user.id)));
      const refused = await admins(session.accessToken);
      expect(refused.statusCode).toBe(401);
      // Their sign-in has ended: a console refreshes, is refused, and goes to /login.
      expect(refused.json()).toEqual({ message: "token_expired" });
    } finally {
      await t.db.update(users).set({ status: "active" }).where(eq(users.id, session.user.id));
    }
  });
});
