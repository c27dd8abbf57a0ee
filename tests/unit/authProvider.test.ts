import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "react-admin";
import { createAuthProvider } from "../../src/authProvider/authProvider";
import { createMemoryStorage, createSessionStore, EMPTY_USER } from "../../src/authProvider/session";
import { createSelectedItemsStore } from "../../src/authProvider/selectedItems";
import { createHttpClient, type SessionEndReason } from "../../src/dataProvider/httpClient";
import type { ApiUser, Role } from "../../src/api/types";
import { STORAGE_KEYS } from "../../src/config";
import { tokenExpiringIn } from "./helpers/jwt";

const BASE = "http://api.test/api";
const NOW = 1_700_000_000_000;
const T1 = tokenExpiringIn(3600, NOW, { v: 1 });
const T2 = tokenExpiringIn(3600, NOW, { v: 2 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const apiUser = (patch: Partial<ApiUser> = {}): ApiUser => ({
  id: "u1",
  accountId: "a1",
  businessId: "b1",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  role: "Admin",
  avatar: null,
  ...patch,
});

function setup(stored: Record<string, unknown> | null = null) {
  const storage = createMemoryStorage({
    [STORAGE_KEYS.lastDrawerOpenTime]: "123",
    ...(stored ? { [STORAGE_KEYS.userInfo]: JSON.stringify(stored) } : {}),
  });
  const session = createSessionStore(storage);
  const ended: SessionEndReason[] = [];
  const httpClient = createHttpClient({ baseUrl: BASE, session, now: () => NOW, onSessionEnded: (r) => ended.push(r) });
  const selectedItems = createSelectedItemsStore();
  const authProvider = createAuthProvider({ httpClient, selectedItems });
  return { authProvider, session, storage, selectedItems, ended };
}

const signedIn = (role: Role = "Admin") => ({
  id: "u1",
  accountId: "a1",
  firstName: "Ada",
  lastName: "Lovelace",
  isLoggedIn: true,
  token: T1,
  refreshToken: "r1",
  role,
});

describe("login", () => {
  it("posts the credentials, stores the session and then the current user from GET users/{id}", async () => {
    let loginBody: unknown;
    let userAuth: string | null = null;
    server.use(
      http.post(`${BASE}/v2/auth/login`, async ({ request }) => {
        loginBody = await request.json();
        return HttpResponse.json({ accessToken: T1, refreshToken: "r1", user: apiUser() });
      }),
      http.get(`${BASE}/users/u1`, ({ request }) => {
        userAuth = request.headers.get("authorization");
        return HttpResponse.json(apiUser({ avatar: "/files/ada.png", firstName: "Augusta Ada" }));
      }),
    );
    const { authProvider, session } = setup();
    await authProvider.login({ username: " ada@example.com ", password: "secret" });
    expect(loginBody).toEqual({ email: "ada@example.com", password: "secret" });
    expect(userAuth).toBe(`Bearer ${T1}`);
    expect(session.getUser()).toEqual({
      ...EMPTY_USER,
      isLoggedIn: true,
      token: T1,
      refreshToken: "r1",
      id: "u1",
      accountId: "a1",
      businessId: "b1",
      firstName: "Augusta Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      role: "Admin",
      avatar: "/files/ada.png",
    });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it("keeps the login answer's user when GET users/{id} fails", async () => {
    server.use(
      http.post(`${BASE}/v2/auth/login`, () =>
        HttpResponse.json({ accessToken: T1, refreshToken: "r1", user: apiUser() }),
      ),
      http.get(`${BASE}/users/u1`, () => HttpResponse.json({ message: "boom" }, { status: 500 })),
    );
    const { authProvider, session } = setup();
    await authProvider.login({ email: "ada@example.com", password: "secret" });
    expect(session.getUser()).toMatchObject({ isLoggedIn: true, firstName: "Ada", role: "Admin" });
  });

  it.each([
    [401, "Invalid email or password"],
    [429, "Too many attempts, try again later"],
  ])("rejects with the service's message on %i and stores nothing", async (status, message) => {
    server.use(http.post(`${BASE}/v2/auth/login`, () => HttpResponse.json({ message }, { status })));
    const { authProvider, session, ended } = setup();
    const error = await authProvider.login({ email: "ada@example.com", password: "nope" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as Error).message).toBe(message);
    expect(session.getUser().isLoggedIn).toBe(false);
    expect(ended).toEqual([]);
  });
});

describe("logout (§4)", () => {
  it("refreshes, posts logout with the new refresh token, then resets the user and selected items", async () => {
    const events: string[] = [];
    const { authProvider, session, selectedItems } = setup(signedIn());
    selectedItems.set(["t1", "t2"]);
    server.use(
      http.post(`${BASE}/v2/auth/refresh`, async ({ request }) => {
        const { refreshToken } = (await request.json()) as { refreshToken: string };
        events.push(`refresh ${refreshToken}`);
        return HttpResponse.json({ accessToken: T2, refreshToken: "r2" });
      }),
      http.post(`${BASE}/v2/auth/logout`, async ({ request }) => {
        const { refreshToken } = (await request.json()) as { refreshToken: string };
        const bearer = request.headers.get("authorization") === `Bearer ${T2}` ? "new bearer" : "old bearer";
        events.push(`logout ${refreshToken} ${bearer} signedIn=${session.getUser().isLoggedIn}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const redirect = await authProvider.logout({});
    events.push(`reset signedIn=${session.getUser().isLoggedIn} selected=${selectedItems.get().length}`);
    expect(events).toEqual(["refresh r1", "logout r2 new bearer signedIn=true", "reset signedIn=false selected=0"]);
    expect(redirect).toBe("/login");
    expect(session.getUser()).toEqual(EMPTY_USER);
  });

  it("ignores a failed logout call", async () => {
    server.use(
      http.post(`${BASE}/v2/auth/refresh`, () => HttpResponse.json({ accessToken: T2, refreshToken: "r2" })),
      http.post(`${BASE}/v2/auth/logout`, () => HttpResponse.json({ message: "nope" }, { status: 500 })),
    );
    const { authProvider, session } = setup(signedIn());
    await expect(authProvider.logout({})).resolves.toBe("/login");
    expect(session.getUser()).toEqual(EMPTY_USER);
  });

  it("clears local storage and goes to /login when the refresh fails, without posting logout", async () => {
    let logoutCalls = 0;
    server.use(
      http.post(`${BASE}/v2/auth/refresh`, () => HttpResponse.json({ message: "expired" }, { status: 401 })),
      http.post(`${BASE}/v2/auth/logout`, () => {
        logoutCalls += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { authProvider, storage, selectedItems } = setup(signedIn());
    selectedItems.set(["t1"]);
    await expect(authProvider.logout({})).resolves.toBe("/login");
    expect(storage.length).toBe(0);
    expect(selectedItems.get()).toEqual([]);
    expect(logoutCalls).toBe(0);
  });

  it("makes no call when already signed out", async () => {
    const { authProvider, storage } = setup(null);
    await expect(authProvider.logout({})).resolves.toBe("/login");
    // The last drawer open time a refresh failure kept survives the logout react-admin runs next.
    expect(storage.getItem(STORAGE_KEYS.lastDrawerOpenTime)).toBe("123");
  });
});

describe("checkAuth, checkError, identity, permissions", () => {
  it("checkAuth rejects when signed out, silently, towards /login", async () => {
    await expect(setup(null).authProvider.checkAuth({})).rejects.toEqual({ redirectTo: "/login", message: false });
    await expect(setup({ ...signedIn(), isLoggedIn: false }).authProvider.checkAuth({})).rejects.toBeDefined();
    await expect(setup(signedIn()).authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it("checkError signs out on 499 and on an unrecoverable 401, not on 403 or a refused action", async () => {
    const { authProvider } = setup(signedIn());
    await expect(authProvider.checkError(new HttpError("deleted", 499))).rejects.toBeDefined();
    await expect(
      authProvider.checkError(new HttpError("token_expired", 401, { message: "token_expired" })),
    ).rejects.toBeDefined();
    await expect(authProvider.checkError(new HttpError("Forbidden", 403))).resolves.toBeUndefined();
    await expect(
      authProvider.checkError(new HttpError("Insufficient permission", 401, { message: "Insufficient permission" })),
    ).resolves.toBeUndefined();
    await expect(authProvider.checkError(new HttpError("boom", 500))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new Error("network"))).resolves.toBeUndefined();
    // The client ended the session (refresh failed): any 401 now means signed out.
    await expect(setup(null).authProvider.checkError(new HttpError("x", 401))).rejects.toBeDefined();
  });

  it("getIdentity gives id, full name and avatar; getPermissions the role", async () => {
    const { authProvider, session } = setup(signedIn("Manager"));
    await expect(authProvider.getIdentity?.()).resolves.toMatchObject({
      id: "u1",
      fullName: "Ada Lovelace",
      avatar: undefined,
    });
    session.setUser({ avatar: "/a.png" });
    await expect(authProvider.getIdentity?.()).resolves.toMatchObject({ avatar: "/a.png" });
    await expect(authProvider.getPermissions?.({})).resolves.toBe("Manager");
    await expect(setup(null).authProvider.getPermissions?.({})).resolves.toBeNull();
    await expect(setup(null).authProvider.getIdentity?.()).rejects.toBeDefined();
  });
});

describe("canAccess (§6): the access rules, for the session's user", () => {
  const check = (role: Role | null, resource: string, action = "list", record?: Record<string, unknown>) =>
    setup(role ? signedIn(role) : null).authProvider.canAccess?.({ resource, action, record });

  const expected: [resource: string, action: string, byRole: Record<Role | "signedOut", boolean>][] = [
    ["payments", "list", { SuperAdmin: true, Admin: true, Manager: false, User: false, signedOut: false }],
    ["accounts", "list", { SuperAdmin: true, Admin: false, Manager: false, User: false, signedOut: false }],
    ["accounts", "edit", { SuperAdmin: true, Admin: true, Manager: true, User: true, signedOut: true }],
    ["accounts", "own", { SuperAdmin: false, Admin: true, Manager: true, User: true, signedOut: false }],
    ["users", "list", { SuperAdmin: true, Admin: true, Manager: true, User: false, signedOut: false }],
    ["businesses", "addLocation", { SuperAdmin: false, Admin: true, Manager: false, User: false, signedOut: false }],
    ["tests", "list", { SuperAdmin: true, Admin: true, Manager: true, User: true, signedOut: true }],
    ["settings", "list", { SuperAdmin: false, Admin: false, Manager: false, User: false, signedOut: false }],
    ["not-in-the-table", "list", { SuperAdmin: true, Admin: false, Manager: false, User: false, signedOut: false }],
  ];

  for (const [resource, action, byRole] of expected) {
    for (const [role, allowed] of Object.entries(byRole)) {
      it(`${resource}.${action} for ${role}: ${allowed}`, async () => {
        await expect(check(role === "signedOut" ? null : (role as Role), resource, action)).resolves.toBe(allowed);
      });
    }
  }

  it("asks the record rule with the session's user: §6's delete-test rule", async () => {
    const test = { account: { id: "a1" }, createdBy: "someone", business: { owner: "u1" } };
    await expect(check("Admin", "tests", "delete", test)).resolves.toBe(true);
    await expect(check("Manager", "tests", "delete", test)).resolves.toBe(true);
    await expect(check("User", "tests", "delete", test)).resolves.toBe(false);
    await expect(check("Admin", "tests", "delete", { ...test, account: { id: "other" } })).resolves.toBe(false);
    await expect(check(null, "tests", "delete", test)).resolves.toBe(false);
  });
});
