/**
 * The one token refresh (spec §4, §7, §9): POST v2/auth/refresh {refreshToken} → {accessToken,
 * refreshToken}, shared by every caller of a tab and taken in turns by the tabs of a browser; and
 * the early-refresh margin.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryStorage, createSessionStore } from "../../src/authProvider/session";
import {
  createTokenRefresher,
  expiresWithin,
  OTHER_TAB_TOKENS_MS,
  type TabLocks,
} from "../../src/authProvider/tokenRefresher";
import { STORAGE_KEYS } from "../../src/config";
import { makeToken, tokenExpiringIn } from "./helpers/jwt";

const URL = "https://service.test/api/v2/auth/refresh";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A session holding the access token `access-1` and the refresh token `r1`. */
const sessionWith = (user: Record<string, unknown> = { token: "access-1", refreshToken: "r1" }) =>
  createSessionStore(
    createMemoryStorage({ [STORAGE_KEYS.userInfo]: JSON.stringify({ id: "u1", isLoggedIn: true, ...user }) }),
  );

/** A refresher over a fetch answering `answer`; `locks: undefined` unless given (no browser here). */
function refresherWith(answer: () => Response | Promise<Response>, session = sessionWith(), locks?: TabLocks) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => answer());
  return {
    fetch,
    session,
    refresher: createTokenRefresher({ fetch: fetch as typeof globalThis.fetch, url: URL, session, locks }),
  };
}

const tokens = (n: number) => Response.json({ accessToken: `access-${n}`, refreshToken: `r${n}` });

describe("POST v2/auth/refresh", () => {
  it("sends the refresh token as JSON, asks for JSON, and stores the rotated pair", async () => {
    const { fetch, session, refresher } = refresherWith(() => tokens(2));
    await expect(refresher.refresh()).resolves.toBe("access-2");
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(URL);
    expect(init).toMatchObject({ method: "POST", body: JSON.stringify({ refreshToken: "r1" }) });
    expect(init?.headers).toMatchObject({
      Authorization: "Bearer access-1",
      "Content-Type": "application/json",
      Accept: "application/json",
    });
    expect(session.getUser()).toMatchObject({ token: "access-2", refreshToken: "r2" });
  });

  it("refuses without a call when there is no refresh token", async () => {
    const { fetch, refresher } = refresherWith(() => tokens(2), sessionWith({ token: "access-1", refreshToken: "" }));
    await expect(refresher.refresh()).rejects.toMatchObject({
      name: "RefreshError",
      reason: "no_refresh_token",
      message: "No refresh token",
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("tells a refusal (with the service's message and status) from no answer at all", async () => {
    await expect(
      refresherWith(() =>
        Response.json({ message: "Refresh token was already used." }, { status: 401 }),
      ).refresher.refresh(),
    ).rejects.toMatchObject({
      name: "RefreshError",
      reason: "refused",
      status: 401,
      message: "Refresh token was already used.",
    });
    await expect(
      refresherWith(() => Promise.reject(new TypeError("Failed to fetch"))).refresher.refresh(),
    ).rejects.toMatchObject({ reason: "network", message: "Failed to fetch" });
    await expect(refresherWith(() => Promise.reject("offline")).refresher.refresh()).rejects.toMatchObject({
      reason: "network",
      message: "Network error",
    });
  });

  it.each<[string, () => Response]>([
    ["a message that is not text", () => Response.json({ message: 42 }, { status: 401 })],
    ["a body that is not JSON", () => new Response("Bad gateway", { status: 502 })],
    ["a JSON null", () => new Response("null", { status: 401 })],
    ["a 2xx without both tokens", () => Response.json({ accessToken: "access-2" })],
    ["a 2xx whose tokens are not text", () => Response.json({ accessToken: 2, refreshToken: "r2" })],
    ["a 2xx whose refresh token is not text", () => Response.json({ accessToken: "access-2", refreshToken: null })],
    ["a 2xx with a JSON null", () => new Response("null")],
    ["a 2xx with a list", () => Response.json(["access-2", "r2"])],
    [
      "tokens under an error status",
      () => Response.json({ accessToken: "access-2", refreshToken: "r2" }, { status: 500 }),
    ],
  ])("refuses an answer with %s: Token refresh failed, the session kept", async (_label, answer) => {
    const { session, refresher } = refresherWith(answer);
    await expect(refresher.refresh()).rejects.toMatchObject({ reason: "refused", message: "Token refresh failed" });
    expect(session.getUser()).toMatchObject({ token: "access-1", refreshToken: "r1" });
  });
});

describe("one refresh for every caller of a tab", () => {
  it("joins the refresh in flight, and shows it as pending until it settles", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetch, refresher } = refresherWith(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(refresher.pending()).toBeNull();
    const first = refresher.refresh();
    const second = refresher.refresh();
    expect(second).toBe(first);
    expect(refresher.pending()).toBe(first);
    answer(tokens(2));
    await expect(first).resolves.toBe("access-2");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(refresher.pending()).toBeNull();
  });

  it("answers a call that expired while a refresh is in flight with that refresh's token", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { session, refresher } = refresherWith(() => new Promise<Response>((resolve) => (answer = resolve)));
    const running = refresher.refresh();
    // Meanwhile another tab writes a token of its own: the refresh in flight still decides.
    session.setUser({ token: "access-other-tab" });
    const expired = refresher.refreshAfterExpired("access-1");
    answer(tokens(2));
    await expect(Promise.all([running, expired])).resolves.toEqual(["access-2", "access-2"]);
  });

  it("answers a call that expired with a token already replaced by the current one, without refreshing", async () => {
    const { fetch, refresher } = refresherWith(() => tokens(2));
    await expect(refresher.refreshAfterExpired("access-0")).resolves.toBe("access-1");
    expect(fetch).not.toHaveBeenCalled();
    await expect(refresher.refreshAfterExpired("access-1")).resolves.toBe("access-2");
  });
});

/** navigator.locks for one name: a turn at a time; `ifAvailable` gets null while someone holds it. */
function fakeLocks(): TabLocks {
  let queue: Promise<unknown> = Promise.resolve();
  let inLine = 0;
  return {
    request<T>(_name: string, { ifAvailable = false }, callback: (lock: unknown) => Promise<T>): Promise<T> {
      if (ifAvailable && inLine > 0) return callback(null);
      inLine += 1;
      const turn = queue.then(async () => {
        try {
          return await callback({});
        } finally {
          inLine -= 1;
        }
      });
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}

describe("tabs taking turns (the browser's locks)", () => {
  /**
   * Two tabs over one storage; the first tab's refresh answers after 10 ms with `first`, and its
   * tokens reach the second tab `lagMs` later (a browser's processes) — or never, when it fails.
   */
  function twoTabs(first: () => Response, lagMs: number) {
    const initial = { [STORAGE_KEYS.userInfo]: JSON.stringify({ id: "u1", token: "access-1", refreshToken: "r1" }) };
    const own = createMemoryStorage(initial);
    const other = createMemoryStorage(initial);
    const calls: string[] = [];
    const fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${(JSON.parse(String(init!.body)) as { refreshToken: string }).refreshToken} at ${Date.now()}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return calls.length === 1 ? first() : tokens(9);
    }) as typeof globalThis.fetch;
    const locks = fakeLocks();
    const lagging = {
      ...own,
      getItem: own.getItem,
      setItem: (key: string, value: string) => {
        own.setItem(key, value);
        setTimeout(() => other.setItem(key, value), lagMs);
      },
    } as Storage;
    const tab = (storage: Storage) =>
      createTokenRefresher({ fetch, url: URL, session: createSessionStore(storage), locks });
    return { calls, tabs: [tab(lagging), tab(other)] as const };
  }

  it("takes the other tab's tokens as soon as they reach it", async () => {
    vi.useFakeTimers({ now: 0 });
    const { calls, tabs } = twoTabs(() => tokens(2), 100);
    const first = tabs[0].refresh();
    let second: string | undefined;
    void tabs[1].refresh().then((token) => (second = token));
    await vi.advanceTimersByTimeAsync(10);
    await expect(first).resolves.toBe("access-2");
    // They reach the second tab at 110 ms; it looks every 20 ms.
    await vi.advanceTimersByTimeAsync(130);
    expect(second).toBe("access-2");
    expect(calls).toEqual(["r1 at 0"]);
  });

  it(`refreshes with its own token once the other tab's have not come in ${OTHER_TAB_TOKENS_MS} ms`, async () => {
    vi.useFakeTimers({ now: 0 });
    const { calls, tabs } = twoTabs(() => Response.json({ message: "Try again" }, { status: 503 }), 0);
    const first = expect(tabs[0].refresh()).rejects.toMatchObject({ status: 503 });
    const second = tabs[1].refresh();
    await vi.advanceTimersByTimeAsync(10);
    await first;
    // Its turn came at 10 ms, after the first tab's refused refresh: it waits for tokens that never come.
    await vi.advanceTimersByTimeAsync(OTHER_TAB_TOKENS_MS - 1);
    expect(calls).toEqual(["r1 at 0"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(["r1 at 0", `r1 at ${OTHER_TAB_TOKENS_MS + 10}`]);
    await vi.advanceTimersByTimeAsync(10);
    await expect(second).resolves.toBe("access-9");
  });

  it("uses the browser's own locks (navigator.locks) when none are given", async () => {
    vi.stubGlobal("navigator", { locks: fakeLocks() });
    const storage = createMemoryStorage({
      [STORAGE_KEYS.userInfo]: JSON.stringify({ id: "u1", token: "access-1", refreshToken: "r1" }),
    });
    let issued = 1;
    const fetch = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      issued += 1;
      return tokens(issued);
    });
    const tab = () =>
      createTokenRefresher({ fetch: fetch as typeof globalThis.fetch, url: URL, session: createSessionStore(storage) });
    await expect(Promise.all([tab().refresh(), tab().refresh()])).resolves.toEqual(["access-2", "access-2"]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("expiresWithin (§9: 15 s margin)", () => {
  const NOW = 1_700_000_000_000;

  it("is true under 15 s left, false from 15 s on", () => {
    expect(expiresWithin(tokenExpiringIn(14, NOW), NOW)).toBe(true);
    expect(expiresWithin(tokenExpiringIn(15, NOW), NOW)).toBe(false);
    expect(expiresWithin(tokenExpiringIn(-1, NOW), NOW)).toBe(true);
    expect(expiresWithin(tokenExpiringIn(59, NOW), NOW, 60)).toBe(true);
  });

  it("never refreshes early a token it cannot read the expiry of", () => {
    expect(expiresWithin("", NOW)).toBe(false);
    expect(expiresWithin("opaque-token", NOW)).toBe(false);
    for (const exp of [null, "1700000000", Number.NaN]) {
      expect(expiresWithin(makeToken({ exp: exp as number }), NOW), String(exp)).toBe(false);
    }
  });
});
