/**
 * Token refresh against the real service (issue 12, item 8; spec §4, §8, §9): the early refresh
 * of a token about to expire, and the `401 token_expired` → one refresh → one retry path, both
 * seen on the network while a person uses the console, who is never sent to /login.
 *
 * The shared journey service keeps its normal token lifetime; this file starts its own service
 * whose access tokens live ACCESS_TOKEN_TTL_SECONDS = 20 s. The console refreshes early when its
 * token expires within 15 s, so a fresh token is sent as is for about 5 s and refreshed first
 * after that. A `token_expired` answer therefore only happens when the browser believes a token
 * fresh that the service holds expired: a computer whose clock runs behind the service's. That is
 * the second journey, with the browser's clock set a minute behind (Playwright's clock).
 *
 * Waiting for a token to come close to its expiry, or past it, is a wait for time by nature: the
 * journeys poll that condition (the stored token's `exp` against the clock), never a fixed sleep.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { decodeJwt } from "jose";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { TOKEN_REFRESH_MARGIN_SECONDS } from "../../src/config";
import { TOKEN_EXPIRED } from "../../src/api/types";
import { startService, type RunningService } from "../support/serviceProcess";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

const ACCESS_TOKEN_TTL_SECONDS = 20;
/** How far behind the service's clock the second journey's browser runs. */
const CLOCK_BEHIND_MS = 60_000;
const REFRESH_PATH = "/api/v2/auth/refresh";

/** One call of the console to /api/, as the network saw it. */
interface Exchange {
  /** Order in which the answers arrived. */
  seq: number;
  method: string;
  /** Path and query. */
  url: string;
  /** The bearer token sent, "" without one. */
  bearer: string;
  status: number;
  /** The answer's JSON body for a refresh or an error (else null). */
  body: Record<string, unknown> | null;
}

/** Records every /api/ exchange of the page, and every page it was sent to. */
function watchNetwork(page: Page) {
  const exchanges: Exchange[] = [];
  const reading: Promise<void>[] = [];
  const visited: string[] = [];
  let seq = 0;
  page.on("response", (response) => {
    const request = response.request();
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/api/")) return;
    const exchange: Exchange = {
      seq: (seq += 1),
      method: request.method(),
      url: url.pathname + url.search,
      bearer: (request.headers()["authorization"] ?? "").replace(/^Bearer /, ""),
      status: response.status(),
      body: null,
    };
    exchanges.push(exchange);
    if (url.pathname === REFRESH_PATH || response.status() >= 400) {
      reading.push(
        response
          .json()
          .then((body: Record<string, unknown>) => void (exchange.body = body))
          .catch(() => undefined),
      );
    }
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  return {
    visited,
    /** Everything from now on: the answers after this point, their bodies read. */
    since() {
      const from = exchanges.length;
      return async () => {
        await Promise.all(reading);
        return exchanges.slice(from);
      };
    },
  };
}

/** The access token the console holds (localStorage "user-info", spec §3). */
const storedToken = (page: Page): Promise<string> =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("user-info") ?? "{}") as { token?: string }).token ?? "");

/** Milliseconds until the token the console holds expires, by this machine's (the service's) clock. */
async function msLeft(page: Page): Promise<number> {
  const token = await storedToken(page);
  return token ? decodeJwt(token).exp! * 1000 - Date.now() : Number.NaN;
}

const isRefresh = (exchange: Exchange) => exchange.method === "POST" && exchange.url === REFRESH_PATH;
const isDevicesList = (exchange: Exchange) => exchange.method === "GET" && /^\/api\/devices(\?|$)/.test(exchange.url);

let service: RunningService;

// A first start migrates and seeds a fresh database: on a busy two-core machine that takes a while.
beforeAll(async () => {
  service = await startService(
    { ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS) },
    { label: "ttl-20s", timeoutMs: 180_000 },
  );
}, 200_000);

afterAll(async () => {
  await service?.stop();
});

const openPage = journeyBrowser();

/** Opens the Devices list from the menu (an in-app navigation: no start-up refresh) and waits for its rows. */
async function openDevices(page: Page) {
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Devices", exact: true }).click();
  await page.getByRole("heading", { name: "Devices" }).waitFor();
  await page.getByRole("row").filter({ hasText: "Antwerp sorting" }).waitFor();
}

describe("token refresh against the real service (issue 12, item 8)", () => {
  it(
    "a token about to expire is refreshed before the call that needs it: no 401, the data shows",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await openPage(service.url);
      const network = watchNetwork(page);
      await signIn(page, "admin@example.com", DEMO_PASSWORD);
      const signedIn = network.visited.length;

      // The token comes within the 15 s margin some 5 s after it was issued.
      await expect
        .poll(() => msLeft(page), { timeout: ACCESS_TOKEN_TTL_SECONDS * 1000, interval: 250 })
        .toBeLessThan((TOKEN_REFRESH_MARGIN_SECONDS - 1) * 1000);
      const oldToken = await storedToken(page);
      const answers = network.since();
      await openDevices(page);
      await screenshot(page, "token-refresh-early");

      const seen = await answers();
      const refreshes = seen.filter(isRefresh);
      expect(refreshes.map((exchange) => exchange.status)).toEqual([200]);
      const newToken = String(refreshes[0]!.body?.accessToken);
      expect(newToken).not.toBe(oldToken);
      // The list was asked for once, with the refreshed token, after the refresh: the early path, no 401.
      const lists = seen.filter(isDevicesList);
      expect(lists.map((exchange) => [exchange.status, exchange.bearer === newToken])).toEqual([[200, true]]);
      expect(lists[0]!.seq).toBeGreaterThan(refreshes[0]!.seq);
      expect(seen.filter((exchange) => exchange.status === 401)).toEqual([]);
      expect(seen.filter((exchange) => !isRefresh(exchange)).every((exchange) => exchange.bearer !== oldToken)).toBe(
        true,
      );

      expect(network.visited.slice(signedIn)).not.toContain("/login");
      expect(new URL(page.url()).pathname).toBe("/devices");
      await context.close();
    },
  );

  it(
    "a clock running behind the service's: the expired token gets 401 token_expired, one refresh, one retry, and the data shows",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await openPage(service.url);
      // Before the console loads: its Date runs a minute behind the service's, its timers at real speed.
      await page.clock.install({ time: Date.now() - CLOCK_BEHIND_MS });
      const network = watchNetwork(page);
      await signIn(page, "admin@example.com", DEMO_PASSWORD);
      const signedIn = network.visited.length;
      const answers = network.since();

      // The person reads the home page while the token expires by the service's clock; the
      // console's clock still gives it more than a minute, so it sends it without refreshing.
      await expect
        .poll(() => msLeft(page), { timeout: (ACCESS_TOKEN_TTL_SECONDS + 10) * 1000, interval: 250 })
        .toBeLessThan(-1000);
      const expiredToken = await storedToken(page);
      await openDevices(page);
      await screenshot(page, "token-refresh-expired-retried");

      const seen = await answers();
      const refused = seen.filter((exchange) => exchange.status === 401);
      expect(refused.length).toBeGreaterThan(0);
      for (const exchange of refused) {
        expect(exchange.body?.message).toBe(TOKEN_EXPIRED);
        expect(exchange.bearer).toBe(expiredToken);
      }
      // One refresh, shared by every call that was refused.
      const refreshes = seen.filter(isRefresh);
      expect(refreshes.map((exchange) => exchange.status)).toEqual([200]);
      const newToken = String(refreshes[0]!.body?.accessToken);
      // Each refused call was retried once, with the new token, and answered.
      for (const exchange of refused) {
        const again = seen.filter((other) => other.method === exchange.method && other.url === exchange.url);
        expect(again.map((other) => [other.status, other.bearer === newToken])).toEqual([
          [401, false],
          [200, true],
        ]);
        expect(again[1]!.seq).toBeGreaterThan(refreshes[0]!.seq);
      }
      // The list the person opened is among them: refused once, retried once, shown.
      expect(seen.filter(isDevicesList).map((exchange) => exchange.status)).toEqual([401, 200]);

      expect(seen.filter((exchange) => exchange.url.startsWith("/api/v2/auth/logout"))).toEqual([]);
      expect(network.visited.slice(signedIn)).not.toContain("/login");
      expect(new URL(page.url()).pathname).toBe("/devices");
      expect(await storedToken(page)).toBe(newToken);
      await context.close();
    },
  );

  it(
    "two tabs opened together both stay signed in: the refresh token is spent once, the other tab takes its tokens",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await openPage(service.url);
      await signIn(page, "admin@example.com", DEMO_PASSWORD);
      // A browser restoring two console tabs: both start up (spec §4: health, refresh, verify) at once.
      const tabs = [await context.newPage(), await context.newPage()];
      const networks = tabs.map((tab) => watchNetwork(tab));
      const answers = networks.map((network) => network.since());
      await Promise.all(tabs.map((tab) => tab.goto("/devices")));
      // What a person sees in each: the devices, or the sign-in page they were sent to.
      for (const tab of tabs) {
        await tab
          .getByRole("row")
          .filter({ hasText: "Antwerp sorting" })
          .or(tab.getByRole("button", { name: "Sign in" }))
          .waitFor();
      }
      expect(tabs.map((tab) => new URL(tab.url()).pathname)).toEqual(["/devices", "/devices"]);
      await screenshot(tabs[1]!, "token-refresh-two-tabs");

      const seen = (await Promise.all(answers.map((read) => read()))).flat();
      // Each refresh answered (the second tab's turn may come after the first tab has finished: then
      // it refreshes with the new token); never the same token twice, which the service refuses.
      const refreshes = seen.filter(isRefresh);
      expect(refreshes.length).toBeGreaterThan(0);
      expect(refreshes.map((exchange) => exchange.status)).toEqual(refreshes.map(() => 200));
      expect(seen.filter((exchange) => exchange.status === 401)).toEqual([]);
      await context.close();
    },
  );
});
