import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { ROLES, type ApiUser, type Role, type SubscriptionStatusResponse } from "../../../src/api/types";
import {
  API_USER,
  CONTRACT,
  signedFileLink,
  TEST_FILE,
  USER_RECORD,
  type EmptyAnswer,
  type JsonAnswer,
} from "../../fixtures/contract";

/** A signed token the console can decode (it never verifies signatures). */
export function fakeToken(sub: string, role: Role, secondsLeft = 3600): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ sub, role, accountId: "acc-1", iat: now, exp: now + secondsLeft })}.sig`;
}

export const userFor = (role: Role): ApiUser => ({
  ...API_USER,
  id: `user-${role}`,
  accountId: "acc-1",
  businessId: null,
  firstName: "Ada",
  lastName: role,
  email: `${role.toLowerCase()}@example.com`,
  role,
  avatar: null,
});

/**
 * msw's response for an answer of the contract (tests/fixtures/contract.ts): its status, and its
 * body or `body` in its place (a body of the same shape, with this test's ids and values).
 */
export function reply<T>(answer: JsonAnswer<T> | EmptyAnswer, body?: T, headers?: Record<string, string>) {
  if (answer.body === null) return new HttpResponse(null, { status: answer.status, headers });
  return HttpResponse.json((body ?? answer.body) as never, { status: answer.status, headers });
}

export interface ServiceState {
  health: { portal: "Ok" | "NotOk"; message: string };
  subscription: SubscriptionStatusResponse;
  calls: string[];
}

export const state: ServiceState = {
  health: { ...CONTRACT.health.ok.body },
  subscription: { ...CONTRACT.subscription.active.body },
  calls: [],
};

/** The role of a user id the harness hands out (`user-Admin`…), or null. */
const roleOfUserId = (id: string): Role | null => ROLES.find((role) => id === `user-${role}`) ?? null;

/** The role in a bearer token made by fakeToken, or null without one. */
function roleOfBearer(request: Request): Role | null {
  const token = request.headers.get("authorization")?.replace(/^Bearer /, "");
  try {
    const claims = JSON.parse(Buffer.from(token?.split(".")[1] ?? "", "base64url").toString()) as { role?: unknown };
    return ROLES.find((role) => role === claims.role) ?? null;
  } catch {
    return null;
  }
}

const typeOfUpload = (name: string) => (/\.(jpe?g|png)$/i.test(name) ? "image" : "document");

/**
 * The spec §7 contract answered by msw with the service's own answers (tests/fixtures/contract.ts,
 * which the service tests assert against the real service). Each test sets `state` to shape the
 * answers, or replaces a handler with `server.use`, and reads `state.calls` to see what was asked.
 */
const handlers = [
  http.get("*/api/health", () => {
    state.calls.push("GET health");
    return reply(CONTRACT.health.ok, state.health);
  }),
  http.post("*/api/v2/auth/refresh", async ({ request }) => {
    state.calls.push("POST v2/auth/refresh");
    const { refreshToken } = (await request.json()) as { refreshToken: string };
    const role = refreshToken.split(":")[1] as Role;
    return reply(CONTRACT.refresh.ok, {
      accessToken: fakeToken(`user-${role}`, role),
      refreshToken: `refresh:${role}:next`,
    });
  }),
  http.post("*/api/verify-token", ({ request }) => {
    state.calls.push("POST verify-token");
    const role = roleOfBearer(request);
    if (!role) return reply(CONTRACT.token.missing);
    return reply(CONTRACT.verifyToken.ok, { valid: true, user: userFor(role) });
  }),
  http.post("*/api/v2/auth/login", async ({ request }) => {
    state.calls.push("POST v2/auth/login");
    const { email, password } = (await request.json()) as { email: string; password: string };
    const role = ROLES.find((candidate) => `${candidate.toLowerCase()}@example.com` === email);
    if (!role || password !== "demo1234") return reply(CONTRACT.login.wrongCredentials);
    return reply(CONTRACT.login.ok, {
      accessToken: fakeToken(`user-${role}`, role),
      refreshToken: `refresh:${role}:1`,
      user: userFor(role),
    });
  }),
  http.post("*/api/v2/auth/logout", () => {
    state.calls.push("POST v2/auth/logout");
    return reply(CONTRACT.logout.ok);
  }),
  // User Settings: every signed-in console loads the preferences once; by default a user has none.
  http.get("*/api/users/me/preferences", () => reply(CONTRACT.userSettings.defaults)),
  http.get("*/api/users/:id", ({ params }) => {
    state.calls.push(`GET users/${String(params.id)}`);
    const role = roleOfUserId(String(params.id));
    if (!role) return reply(CONTRACT.currentUser.notFound);
    return reply(CONTRACT.currentUser.ok, { ...USER_RECORD, ...userFor(role) });
  }),
  http.post("*/api/users/password/check", async ({ request }) => {
    state.calls.push("POST users/password/check");
    const { password } = (await request.json()) as { password: string };
    return reply(password === "demo1234" ? CONTRACT.passwordCheck.correct : CONTRACT.passwordCheck.incorrect);
  }),
  // Home (GET dashboard): the contract's answer for the bearer's role.
  http.get("*/api/dashboard", ({ request }) => {
    const role = roleOfBearer(request);
    if (role === "SuperAdmin") return reply(CONTRACT.dashboard.superAdmin);
    if (role === "Admin") return reply(CONTRACT.dashboard.admin);
    if (role === "Manager") return reply(CONTRACT.dashboard.manager);
    return reply(CONTRACT.dashboard.user);
  }),
  // A service following spec §7 alone: no live changes (the console keeps polling where it polls).
  http.get("*/api/events", () => reply(CONTRACT.liveChanges.notFound)),
  http.get("*/api/tests/facets", () => HttpResponse.json({ accounts: [] })),
  http.get("*/api/tests", () => {
    const empty = CONTRACT.lists.emptyGallery;
    return HttpResponse.json(empty.body, { status: empty.status, headers: empty.headers });
  }),
  http.get("*/api/v2/payments/subscription", () => {
    state.calls.push("GET v2/payments/subscription");
    return reply(CONTRACT.subscription.active, state.subscription);
  }),
  http.delete("*/api/tests/:id/:fileId", ({ params }) => {
    state.calls.push(`DELETE tests/${String(params.id)}/${String(params.fileId)}`);
    return reply(CONTRACT.deleteFile.ok);
  }),
  http.delete("*/api/tests/:id", ({ params }) => {
    state.calls.push(`DELETE tests/${String(params.id)}`);
    return reply(CONTRACT.deleteTest.ok);
  }),
  http.post("*/api/tests/share/:id", ({ params }) => {
    state.calls.push(`POST tests/share/${String(params.id)}`);
    return reply(CONTRACT.share.ok, { sharedAt: new Date().toISOString() });
  }),
  http.post("*/api/v2/tests/file", async ({ request }) => {
    state.calls.push("POST v2/tests/file");
    const file = (await request.formData()).get("files");
    const name = file instanceof File && file.name ? file.name : TEST_FILE.name;
    const id = `file-${state.calls.length}`;
    return reply(CONTRACT.upload.ok, {
      file: { ...TEST_FILE, _id: id, name, link: signedFileLink(id), type: typeOfUpload(name) },
    });
  }),
  http.get("*/api/ai/test/:id/group/:group/result", ({ params }) => {
    state.calls.push(`GET ai/test/${String(params.id)}/group/${String(params.group)}/result`);
    return reply(CONTRACT.ai.result.none);
  }),
  http.post("*/api/ai/test/:id/group/:group/trigger", ({ params }) => {
    state.calls.push(`POST ai/test/${String(params.id)}/group/${String(params.group)}/trigger`);
    return reply(CONTRACT.ai.trigger.ok);
  }),
  http.get("*/api/ai/jobs/:jobId/status", ({ params }) => {
    state.calls.push(`GET ai/jobs/${String(params.jobId)}/status`);
    return reply(CONTRACT.ai.jobStatus.completed);
  }),
];

export const server = setupServer(...handlers);

export function resetState(): void {
  state.health = { ...CONTRACT.health.ok.body };
  state.subscription = { ...CONTRACT.subscription.active.body };
  state.calls = [];
}
