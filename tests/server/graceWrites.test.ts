/**
 * The console's list of the grace period's writes (src/access/graceWrites.ts) against the service's
 * own declaration, each route's `allowedDuringGrace` (shown in the OpenAPI document as
 * `x-allowed-during-grace`): every write the console names is a route of the service, allowed in the
 * console's list exactly when the service allows it, and every write the service allows is known
 * to the console.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRACE_WRITES } from "../../src/access/graceWrites";
import { createTestApp, type TestApp } from "./helpers";

let t: TestApp;
let operations: Map<string, Record<string, unknown>>;

beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json<{
    paths: Record<string, Record<string, Record<string, unknown>>>;
  }>();
  operations = new Map(
    Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as const),
    ),
  );
});
afterAll(async () => {
  await t.close();
});

describe("the grace period's writes, console and service", () => {
  it("names only routes of the service, each allowed exactly when the service allows it", () => {
    const wrong = Object.entries(GRACE_WRITES).flatMap(([route, answer]) => {
      const operation = operations.get(route);
      if (!operation) return [`${route}: no such route`];
      const allowed = operation["x-allowed-during-grace"] === true;
      return allowed === (answer === "allowed") ? [] : [`${route}: the console says ${answer}`];
    });
    expect(wrong).toEqual([]);
  });

  it("knows every write the service allows during the grace period", () => {
    const allowedByService = [...operations].filter(([, operation]) => operation["x-allowed-during-grace"] === true);
    expect(allowedByService.length).toBeGreaterThan(0);
    const unknown = allowedByService.map(([route]) => route).filter((route) => !(route in GRACE_WRITES));
    expect(unknown).toEqual([]);
  });
});
