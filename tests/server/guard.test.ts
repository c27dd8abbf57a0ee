import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerOf, installGuard } from "../../server/src/auth/guard";
import { handleError } from "../../server/src/http/errors";
import { createServices } from "../../server/src/services";
import { systemClock } from "../../server/src/clock";
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
