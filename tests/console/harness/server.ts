import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import type { ApiUser, Role, SubscriptionStatus } from "../../../src/api/types";

/** A signed token the console can decode (it never verifies signatures). */
export function fakeToken(sub: string, role: Role, secondsLeft = 3600): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ sub, role, accountId: "acc-1", iat: now, exp: now + secondsLeft })}.sig`;
}

export const userFor = (role: Role): ApiUser => ({
  id: `user-${role}`,
  accountId: "acc-1",
  businessId: null,
  firstName: "Ada",
  lastName: role,
  email: `${role.toLowerCase()}@example.com`,
  role,
  avatar: null,
});

export interface ServiceState {
  health: { portal: "Ok" | "NotOk"; message: string };
  subscription: { status: SubscriptionStatus; message: string };
  calls: string[];
}

export const state: ServiceState = {
  health: { portal: "Ok", message: "" },
  subscription: { status: "active", message: "" },
  calls: [],
};

/**
 * The spec §7 contract answered by msw, the way any conforming service would answer it.
 * Each test sets `state` to shape the answers and reads `state.calls` to see what was asked.
 */
const handlers = [
  http.get("*/api/health", () => {
    state.calls.push("GET health");
    return HttpResponse.json(state.health);
  }),
  http.post("*/api/v2/auth/refresh", async ({ request }) => {
    state.calls.push("POST v2/auth/refresh");
    const { refreshToken } = (await request.json()) as { refreshToken: string };
    const role = refreshToken.split(":")[1] as Role;
    return HttpResponse.json({ accessToken: fakeToken(`user-${role}`, role), refreshToken: `refresh:${role}:next` });
  }),
  http.post("*/api/verify-token", () => {
    state.calls.push("POST verify-token");
    return HttpResponse.json({ valid: true });
  }),
  http.post("*/api/v2/auth/login", async ({ request }) => {
    state.calls.push("POST v2/auth/login");
    const { email, password } = (await request.json()) as { email: string; password: string };
    const role = (["SuperAdmin", "Admin", "Manager", "User"] as Role[]).find(
      (candidate) => `${candidate.toLowerCase()}@example.com` === email,
    );
    if (!role || password !== "demo1234") {
      return HttpResponse.json({ message: "Incorrect email or password." }, { status: 401 });
    }
    return HttpResponse.json({
      accessToken: fakeToken(`user-${role}`, role),
      refreshToken: `refresh:${role}:1`,
      user: userFor(role),
    });
  }),
  http.post("*/api/v2/auth/logout", () => {
    state.calls.push("POST v2/auth/logout");
    return new HttpResponse(null, { status: 204 });
  }),
  http.get("*/api/users/:id", ({ params }) => {
    state.calls.push(`GET users/${String(params.id)}`);
    const role = String(params.id).replace("user-", "") as Role;
    return HttpResponse.json(userFor(role));
  }),
  http.get("*/api/tests/facets", () => HttpResponse.json({ accounts: [] })),
  http.get("*/api/tests", () => HttpResponse.json([], { headers: { "Content-Range": "tests 0-0/0" } })),
  http.get("*/api/v2/payments/subscription", () => {
    state.calls.push("GET v2/payments/subscription");
    return HttpResponse.json(state.subscription);
  }),
];

export const server = setupServer(...handlers);

export function resetState(): void {
  state.health = { portal: "Ok", message: "" };
  state.subscription = { status: "active", message: "" };
  state.calls = [];
}
