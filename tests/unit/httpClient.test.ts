import { http, HttpResponse, delay } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HttpError } from "react-admin";
import { createHttpClient, type SessionEndReason } from "../../src/dataProvider/httpClient";
import { createMemoryStorage, createSessionStore } from "../../src/authProvider/session";
import { STORAGE_KEYS } from "../../src/config";
import { tokenExpiringIn } from "./helpers/jwt";

const BASE = "http://api.test/api";
const NOW = 1_700_000_000_000;
const OLD = tokenExpiringIn(3600, NOW, { v: "old" });
const NEW = tokenExpiringIn(3600, NOW, { v: "new" });
const CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function setup(user: { token?: string; refreshToken?: string } = { token: OLD, refreshToken: "r1" }, extra = {}) {
  const storage = createMemoryStorage({
    [STORAGE_KEYS.userInfo]: JSON.stringify({ id: "u1", isLoggedIn: Boolean(user.token), role: "Admin", ...user }),
    [STORAGE_KEYS.lastDrawerOpenTime]: "1699999999999",
    [STORAGE_KEYS.drawerOpen]: "true",
    ...extra,
  });
  const session = createSessionStore(storage);
  const ended: SessionEndReason[] = [];
  const client = createHttpClient({
    baseUrl: BASE,
    session,
    now: () => NOW,
    userAgent: CHROME_UA,
    onSessionEnded: (reason) => ended.push(reason),
  });
  return { client, session, storage, ended };
}

/** A refresh endpoint that counts its calls and answers with NEW / r2. */
function refreshHandler(counter: { calls: number; bodies: unknown[] }, wait = 20) {
  return http.post(`${BASE}/v2/auth/refresh`, async ({ request }) => {
    counter.calls += 1;
    counter.bodies.push(await request.json());
    await delay(wait);
    return HttpResponse.json({ accessToken: NEW, refreshToken: "r2" });
  });
}

const tokenExpired = () => HttpResponse.json({ message: "token_expired" }, { status: 401 });

describe("headers and bodies", () => {
  it("sends the bearer token and both user-agent headers naming the application", async () => {
    let seen: Headers | undefined;
    server.use(
      http.get(`${BASE}/health`, ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ portal: "Ok", message: "" });
      }),
    );
    const { client } = setup();
    await expect(client.json("health")).resolves.toEqual({ portal: "Ok", message: "" });
    expect(seen?.get("authorization")).toBe(`Bearer ${OLD}`);
    const expected = { browser: "Chrome 156", application: "Admin Portal" };
    expect(JSON.parse(seen?.get("x-user-agent") ?? "")).toEqual(expected);
    expect(JSON.parse(seen?.get("user-agent") ?? "")).toEqual(expected);
  });

  it("sends no Authorization header when signed out, or for anonymous calls", async () => {
    const auths: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/health`, ({ request }) => {
        auths.push(request.headers.get("authorization"));
        return HttpResponse.json({});
      }),
    );
    await setup({}).client.json("health");
    await setup().client.json("/health", { anonymous: true });
    expect(auths).toEqual([null, null]);
  });

  it("sets Content-Type JSON for JSON bodies but not for FormData", async () => {
    const types: (string | null)[] = [];
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/echo`, async ({ request }) => {
        types.push(request.headers.get("content-type"));
        const isForm = request.headers.get("content-type")?.startsWith("multipart/form-data");
        bodies.push(isForm ? (await request.formData()).get("testId") : await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const { client } = setup();
    await client.json("echo", { method: "POST", json: { a: 1 } });
    const form = new FormData();
    form.append("testId", "t1");
    await client.json("echo", { method: "POST", body: form });
    expect(types[0]).toBe("application/json");
    expect(types[1]).toMatch(/^multipart\/form-data; boundary=/);
    expect(bodies).toEqual([{ a: 1 }, "t1"]);
  });
});

describe("401 token_expired", () => {
  it("refreshes once for 50 concurrent calls and retries each of them once", async () => {
    const refresh = { calls: 0, bodies: [] as unknown[] };
    let itemCalls = 0;
    server.use(
      refreshHandler(refresh),
      http.get(`${BASE}/items/:id`, ({ request, params }) => {
        itemCalls += 1;
        if (request.headers.get("authorization") !== `Bearer ${NEW}`) return tokenExpired();
        return HttpResponse.json({ id: params.id });
      }),
    );
    const { client, session } = setup();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => client.json<{ id: string }>(`items/${i}`)));
    expect(results.map((r) => r.id)).toEqual(Array.from({ length: 50 }, (_, i) => String(i)));
    expect(refresh.calls).toBe(1);
    expect(refresh.bodies).toEqual([{ refreshToken: "r1" }]);
    expect(itemCalls).toBe(100);
    expect(session.getUser()).toMatchObject({ token: NEW, refreshToken: "r2" });
  });

  it("does not refresh again for a call whose 401 arrives after the refresh finished", async () => {
    const refresh = { calls: 0, bodies: [] as unknown[] };
    server.use(
      refreshHandler(refresh, 5),
      http.get(`${BASE}/slow`, async ({ request }) => {
        if (request.headers.get("authorization") === `Bearer ${NEW}`) return HttpResponse.json({ ok: true });
        await delay(80); // answers long after the fast call's refresh completed
        return tokenExpired();
      }),
      http.get(`${BASE}/fast`, ({ request }) =>
        request.headers.get("authorization") === `Bearer ${NEW}` ? HttpResponse.json({ ok: true }) : tokenExpired(),
      ),
    );
    const { client } = setup();
    await Promise.all([client.json("slow"), client.json("fast")]);
    expect(refresh.calls).toBe(1);
  });

  it("retries only once: a second token_expired is an error", async () => {
    const refresh = { calls: 0, bodies: [] as unknown[] };
    let calls = 0;
    server.use(
      refreshHandler(refresh),
      http.get(`${BASE}/always-expired`, () => {
        calls += 1;
        return tokenExpired();
      }),
    );
    const { client } = setup();
    const error = await client.json("always-expired").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect(calls).toBe(2);
    expect(refresh.calls).toBe(1);
  });

  it("on refresh failure clears everything but the last drawer open time and ends the session once", async () => {
    server.use(
      http.post(`${BASE}/v2/auth/refresh`, () =>
        HttpResponse.json({ message: "invalid_refresh_token" }, { status: 401 }),
      ),
      http.get(`${BASE}/items`, tokenExpired),
    );
    const { client, storage, ended } = setup(undefined, { "some-other-key": "x" });
    const errors = await Promise.all(Array.from({ length: 5 }, () => client.json("items").catch((e: unknown) => e)));
    for (const error of errors) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(401);
    }
    expect(storage.length).toBe(1);
    expect(storage.getItem(STORAGE_KEYS.lastDrawerOpenTime)).toBe("1699999999999");
    expect(ended).toEqual(["refresh_failed"]);
  });

  it("ends the session when there is no refresh token to refresh with", async () => {
    server.use(http.get(`${BASE}/items`, tokenExpired));
    const { client, storage, ended } = setup({ token: OLD, refreshToken: "" });
    await expect(client.json("items")).rejects.toBeInstanceOf(HttpError);
    expect(storage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(ended).toEqual(["refresh_failed"]);
  });

  it("keeps the session when the refresh could not reach the service at all", async () => {
    server.use(
      http.post(`${BASE}/v2/auth/refresh`, () => HttpResponse.error()),
      http.get(`${BASE}/items`, tokenExpired),
    );
    const { client, session, ended } = setup();
    await expect(client.json("items")).rejects.toThrow();
    expect(ended).toEqual([]);
    expect(session.getUser().refreshToken).toBe("r1");
  });

  it("treats another 401 as a plain error, without refreshing", async () => {
    const refresh = { calls: 0, bodies: [] as unknown[] };
    server.use(
      refreshHandler(refresh),
      http.delete(`${BASE}/tests/1`, () => HttpResponse.json({ message: "Not allowed" }, { status: 401 })),
    );
    const { client, ended } = setup();
    await expect(client.send("tests/1", { method: "DELETE" })).rejects.toMatchObject({
      status: 401,
      message: "Not allowed",
    });
    expect(refresh.calls).toBe(0);
    expect(ended).toEqual([]);
  });
});

describe("early refresh (§9: 15 s margin)", () => {
  const run = async (secondsLeft: number) => {
    const refresh = { calls: 0, bodies: [] as unknown[] };
    const auths: (string | null)[] = [];
    server.use(
      refreshHandler(refresh),
      http.get(`${BASE}/items`, ({ request }) => {
        auths.push(request.headers.get("authorization"));
        return HttpResponse.json([]);
      }),
    );
    const { client } = setup({ token: tokenExpiringIn(secondsLeft, NOW), refreshToken: "r1" });
    await client.json("items");
    return { refreshes: refresh.calls, auths };
  };

  it("refreshes before sending when the token expires within 15 s", async () => {
    for (const seconds of [14, 10, 0, -30]) {
      const { refreshes, auths } = await run(seconds);
      expect(refreshes, `${seconds}s left`).toBe(1);
      expect(auths).toEqual([`Bearer ${NEW}`]);
    }
  });

  it("does not refresh when the token lives longer", async () => {
    for (const seconds of [16, 60, 3600]) {
      const { refreshes, auths } = await run(seconds);
      expect(refreshes, `${seconds}s left`).toBe(0);
      expect(auths).toEqual([`Bearer ${tokenExpiringIn(seconds, NOW)}`]);
    }
  });

  it("sends the stored bearer on the refresh too (§7: every call)", async () => {
    const auths: (string | null)[] = [];
    server.use(
      http.post(`${BASE}/v2/auth/refresh`, ({ request }) => {
        auths.push(request.headers.get("authorization"));
        return HttpResponse.json({ accessToken: NEW, refreshToken: "r2" });
      }),
    );
    const { client } = setup();
    await client.refresher.refresh();
    expect(auths).toEqual([`Bearer ${OLD}`]);
  });

  it("storedTokenOnly: the stored bearer as it is, never a refresh first, even when it is about to expire", async () => {
    const refresh = { calls: 0, bodies: [] as unknown[] };
    const expiring = tokenExpiringIn(5, NOW);
    const auths: (string | null)[] = [];
    server.use(
      refreshHandler(refresh),
      http.get(`${BASE}/health`, ({ request }) => {
        auths.push(request.headers.get("authorization"));
        return HttpResponse.json({ message: "token_expired" }, { status: 401 });
      }),
    );
    const { client, ended } = setup({ token: expiring, refreshToken: "r1" });
    await expect(client.json("health", { storedTokenOnly: true })).rejects.toBeInstanceOf(HttpError);
    expect(auths).toEqual([`Bearer ${expiring}`]);
    expect(refresh.calls).toBe(0);
    expect(ended).toEqual([]);
  });

  it("call() reads an answer the console does not show to its end (an unread one holds the connection)", async () => {
    const answers: Response[] = [];
    const client = createHttpClient({
      baseUrl: BASE,
      session: createSessionStore(createMemoryStorage()),
      fetch: async () => {
        const answer = new Response(JSON.stringify({ valid: true }), { status: 200 });
        answers.push(answer);
        return answer;
      },
    });
    await client.call("verify-token", { method: "POST" });
    expect(answers).toHaveLength(1);
    expect(answers[0]!.bodyUsed).toBe(true);
  });

  it("does not refresh early for an anonymous call", async () => {
    const refresh = { calls: 0, bodies: [] as unknown[] };
    server.use(
      refreshHandler(refresh),
      http.post(`${BASE}/v2/auth/login`, () => HttpResponse.json({})),
    );
    const { client } = setup({ token: tokenExpiringIn(5, NOW), refreshToken: "r1" });
    await client.json("v2/auth/login", { method: "POST", json: {}, anonymous: true });
    expect(refresh.calls).toBe(0);
  });
});

describe("502 and 499", () => {
  it("retries a 502 once", async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/flaky`, () => {
        calls += 1;
        return calls === 1 ? new HttpResponse("Bad gateway", { status: 502 }) : HttpResponse.json({ ok: true });
      }),
    );
    await expect(setup().client.json("flaky")).resolves.toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it("retries a 502 only once: two 502s are an error", async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/down`, () => {
        calls += 1;
        // A third attempt would succeed: only a client that retries more than once gets it.
        return calls <= 2 ? HttpResponse.json({ message: "Upstream down" }, { status: 502 }) : HttpResponse.json({});
      }),
    );
    await expect(setup().client.json("down")).rejects.toMatchObject({ status: 502, message: "Upstream down" });
    expect(calls).toBe(2);
  });

  // Spec §4 retries a 502 only: a 503 or 504 may mean the service is overloaded or still working on
  // the first attempt, and a second one would add to it.
  for (const status of [503, 504]) {
    it(`does not retry a ${status}`, async () => {
      let calls = 0;
      server.use(
        http.get(`${BASE}/busy`, () => {
          calls += 1;
          return calls === 1 ? HttpResponse.json({ message: "Busy" }, { status }) : HttpResponse.json({});
        }),
      );
      await expect(setup().client.json("busy")).rejects.toMatchObject({ status, message: "Busy" });
      expect(calls).toBe(1);
    });
  }

  it("499 clears local storage and ends the session", async () => {
    server.use(http.get(`${BASE}/items`, () => HttpResponse.json({ message: "User deleted" }, { status: 499 })));
    const { client, storage, ended } = setup();
    const error = await client.json("items").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(499);
    expect(storage.length).toBe(0);
    expect(ended).toEqual(["user_deleted"]);
  });
});

describe("error messages (§8)", () => {
  const failWith = async (response: () => Response) => {
    server.use(http.get(`${BASE}/fail`, response));
    return (await setup()
      .client.json("fail")
      .catch((e: unknown) => e)) as HttpError;
  };

  it("uses the body's message", async () => {
    const error = await failWith(() => HttpResponse.json({ message: "Name is too short" }, { status: 400 }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe("Name is too short");
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ message: "Name is too short" });
  });

  it("uses a non-JSON body's text", async () => {
    const error = await failWith(() => new HttpResponse("Service unavailable", { status: 503 }));
    expect(error.message).toBe("Service unavailable");
  });

  it('falls back to "An error occurred" for an empty body or a JSON body without a message', async () => {
    expect((await failWith(() => new HttpResponse(null, { status: 500 }))).message).toBe("An error occurred");
    expect((await failWith(() => HttpResponse.json({ code: 7 }, { status: 404 }))).message).toBe("An error occurred");
    expect((await failWith(() => HttpResponse.json({ message: "" }, { status: 403 }))).message).toBe(
      "An error occurred",
    );
  });
});

describe("binary answers and react-admin's fetchJson", () => {
  it("returns a blob and the file name the service gives", async () => {
    server.use(
      http.post(
        `${BASE}/tests/download/t1`,
        () =>
          new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
            headers: { "Content-Type": "application/zip", "Content-Disposition": 'attachment; filename="Ruby-t1.zip"' },
          }),
      ),
    );
    const result = await setup().client.blob("tests/download/t1", { method: "POST", json: ["f1"] });
    expect(new Uint8Array(await result.blob.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
    expect(result.fileName).toBe("Ruby-t1.zip");
  });

  it("fetchJson resolves like react-admin's and goes through the refresh logic", async () => {
    const refresh = { calls: 0, bodies: [] as unknown[] };
    server.use(
      refreshHandler(refresh),
      http.get(`${BASE}/devices`, ({ request }) =>
        request.headers.get("authorization") === `Bearer ${NEW}`
          ? HttpResponse.json([{ id: 1 }], { headers: { "Content-Range": "devices 0-0/1" } })
          : tokenExpired(),
      ),
    );
    const result = await setup().client.fetchJson(`${BASE}/devices`, {
      headers: new Headers({ Range: "devices=0-9" }),
    });
    expect(result.status).toBe(200);
    expect(result.json).toEqual([{ id: 1 }]);
    expect(result.body).toBe('[{"id":1}]');
    expect(result.headers.get("content-range")).toBe("devices 0-0/1");
    expect(refresh.calls).toBe(1);
  });

  it("fetchJson sends no Content-Type without a body (simple-rest's delete says text/plain)", async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.delete(`${BASE}/accounts/a1`, ({ request }) => {
        seen.push(request.headers.get("content-type"));
        return HttpResponse.json({ id: "a1" });
      }),
      http.put(`${BASE}/accounts/a1`, ({ request }) => {
        seen.push(request.headers.get("content-type"));
        return HttpResponse.json({ id: "a1" });
      }),
    );
    const client = setup({ token: NEW, refreshToken: "r1" }).client;
    await client.fetchJson(`${BASE}/accounts/a1`, {
      method: "DELETE",
      headers: new Headers({ "Content-Type": "text/plain" }),
    });
    await client.fetchJson(`${BASE}/accounts/a1`, {
      method: "PUT",
      body: JSON.stringify({ name: "x" }),
      headers: new Headers({ "Content-Type": "application/json" }),
    });
    expect(seen).toEqual([null, "application/json"]);
  });
});

/** A client over a fetch of the test's own, which records what it is given and answers `answer`. */
function recording(answer: (url: string, init: RequestInit) => Response | Promise<Response>, extra = {}) {
  const sent: { url: string; init: RequestInit }[] = [];
  const client = createHttpClient({
    baseUrl: BASE,
    session: createSessionStore(createMemoryStorage()),
    now: () => NOW,
    onSessionEnded: () => undefined,
    fetch: async (input, init = {}) => {
      sent.push({ url: String(input), init });
      return answer(String(input), init);
    },
    ...extra,
  });
  return { client, sent };
}

const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

describe("the status check and the address (§7)", () => {
  it("takes 2xx as success: a 300, or an answer without a status (opaque, status 0), is an error", async () => {
    await expect(recording(() => new Response(null, { status: 300 })).client.send("x")).rejects.toMatchObject({
      status: 300,
    });
    await expect(recording(() => Response.error()).client.send("x")).rejects.toBeInstanceOf(HttpError);
    await expect(recording(() => new Response(null, { status: 299 })).client.send("x")).resolves.toBeDefined();
  });

  it("joins base URL and path with one slash, whatever slashes either brings", () => {
    const client = createHttpClient({
      baseUrl: "http://api.test/api//",
      session: createSessionStore(createMemoryStorage()),
    });
    expect(client.baseUrl).toBe("http://api.test/api");
    expect(client.url("health")).toBe("http://api.test/api/health");
    expect(client.url("//health")).toBe("http://api.test/api/health");
    expect(client.url("v2/tests/1")).toBe("http://api.test/api/v2/tests/1");
  });

  it("sends GET when no method is given, and the caller's method otherwise", async () => {
    const { client, sent } = recording(() => new Response("{}"));
    await client.json("health");
    await client.json("v2/tests/1", { method: "PUT", json: {} });
    expect(sent.map(({ init }) => init.method)).toEqual(["GET", "PUT"]);
  });
});

describe("bodies and headers", () => {
  it("marks a string body as JSON unless the caller says what it is", async () => {
    const { client, sent } = recording(() => new Response("{}"));
    await client.send("a", { method: "POST", body: '{"a":1}' });
    await client.send("b", { method: "POST", body: "a,b", headers: { "Content-Type": "text/csv" } });
    await client.send("c", { method: "POST", body: new Blob(["x"]) });
    expect(sent.map(({ init }) => headerOf(init, "content-type"))).toEqual(["application/json", "text/csv", null]);
  });

  it("asks for JSON (Accept) in json() and fetchJson, unless the caller asks for something else", async () => {
    const { client, sent } = recording(() => new Response("{}"));
    await client.json("a");
    await client.json("b", { headers: { Accept: "text/csv" } });
    await client.fetchJson(`${BASE}/c`);
    await client.fetchJson(`${BASE}/d`, { headers: new Headers({ Accept: "text/plain" }) });
    expect(sent.map(({ init }) => headerOf(init, "accept"))).toEqual([
      "application/json",
      "text/csv",
      "application/json",
      "text/plain",
    ]);
  });

  it("fetchJson drops a Content-Type only when there is no body (undefined or null)", async () => {
    const { client, sent } = recording(() => new Response("{}"));
    const textPlain = () => new Headers({ "Content-Type": "text/plain" });
    await client.fetchJson(`${BASE}/a`, { method: "DELETE", headers: textPlain(), body: null as unknown as undefined });
    await client.fetchJson(`${BASE}/b`, {
      method: "POST",
      headers: new Headers({ "Content-Type": "text/csv" }),
      body: "a,b",
    });
    expect(sent.map(({ init }) => headerOf(init, "content-type"))).toEqual([null, "text/csv"]);
  });

  it("fetchJson passes the caller's signal on: an aborted call rejects", async () => {
    const { client } = recording((_url, init) =>
      init.signal?.aborted ? Promise.reject(new DOMException("aborted", "AbortError")) : new Response("{}"),
    );
    const controller = new AbortController();
    controller.abort();
    await expect(client.fetchJson(`${BASE}/a`, { signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});

describe("error answers (§8)", () => {
  const errorOf = async (response: () => Response) =>
    (await recording(response)
      .client.send("x")
      .catch((e: unknown) => e)) as HttpError;

  it("trims the message, from a text body or a JSON body's message", async () => {
    expect((await errorOf(() => new Response("  Service unavailable\n", { status: 503 }))).message).toBe(
      "Service unavailable",
    );
    expect((await errorOf(() => Response.json({ message: " Name is too short " }, { status: 400 }))).message).toBe(
      "Name is too short",
    );
  });

  it("keeps the body: the text when it is not JSON, null when there is none", async () => {
    expect((await errorOf(() => new Response("Service unavailable", { status: 503 }))).body).toBe(
      "Service unavailable",
    );
    expect((await errorOf(() => new Response(null, { status: 500 }))).body).toBeNull();
  });

  it('says "An error occurred" for a JSON null, and for a body that cannot be read', async () => {
    expect((await errorOf(() => new Response("null", { status: 500 }))).message).toBe("An error occurred");
    const broken = new ReadableStream({ start: (controller) => controller.error(new Error("cut")) });
    const error = await errorOf(() => new Response(broken, { status: 500 }));
    expect(error.message).toBe("An error occurred");
    expect(error.body).toBeNull();
  });

  it("treats a 401 without a body as a plain error, without refreshing", async () => {
    const refresh = { calls: 0, bodies: [] as unknown[] };
    server.use(
      refreshHandler(refresh),
      http.get(`${BASE}/items`, () => new HttpResponse(null, { status: 401 })),
    );
    await expect(setup().client.json("items")).rejects.toMatchObject({ status: 401, message: "An error occurred" });
    expect(refresh.calls).toBe(0);
  });

  it("refreshes on token_expired only for a 401 of a call with a session", async () => {
    const refresh = { calls: 0, bodies: [] as unknown[] };
    server.use(
      refreshHandler(refresh),
      http.get(`${BASE}/forbidden`, () => HttpResponse.json({ message: "token_expired" }, { status: 403 })),
      http.post(`${BASE}/v2/auth/login`, tokenExpired),
    );
    const { client } = setup();
    await expect(client.json("forbidden")).rejects.toMatchObject({ status: 403 });
    await expect(client.json("v2/auth/login", { method: "POST", json: {}, anonymous: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(refresh.calls).toBe(0);
  });

  it("retries a 502 that came without a body", async () => {
    let calls = 0;
    const { client } = recording(() => (++calls === 1 ? new Response(null, { status: 502 }) : new Response("{}")));
    await expect(client.json("flaky")).resolves.toEqual({});
    expect(calls).toBe(2);
  });
});

describe("a refresh that fails or is under way", () => {
  it("fails the call with the refusal's message, in the body too", async () => {
    server.use(
      http.post(`${BASE}/v2/auth/refresh`, () => HttpResponse.json({ message: "Session ended" }, { status: 401 })),
      http.get(`${BASE}/items`, tokenExpired),
    );
    const error = (await setup()
      .client.json("items")
      .catch((e: unknown) => e)) as HttpError;
    expect(error).toMatchObject({ status: 401, message: "Session ended", body: { message: "Session ended" } });
  });

  it.each([["refused"], [undefined], [new Error("")]])(
    'says "An error occurred" when the refresh fails without a message (%s)',
    async (reason) => {
      const { client } = recording(() => Response.json({ message: "token_expired" }, { status: 401 }), {
        refresher: {
          refresh: () => Promise.reject(reason),
          refreshAfterExpired: () => Promise.reject(reason),
          pending: () => null,
        },
      });
      await expect(client.json("items")).rejects.toMatchObject({ status: 401, message: "An error occurred" });
    },
  );

  it("holds a call back while a refresh is under way, and sends it with the new token", async () => {
    const refresh = { calls: 0, bodies: [] as unknown[] };
    const auths: (string | null)[] = [];
    server.use(
      refreshHandler(refresh),
      http.get(`${BASE}/items`, ({ request }) => {
        auths.push(request.headers.get("authorization"));
        return request.headers.get("authorization") === `Bearer ${NEW}` ? HttpResponse.json([]) : tokenExpired();
      }),
    );
    const { client } = setup();
    const refreshing = client.refresher.refresh();
    await client.json("items");
    await refreshing;
    expect(auths).toEqual([`Bearer ${NEW}`]);
    expect(refresh.calls).toBe(1);
  });
});

describe("the default session end (§4, §8: go to /login)", () => {
  afterEach(() => vi.unstubAllGlobals());

  const deletedUser = () =>
    createHttpClient({
      baseUrl: BASE,
      session: createSessionStore(createMemoryStorage()),
      fetch: async () => Response.json({ message: "User deleted" }, { status: 499 }),
    });

  it("navigates to /login, unless the page is /login already", async () => {
    for (const [pathname, expected] of [
      ["/gallery", ["/login"]],
      ["/login", []],
    ] as const) {
      const assign = vi.fn();
      vi.stubGlobal("window", { location: { pathname, assign } });
      await expect(deletedUser().json("items")).rejects.toMatchObject({ status: 499 });
      expect(assign.mock.calls.map(([to]) => to)).toEqual(expected);
    }
  });

  it("does nothing where there is no window (the call still fails)", async () => {
    vi.stubGlobal("window", undefined);
    await expect(deletedUser().json("items")).rejects.toMatchObject({ status: 499 });
  });
});

describe("the zip's file name (Content-Disposition)", () => {
  const nameFor = async (disposition: string | null) => {
    const headers = disposition === null ? undefined : { "Content-Disposition": disposition };
    const { client } = recording(() => new Response("PK", { headers }));
    return (await client.blob("tests/download/t1", { method: "POST" })).fileName;
  };

  it.each<[string | null, string | null]>([
    [null, null],
    ["attachment", null],
    ['attachment; filename="Ruby-t1.zip"', "Ruby-t1.zip"],
    ["attachment; filename=Ruby-t1.zip", "Ruby-t1.zip"],
    ["attachment; filename = Ruby-t1.zip ; size=2", "Ruby-t1.zip"],
    ['attachment; filename="  Ruby t1.zip "', "Ruby t1.zip"],
    ["attachment; filename*=UTF-8''Ruby%20t%C3%BC.zip", "Ruby tü.zip"],
    ["attachment; filename* = UTF-8''Ruby.zip", "Ruby.zip"],
    ["attachment; filename*=Ruby.zip", "Ruby.zip"],
    ["attachment; filename*=UTF-8''\"Ruby.zip\"", "Ruby.zip"],
    ["attachment; filename*=UTF-8''Ruby.zip ; size=2", "Ruby.zip"],
    ['attachment; filename*=UTF-8\'\'"Ru"by.zip"', 'Ru"by.zip'],
    ["attachment; filename=\"plain.zip\"; filename*=UTF-8''R%C3%BCby.zip", "Rüby.zip"],
    ["attachment; filename*=UTF-8''bad%E0%A4%A.zip; filename=\"fallback.zip\"", "fallback.zip"],
  ])("%s → %s", async (disposition, expected) => {
    expect(await nameFor(disposition)).toBe(expected);
  });
});
