/**
 * Tabs of one browser share the stored session, and refresh tokens rotate: two tabs opened together
 * both refreshed at start-up with the same token, the service saw it spent twice and ended the
 * sign-in in both. They now take turns (the Web Locks API), and a tab whose turn comes after another
 * tab's refresh takes that tab's tokens instead of spending the old refresh token again.
 */
import { describe, expect, it, vi } from "vitest";
import { createMemoryStorage, createSessionStore } from "../../src/authProvider/session";
import { createTokenRefresher, RefreshError, type TabLocks } from "../../src/authProvider/tokenRefresher";
import { STORAGE_KEYS } from "../../src/config";

/** navigator.locks for one name: callbacks run one after another; `ifAvailable` gets null when held. */
function fakeLocks(): TabLocks {
  let queue: Promise<unknown> = Promise.resolve();
  // Held or asked for: a request is in line from the moment it is made.
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

/** A service that rotates refresh tokens and refuses one spent before (401). */
function rotatingService() {
  let live = "r1";
  let issued = 1;
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const { refreshToken } = JSON.parse(String(init!.body)) as { refreshToken: string };
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (refreshToken !== live) return Response.json({ message: "Refresh token was already used." }, { status: 401 });
    issued += 1;
    live = `r${issued}`;
    return Response.json({ accessToken: `access-${issued}`, refreshToken: live });
  });
  return { fetch };
}

/** Two tabs: each its own refresher, over the one browser storage. */
function twoTabs(locks: TabLocks | undefined) {
  const storage = createMemoryStorage({
    [STORAGE_KEYS.userInfo]: JSON.stringify({ id: "u1", isLoggedIn: true, token: "access-1", refreshToken: "r1" }),
  });
  const service = rotatingService();
  const tab = () =>
    createTokenRefresher({
      fetch: service.fetch as typeof fetch,
      url: "https://service.test/api/v2/auth/refresh",
      session: createSessionStore(storage),
      locks,
    });
  return { service, tabs: [tab(), tab()] as const, session: createSessionStore(storage) };
}

/** Two tabs whose storage changes reach each other 50 ms late, as between a browser's processes. */
function twoLaggingTabs(locks: TabLocks) {
  const initial = {
    [STORAGE_KEYS.userInfo]: JSON.stringify({ id: "u1", isLoggedIn: true, token: "access-1", refreshToken: "r1" }),
  };
  const stores = [createMemoryStorage(initial), createMemoryStorage(initial)] as const;
  const service = rotatingService();
  const tab = (own: Storage, other: Storage) =>
    createTokenRefresher({
      fetch: service.fetch as typeof fetch,
      url: "https://service.test/api/v2/auth/refresh",
      session: createSessionStore({
        ...own,
        getItem: own.getItem,
        setItem: (key: string, value: string) => {
          own.setItem(key, value);
          setTimeout(() => other.setItem(key, value), 50);
        },
      } as Storage),
      locks,
    });
  return { service, tabs: [tab(stores[0], stores[1]), tab(stores[1], stores[0])] as const };
}

describe("a refresh in two tabs at once", () => {
  it("waits for the other tab's tokens to reach it, even when they arrive after its turn", async () => {
    const { service, tabs } = twoLaggingTabs(fakeLocks());
    await expect(Promise.all(tabs.map((tab) => tab.refresh()))).resolves.toEqual(["access-2", "access-2"]);
    expect(service.fetch).toHaveBeenCalledTimes(1);
  });

  it("spends the refresh token once; the second tab takes the first one's tokens", async () => {
    const { service, tabs, session } = twoTabs(fakeLocks());
    const answers = await Promise.all(tabs.map((tab) => tab.refresh()));
    expect(answers).toEqual(["access-2", "access-2"]);
    expect(service.fetch).toHaveBeenCalledTimes(1);
    expect(session.getUser()).toMatchObject({ token: "access-2", refreshToken: "r2" });
    // Later refreshes go on from the new token, in either tab.
    await expect(tabs[1].refresh()).resolves.toBe("access-3");
  });

  it("without the browser's locks, each tab refreshes on its own (the service refuses the second)", async () => {
    const { tabs } = twoTabs(undefined);
    const [first, second] = await Promise.allSettled(tabs.map((tab) => tab.refresh()));
    expect(first).toEqual({ status: "fulfilled", value: "access-2" });
    expect(second.status).toBe("rejected");
    expect((second as PromiseRejectedResult).reason).toBeInstanceOf(RefreshError);
  });
});
