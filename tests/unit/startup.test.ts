import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runStartup, type StartupDeps } from "../../src/custom/startup/startup";
import { createStartupDeps } from "../../src/authProvider/startupDeps";
import { createStartupCalls } from "../../src/dataProvider/startupCalls";
import { createHttpClient } from "../../src/dataProvider/httpClient";
import { createMemoryStorage, createSessionStore } from "../../src/authProvider/session";
import type { HealthResponse } from "../../src/api/types";
import { STORAGE_KEYS } from "../../src/config";
import { boot } from "../../src/custom/startup/boot";
import { tokenExpiringIn } from "./helpers/jwt";

/** Fake deps that record the order of the calls. */
function fakeDeps(options: {
  health?: HealthResponse | null | Error;
  refreshToken?: string;
  refresh?: "ok" | "fail";
  verify?: boolean | Error;
  signedIn?: boolean;
}) {
  const calls: string[] = [];
  const deps: StartupDeps = {
    checkHealth: async () => {
      calls.push("health");
      if (options.health instanceof Error) throw options.health;
      return options.health === undefined ? { portal: "Ok", message: "" } : options.health;
    },
    hasRefreshToken: () => Boolean(options.refreshToken ?? "r1"),
    refreshToken: async () => {
      calls.push("refresh");
      if (options.refresh === "fail") throw new Error("refused");
    },
    verifyToken: async () => {
      calls.push("verify");
      if (options.verify instanceof Error) throw options.verify;
      return options.verify ?? true;
    },
    isSignedIn: () => options.signedIn ?? false,
    endSession: () => calls.push("endSession"),
  };
  return { deps, calls };
}

describe("runStartup (§4)", () => {
  it("checks health, then refreshes, then verifies", async () => {
    const { deps, calls } = fakeDeps({});
    await expect(runStartup(deps)).resolves.toEqual({ kind: "ready", signedIn: true });
    expect(calls).toEqual(["health", "refresh", "verify"]);
  });

  it("shows maintenance with the server message when the portal is NotOk, and does not refresh", async () => {
    const { deps, calls } = fakeDeps({ health: { portal: "NotOk", message: "Back at 10:00" } });
    await expect(runStartup(deps)).resolves.toEqual({ kind: "maintenance", message: "Back at 10:00" });
    expect(calls).toEqual(["health"]);
  });

  it("shows maintenance with no message when the service gives none", async () => {
    const { deps } = fakeDeps({ health: { portal: "NotOk" } as HealthResponse });
    await expect(runStartup(deps)).resolves.toEqual({ kind: "maintenance", message: "" });
  });

  it.each([null, new Error("offline")])("ignores a failed health check (%s)", async (health) => {
    const { deps, calls } = fakeDeps({ health });
    await expect(runStartup(deps)).resolves.toEqual({ kind: "ready", signedIn: true });
    expect(calls).toEqual(["health", "refresh", "verify"]);
  });

  it("does not refresh or verify without a refresh token", async () => {
    for (const signedIn of [false, true]) {
      const { deps, calls } = fakeDeps({ refreshToken: "", signedIn });
      await expect(runStartup(deps)).resolves.toEqual({ kind: "ready", signedIn });
      expect(calls).toEqual(["health"]);
    }
  });

  it("ends the session when the refresh is refused, without verifying", async () => {
    const { deps, calls } = fakeDeps({ refresh: "fail" });
    await expect(runStartup(deps)).resolves.toEqual({ kind: "ready", signedIn: false });
    expect(calls).toEqual(["health", "refresh", "endSession"]);
  });

  it("ends the session when the token does not verify", async () => {
    const { deps, calls } = fakeDeps({ verify: false });
    await expect(runStartup(deps)).resolves.toEqual({ kind: "ready", signedIn: false });
    expect(calls).toEqual(["health", "refresh", "verify", "endSession"]);
  });

  it("stays signed in when verify could not tell (network, 5xx)", async () => {
    const { deps, calls } = fakeDeps({ verify: new Error("502") });
    await expect(runStartup(deps)).resolves.toEqual({ kind: "ready", signedIn: true });
    expect(calls).toEqual(["health", "refresh", "verify"]);
  });
});

describe("createStartupDeps against a service", () => {
  const BASE = "http://api.test/api";
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it("sends health → refresh → verify with the new token, storing the new tokens", async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${BASE}/health`, ({ request }) => {
        seen.push(`health ${request.headers.get("authorization")}`);
        return HttpResponse.json({ portal: "Ok", message: "" });
      }),
      http.post(`${BASE}/v2/auth/refresh`, ({ request }) => {
        seen.push(`refresh ${request.headers.get("authorization")}`);
        return HttpResponse.json({ accessToken: "new-access", refreshToken: "r2" });
      }),
      http.post(`${BASE}/verify-token`, ({ request }) => {
        seen.push(`verify ${request.headers.get("authorization")}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const storage = createMemoryStorage({
      [STORAGE_KEYS.userInfo]: JSON.stringify({ id: "u1", isLoggedIn: true, token: "old-access", refreshToken: "r1" }),
    });
    const session = createSessionStore(storage);
    const httpClient = createHttpClient({ baseUrl: BASE, session, onSessionEnded: () => undefined });
    const result = await runStartup(createStartupDeps(httpClient, createStartupCalls(httpClient)));
    expect(result).toEqual({ kind: "ready", signedIn: true });
    // §7: every call carries the stored bearer, health and refresh included.
    expect(seen).toEqual(["health Bearer old-access", "refresh Bearer old-access", "verify Bearer new-access"]);
    expect(session.getUser()).toMatchObject({ token: "new-access", refreshToken: "r2" });
  });

  it("a refused refresh clears stored data but the last drawer open time", async () => {
    server.use(
      http.get(`${BASE}/health`, () => HttpResponse.json({ portal: "Ok", message: "" })),
      http.post(`${BASE}/v2/auth/refresh`, () => HttpResponse.json({ message: "revoked" }, { status: 401 })),
    );
    const storage = createMemoryStorage({
      [STORAGE_KEYS.userInfo]: JSON.stringify({ id: "u1", isLoggedIn: true, token: "a", refreshToken: "r1" }),
      [STORAGE_KEYS.lastDrawerOpenTime]: "7",
    });
    const httpClient = createHttpClient({ baseUrl: BASE, session: createSessionStore(storage) });
    const result = await runStartup(createStartupDeps(httpClient, createStartupCalls(httpClient)));
    expect(result).toEqual({ kind: "ready", signedIn: false });
    expect(storage.length).toBe(1);
    expect(storage.getItem(STORAGE_KEYS.lastDrawerOpenTime)).toBe("7");
  });
});

describe("health with an access token about to expire (§4, §7)", () => {
  const BASE = "http://api.test/api";
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it("sends the stored bearer on health as it is: start-up's refresh stays the first, after health", async () => {
    const now = 1_700_000_000_000;
    const expiring = tokenExpiringIn(5, now);
    const seen: string[] = [];
    server.use(
      http.get(`${BASE}/health`, ({ request }) => {
        seen.push(
          `health ${request.headers.get("authorization") === `Bearer ${expiring}` ? "stored bearer" : "other"}`,
        );
        return HttpResponse.json({ portal: "Ok", message: "" });
      }),
      http.post(`${BASE}/v2/auth/refresh`, () => {
        seen.push("refresh");
        return HttpResponse.json({ accessToken: "new-access", refreshToken: "r2" });
      }),
      http.post(`${BASE}/verify-token`, () => {
        seen.push("verify");
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const storage = createMemoryStorage({
      [STORAGE_KEYS.userInfo]: JSON.stringify({ id: "u1", isLoggedIn: true, token: expiring, refreshToken: "r1" }),
    });
    const session = createSessionStore(storage);
    const httpClient = createHttpClient({ baseUrl: BASE, session, now: () => now, onSessionEnded: () => undefined });
    await runStartup(createStartupDeps(httpClient, createStartupCalls(httpClient)));
    expect(seen).toEqual(["health stored bearer", "refresh", "verify"]);
  });
});

describe("boot: the page's code loads beside start-up (issue 13)", () => {
  it("starts loading the route's code before health has answered", async () => {
    let answerHealth: (value: HealthResponse) => void = () => undefined;
    const { deps, calls } = fakeDeps({ signedIn: true });
    deps.checkHealth = () => {
      calls.push("health");
      return new Promise((resolve) => (answerHealth = resolve));
    };
    const preloaded: string[] = [];
    const booted = boot(deps, "/accounts", {
      preload: async (pathname, signedIn) => {
        preloaded.push(`${pathname} ${signedIn ? "signed in" : "signed out"} after ${calls.join(",") || "nothing"}`);
      },
    });
    await booted.code;
    // Health is still out: the code did not wait for it (nor for refresh and verify after it).
    expect(preloaded).toEqual(["/accounts signed in after health"]);
    expect(calls).toEqual(["health"]);
    answerHealth({ portal: "Ok", message: "" });
    await expect(booted.started).resolves.toEqual({ kind: "ready", signedIn: true });
    expect(calls).toEqual(["health", "refresh", "verify"]);
  });

  it("asks for the page's first lists once start-up says the visitor is signed in, not before", async () => {
    const { deps, calls } = fakeDeps({ signedIn: true });
    const asked: string[] = [];
    const booted = boot(deps, "/accounts", {
      preload: async () => undefined,
      prefetchPage: (pathname) => asked.push(`${pathname} after ${calls.join(",")}`),
    });
    await booted.started;
    await Promise.resolve();
    expect(asked).toEqual(["/accounts after health,refresh,verify"]);

    const signedOut = fakeDeps({ refreshToken: "", signedIn: false }).deps;
    const none: string[] = [];
    await boot(signedOut, "/accounts", { preload: async () => undefined, prefetchPage: (path) => none.push(path) })
      .started;
    await Promise.resolve();
    expect(none).toEqual([]);
  });

  describe("the page's first lists with start-up (issue 23)", () => {
    const quiet = { preload: async () => undefined };
    const fresh = (options: Parameters<typeof fakeDeps>[0] = {}, tokenFresh = true) => {
      const made = fakeDeps({ signedIn: true, ...options });
      made.deps.accessTokenFresh = () => tokenFresh;
      return made;
    };

    it("asks with health, shows once health allows, and leaves §4's order as it is", async () => {
      let answerHealth: (value: HealthResponse) => void = () => undefined;
      const { deps, calls } = fresh();
      deps.checkHealth = () => {
        calls.push("health");
        return new Promise((resolve) => (answerHealth = resolve));
      };
      const asked: string[] = [];
      let shown: Promise<boolean> | undefined;
      const booted = boot(deps, "/accounts", {
        ...quiet,
        askFirstData: (path, allowed) => {
          asked.push(`${path} after ${calls.join(",")}`);
          shown = allowed;
        },
      });
      expect(asked).toEqual(["/accounts after health"]);
      let allowed: boolean | undefined;
      void shown!.then((ok) => (allowed = ok));
      await Promise.resolve();
      expect(allowed).toBeUndefined();
      answerHealth({ portal: "Ok", message: "" });
      await booted.started;
      expect(allowed).toBe(true);
      expect(calls).toEqual(["health", "refresh", "verify"]);
    });

    it("leaves before the page's code is asked for (HTTP/1.1 would queue it behind the code's files)", async () => {
      const { deps } = fresh();
      const order: string[] = [];
      const booted = boot(deps, "/accounts", {
        preload: async () => void order.push("code"),
        // The call leaves a few microtasks later, as the http client's token check makes it.
        askFirstData: () =>
          void Promise.resolve()
            .then(() => undefined)
            .then(() => undefined)
            .then(() => order.push("list")),
      });
      await booted.code;
      await booted.started;
      expect(order).toEqual(["list", "code"]);
    });

    it("throws its answer away on the maintenance screen, a refused refresh or token", async () => {
      const cases: [string, ReturnType<typeof fresh>, boolean][] = [
        ["maintenance", fresh({ health: { portal: "NotOk", message: "Down" } }), false],
        ["a refused refresh", fresh({ refresh: "fail" }), true],
        ["a refused token", fresh({ verify: false }), true],
      ];
      for (const [name, { deps }, health] of cases) {
        const said: string[] = [];
        let shown: Promise<boolean> | undefined;
        await boot(deps, "/accounts", {
          ...quiet,
          askFirstData: (_path, allowed) => (shown = allowed),
          dropFirstData: () => said.push("dropped"),
        }).started;
        expect(said, name).toEqual(["dropped"]);
        expect(await shown, name).toBe(health);
      }
    });

    it("is not asked with an access token close to expiry (its refresh would come before §4's), nor on /login", async () => {
      for (const [deps, path] of [
        [fresh({}, false).deps, "/accounts"],
        [fresh().deps, "/login"],
        [fakeDeps({ signedIn: true }).deps, "/accounts"],
      ] as const) {
        const asked: string[] = [];
        const later: string[] = [];
        await boot(deps, path, {
          ...quiet,
          askFirstData: (asking) => asked.push(asking),
          prefetchPage: (asking) => later.push(asking),
        }).started;
        await Promise.resolve();
        expect(asked).toEqual([]);
        expect(later).toEqual([path]);
      }
    });
  });

  it("loads the sign-in page's code for a visitor without a session", async () => {
    const { deps } = fakeDeps({ refreshToken: "", signedIn: false });
    const asked: string[] = [];
    await boot(deps, "/login", { preload: async (pathname, signedIn) => void asked.push(`${pathname} ${signedIn}`) })
      .code;
    expect(asked).toEqual(["/login false"]);
  });

  it("takes over /login's prerendered page only for a signed-out visitor of /login", () => {
    const quiet = { preload: async () => undefined, afterPaint: async () => undefined };
    const signedOut = () => fakeDeps({ refreshToken: "", signedIn: false }).deps;
    expect(boot(signedOut(), "/login", { ...quiet, prerendered: true }).prerenderedLogin).toBe(true);
    // The dev server's page has no prerendered markup; another address never holds the card.
    expect(boot(signedOut(), "/login", quiet).prerenderedLogin).toBe(false);
    expect(boot(signedOut(), "/register", { ...quiet, prerendered: true }).prerenderedLogin).toBe(false);
    // A stored session goes on to the console (LoginPage would send it home): drawn anew.
    const withSession = fakeDeps({ signedIn: true }).deps;
    expect(boot(withSession, "/login", { ...quiet, prerendered: true }).prerenderedLogin).toBe(false);
  });

  it("evaluates a prerendered /login's code only once the page is drawn, while health is already out", async () => {
    const { deps, calls } = fakeDeps({ refreshToken: "", signedIn: false });
    let painted: () => void = () => undefined;
    const asked: string[] = [];
    const booted = boot(deps, "/login", {
      prerendered: true,
      afterPaint: () => new Promise((resolve) => (painted = resolve)),
      preload: async (pathname) => void asked.push(pathname),
    });
    await booted.started;
    expect(calls).toEqual(["health"]);
    expect(asked).toEqual([]);
    painted();
    await booted.code;
    expect(asked).toEqual(["/login"]);
  });
});
