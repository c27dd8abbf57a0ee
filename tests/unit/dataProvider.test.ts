import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tokenExpiringIn } from "./helpers/jwt";
import { signedInDataProvider, TEST_API_BASE, TEST_NOW } from "./helpers/signedInDataProvider";

const BASE = TEST_API_BASE;
const NOW = TEST_NOW;
const T1 = tokenExpiringIn(3600, NOW, { v: 1 });
const T2 = tokenExpiringIn(3600, NOW, { v: 2 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const setup = () => signedInDataProvider(T1, "User");

const expiredUnlessT2 = (request: Request, answer: () => Response) =>
  request.headers.get("authorization") === `Bearer ${T2}`
    ? answer()
    : HttpResponse.json({ message: "token_expired" }, { status: 401 });

describe("react-admin CRUD through the client", () => {
  it("getList refreshes on token_expired and reads Content-Range", async () => {
    let refreshes = 0;
    server.use(
      http.post(`${BASE}/v2/auth/refresh`, () => {
        refreshes += 1;
        return HttpResponse.json({ accessToken: T2, refreshToken: "r2" });
      }),
      http.get(`${BASE}/devices`, ({ request }) =>
        expiredUnlessT2(request, () =>
          HttpResponse.json([{ id: "d1" }, { id: "d2" }], { headers: { "Content-Range": "devices 0-1/12" } }),
        ),
      ),
    );
    const { dataProvider } = setup();
    const result = await dataProvider.getList("devices", {
      pagination: { page: 1, perPage: 2 },
      sort: { field: "id", order: "ASC" },
      filter: {},
    });
    expect(result).toEqual({ data: [{ id: "d1" }, { id: "d2" }], total: 12 });
    expect(refreshes).toBe(1);
  });

  it("update sends JSON with the bearer and rejects with the service's message", async () => {
    server.use(
      http.put(`${BASE}/devices/d1`, async ({ request }) => {
        const body = (await request.json()) as { name: string };
        if (body.name.length < 3) return HttpResponse.json({ message: "Name too short" }, { status: 400 });
        return HttpResponse.json({ id: "d1", ...body });
      }),
    );
    const { dataProvider } = setup();
    await expect(
      dataProvider.update("devices", { id: "d1", data: { name: "Box" }, previousData: { id: "d1" } }),
    ).resolves.toEqual({ data: { id: "d1", name: "Box" } });
    await expect(
      dataProvider.update("devices", { id: "d1", data: { name: "B" }, previousData: { id: "d1" } }),
    ).rejects.toMatchObject({ status: 400, message: "Name too short" });
  });
});

describe("custom methods", () => {
  it("checkPassword posts the password and reads isCorrect", async () => {
    server.use(
      http.post(`${BASE}/users/password/check`, async ({ request }) => {
        const { password } = (await request.json()) as { password: string };
        return HttpResponse.json({ isCorrect: password === "right" });
      }),
    );
    const { dataProvider } = setup();
    await expect(dataProvider.checkPassword("right")).resolves.toBe(true);
    await expect(dataProvider.checkPassword("wrong")).resolves.toBe(false);
  });

  it("getSubscription answers null on errors", async () => {
    const { dataProvider } = setup();
    server.use(
      http.get(`${BASE}/v2/payments/subscription`, () => HttpResponse.json({ status: "past_due", message: "Pay" })),
    );
    await expect(dataProvider.getSubscription()).resolves.toEqual({ status: "past_due", message: "Pay" });
    server.use(
      http.get(`${BASE}/v2/payments/subscription`, () => HttpResponse.json({ message: "x" }, { status: 500 })),
    );
    await expect(dataProvider.getSubscription()).resolves.toBeNull();
  });

  it("getHealth answers null on failure", async () => {
    const { dataProvider } = setup();
    server.use(http.get(`${BASE}/health`, () => HttpResponse.json({ portal: "NotOk", message: "Upgrading" })));
    await expect(dataProvider.getHealth()).resolves.toEqual({ portal: "NotOk", message: "Upgrading" });
    server.use(http.get(`${BASE}/health`, () => HttpResponse.error()));
    await expect(dataProvider.getHealth()).resolves.toBeNull();
  });

  it("verifyToken posts an empty body: true on 2xx, false on 401/403, throws otherwise", async () => {
    const { dataProvider } = setup();
    let bodyLength = -1;
    server.use(
      http.post(`${BASE}/verify-token`, async ({ request }) => {
        bodyLength = (await request.text()).length;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(dataProvider.verifyToken()).resolves.toBe(true);
    expect(bodyLength).toBe(0);
    server.use(http.post(`${BASE}/verify-token`, () => HttpResponse.json({ message: "invalid" }, { status: 401 })));
    await expect(dataProvider.verifyToken()).resolves.toBe(false);
    server.use(http.post(`${BASE}/verify-token`, () => HttpResponse.json({ message: "boom" }, { status: 500 })));
    await expect(dataProvider.verifyToken()).rejects.toMatchObject({ status: 500 });
  });

  it("verifyToken makes the signed-in user its answer carries the current user (spec §3), and nothing else", async () => {
    const apiUser = (id: string, role: string) => ({
      id,
      accountId: "a1",
      businessId: null,
      firstName: "Marcus",
      lastName: "Reed",
      email: "m@example.com",
      role,
      avatar: null,
    });
    const { dataProvider, session } = signedInDataProvider(T1, "Manager");
    // Another user's record, a role the console does not know, no user, an answer that is no JSON:
    // the stored user stays as it is.
    for (const answer of [
      JSON.stringify({ valid: true, user: apiUser("u2", "User") }),
      JSON.stringify({ valid: true, user: apiUser("u1", "Owner") }),
      JSON.stringify({ valid: true }),
      "OK",
    ]) {
      server.use(http.post(`${BASE}/verify-token`, () => new HttpResponse(answer, { status: 200 })));
      await expect(dataProvider.verifyToken()).resolves.toBe(true);
      expect(session.getUser()).toMatchObject({ id: "u1", role: "Manager", token: T1 });
    }
    // The signed-in user, demoted since the sign-in: the role holds from now on.
    server.use(
      http.post(`${BASE}/verify-token`, () => HttpResponse.json({ valid: true, user: apiUser("u1", "User") })),
    );
    await expect(dataProvider.verifyToken()).resolves.toBe(true);
    expect(session.getUser()).toMatchObject({
      id: "u1",
      role: "User",
      firstName: "Marcus",
      token: T1,
      isLoggedIn: true,
    });
  });

  it("getUser stores the signed-in user's own record as the current user, not someone else's", async () => {
    server.use(
      http.get(`${BASE}/users/:id`, ({ params }) =>
        HttpResponse.json({
          id: params.id,
          accountId: "a1",
          businessId: null,
          firstName: params.id === "u1" ? "Me" : "Other",
          lastName: "X",
          email: "x@y",
          role: "User",
          avatar: null,
        }),
      ),
    );
    const { dataProvider, session } = setup();
    await dataProvider.getUser("u2");
    expect(session.getUser().firstName).toBe("");
    await expect(dataProvider.getUser("u1")).resolves.toMatchObject({ firstName: "Me" });
    expect(session.getUser()).toMatchObject({ firstName: "Me", token: T1 });
  });
});
