/**
 * What the side-by-side benchmark (bench/console.ts) measures in a browser, the same way for the
 * console and the anchor: each visit in a fresh browser context (an empty HTTP cache: a cold load),
 * signed in through what the app itself stored at its sign-in.
 */
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";

/** What makes the console and the anchor differ for the driver: sign-in form and stored session. */
export interface App {
  name: "console" | "anchor";
  url: string;
  /** The address of a route: react-admin's default router is a hash router (the anchor's /#/accounts). */
  route: (path: string) => string;
  /** Fills and sends the app's own sign-in form on /login. */
  signIn: (page: Page) => Promise<void>;
}

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** A first row of the list on screen: its first column's text drawn. */
const FIRST_ROW = {
  accounts: "tbody td.column-name",
  payments: "tbody td.column-invoiceNumber",
  users: "tbody td.column-lastName",
  devices: "tbody td.column-serialNumber",
} as const;

/** The lists whose cold load is measured beside /accounts (issue 23: each ≤ 0.8× the anchor's). */
export const OTHER_LISTS = ["users", "devices", "payments"] as const;

const VIEWPORT = { width: 1366, height: 860 };

/** Sums the gzip size of every script the page loads (what a gzip-serving server sends). */
function countScripts(page: Page) {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  let apiCalls = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) apiCalls++;
  });
  let counting = true;
  page.on("response", (response) => {
    if (!counting || !/\.m?js(\?|$)/.test(response.url())) return;
    pending.push(
      response
        .body()
        .then((body) => void sizes.set(response.url(), gzipSync(body).length))
        .catch(() => undefined),
    );
  });
  return {
    kilobytes: async () => {
      counting = false;
      await Promise.all(pending);
      return [...sizes.values()].reduce((sum, size) => sum + size, 0) / 1024;
    },
    apiCalls: () => apiCalls,
  };
}

/** Resolves, inside the page, with performance.now() at the first frame where `selector` has text. */
const timeToText = (page: Page, selector: string, timeout = 60_000) =>
  page
    .waitForFunction(
      (css) => {
        const cell = document.querySelector(css);
        return cell && cell.textContent && cell.textContent.trim() !== "" ? performance.now() : false;
      },
      selector,
      { polling: "raf", timeout },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);

/**
 * Clicks the menu's link to `/list` and resolves with the time to its first row drawn, ms. Clicked
 * and timed inside the page: no driver round trip in the figure.
 */
const clickToFirstRow = (page: Page, list: keyof typeof FIRST_ROW) =>
  // A string, not a function: tsx's name helpers (__name) do not exist in the page.
  page.evaluate(`new Promise((resolve, reject) => {
    const started = performance.now();
    document.querySelector('a[href$="/${list}"]').click();
    const poll = () => {
      const cell = document.querySelector(${JSON.stringify(FIRST_ROW[list])});
      if (cell && cell.textContent.trim()) resolve(performance.now() - started);
      else if (performance.now() - started > 60000) reject(new Error("No ${list} row within 60 s"));
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  })`) as Promise<number>;

/** Until the page has run no long task (> 50 ms) for a second: what a person reading it leaves it. */
const settled = (page: Page) =>
  page.evaluate(`new Promise((resolve) => {
    let busyUntil = performance.now();
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) busyUntil = Math.max(busyUntil, task.startTime + task.duration);
    }).observe({ type: "longtask", buffered: true });
    const check = () => (performance.now() - busyUntil > 1000 ? resolve(undefined) : setTimeout(check, 100));
    check();
  })`);

/** Signs in once through the app's own page; the stored session is what later visits start with. */
export async function signInState(browser: Browser, app: App): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: app.url, viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(app.route("/login"));
  await app.signIn(page);
  // Every measured list once, as a returning admin has (the console remembers how each was drawn).
  await page.goto(app.route(GALLERY[app.name].path));
  await timeToText(page, GALLERY[app.name].firstRow);
  await settled(page);
  for (const list of ["accounts", ...OTHER_LISTS] as const) {
    await page.goto(app.route(`/${list}`));
    await timeToText(page, FIRST_ROW[list]);
    // Read for a moment: the console measures the drawn list when the browser is idle after its rows
    // (custom/startup/earlyRows/remember.ts); left at once, a list had no frame for its next visit.
    await settled(page);
  }
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * The gallery: the console's grid of test cards, and the anchor's plain list of the same tests
 * (without photos: react-admin as a team would first write it).
 */
const GALLERY = {
  // A card's title, or an early card's first line (drawn before the console's code).
  console: { path: "/gallery", firstRow: "article h2, #early-rows .early-line" },
  anchor: { path: "/tests", firstRow: "tbody td.column-name" },
} as const;

/** Resolves, inside the page, with performance.now() at the first frame where the first card's photo is decoded. */
const timeToPhoto = (page: Page, timeout = 60_000) =>
  page
    .waitForFunction(
      () => {
        const photo = document.querySelector<HTMLImageElement>("article img, #early-rows img");
        return photo && photo.complete && photo.naturalWidth > 0 ? performance.now() : false;
      },
      undefined,
      { polling: "raf", timeout },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);

/**
 * A cold, signed-in visit of the gallery: to its first card drawn (the anchor: its list's first
 * row), and for the console, to the first card's photo decoded, ms from navigation start.
 */
export async function coldGalleryVisit(
  browser: Browser,
  app: App,
  state: StorageState,
): Promise<{ firstMs: number; photoMs: number; state: StorageState }> {
  const context = await browser.newContext({ baseURL: app.url, viewport: VIEWPORT, storageState: state });
  try {
    const page = await context.newPage();
    const gallery = GALLERY[app.name];
    await page.goto(app.route(gallery.path), { waitUntil: "commit" });
    const firstMs = await timeToText(page, gallery.firstRow);
    const photoMs = app.name === "console" ? await timeToPhoto(page) : firstMs;
    await page.locator("#early-rows").waitFor({ state: "detached" });
    return { firstMs, photoMs, state: await context.storageState() };
  } finally {
    await context.close();
  }
}

/** A cold, signed-in visit of `/list` to its first row drawn, ms (navigation start to the frame). */
export async function coldListVisit(
  browser: Browser,
  app: App,
  state: StorageState,
  list: (typeof OTHER_LISTS)[number],
): Promise<{ ms: number; state: StorageState }> {
  const context = await browser.newContext({ baseURL: app.url, viewport: VIEWPORT, storageState: state });
  try {
    const page = await context.newPage();
    await page.goto(app.route(`/${list}`), { waitUntil: "commit" });
    const ms = await timeToText(page, FIRST_ROW[list]);
    // Until the page is drawn (the console's early rows handed over): the session it leaves is whole.
    await page.locator("#early-rows").waitFor({ state: "detached" });
    return { ms, state: await context.storageState() };
  } finally {
    await context.close();
  }
}

/** gzip KB of JavaScript for a signed-out visit of /login, drawn. */
export async function loginScripts(browser: Browser, app: App): Promise<number> {
  const context = await browser.newContext({ baseURL: app.url, viewport: VIEWPORT });
  const page = await context.newPage();
  const scripts = countScripts(page);
  await page.goto(app.route("/login"), { waitUntil: "load" });
  await page.locator("input[type=password]").waitFor();
  // Until the page is live, not just drawn: the console's /login comes drawn in its HTML and asks
  // for its code after the first paint (docs/decisions.md "/login prerendered"), so the drawn field
  // alone would leave most of its script uncounted. Signed out, nothing keeps a connection open.
  await page.waitForLoadState("networkidle");
  const kilobytes = await scripts.kilobytes();
  await context.close();
  return kilobytes;
}

export interface ColdVisit {
  /** Navigation start to the first accounts row drawn, ms. */
  coldLoadMs: number;
  /**
   * Click on the menu's Payments the moment the first accounts row is drawn (the page handed over),
   * to Payments' first row drawn, ms (a list never opened in this visit).
   */
  menuClickMs: number;
  /**
   * Click on the menu's Devices once the Payments page has settled (no long task for a second: a
   * person reading the list), to Devices' first row drawn, ms (a list never opened in this visit).
   */
  settledClickMs: number;
  /**
   * A returning visit: a new tab of the same browser (its HTTP cache holds the code) opening
   * /accounts, navigation start to its first row, ms.
   */
  returningMs: number;
  /** gzip KB of JavaScript loaded for the signed-in /accounts. */
  listKilobytes: number;
  /** API calls made until the first row. */
  apiCalls: number;
  /** The session as the visit left it (the console rotates its refresh token at start-up). */
  state: StorageState;
}

/** A cold, signed-in visit of /accounts, then a click on the menu's Payments. */
export async function coldVisit(browser: Browser, app: App, state: StorageState): Promise<ColdVisit> {
  const context = await browser.newContext({ baseURL: app.url, viewport: VIEWPORT, storageState: state });
  try {
    const page = await context.newPage();
    const scripts = countScripts(page);
    await page.goto(app.route("/accounts"), { waitUntil: "commit" });
    const coldLoadMs = await timeToText(page, FIRST_ROW.accounts);
    const apiCalls = scripts.apiCalls();
    // The scripts asked for until the page drew its list (the console's early rows come before its
    // code, so the row alone would count almost nothing): what the page needed. The console keeps a
    // connection open, so the network never goes idle; code fetched later for the menu is not counted.
    await page.locator(`.RaList-content ${FIRST_ROW.accounts}`).first().waitFor();
    const listKilobytes = await scripts.kilobytes();

    await page.locator('a[href$="/payments"]').first().waitFor({ state: "attached" });
    // The click is on a drawn page: the console's early rows (drawn before its code) handed over.
    await page.locator("#early-rows").waitFor({ state: "detached" });
    const menuClickMs = await clickToFirstRow(page, "payments");
    await page.locator(FIRST_ROW.payments).first().waitFor();
    await page.locator("#early-rows").waitFor({ state: "detached" });
    await settled(page);
    const settledClickMs = await clickToFirstRow(page, "devices");
    await page.locator("#early-rows").waitFor({ state: "detached" });
    const tab = await context.newPage();
    await tab.goto(app.route("/accounts"), { waitUntil: "commit" });
    const returningMs = await timeToText(tab, FIRST_ROW.accounts);
    await tab.locator("#early-rows").waitFor({ state: "detached" });
    return {
      coldLoadMs,
      menuClickMs,
      settledClickMs,
      returningMs,
      listKilobytes,
      apiCalls,
      state: await context.storageState(),
    };
  } finally {
    await context.close();
  }
}

/** JS heap used (MB, after a forced garbage collection) once ten pages of accounts have been shown. */
export async function heapAfterTenPages(
  browser: Browser,
  app: App,
  state: StorageState,
): Promise<{ heapMb: number; state: StorageState }> {
  const context = await browser.newContext({ baseURL: app.url, viewport: VIEWPORT, storageState: state });
  try {
    const page = await context.newPage();
    await page.goto(app.route("/accounts"));
    await timeToText(page, FIRST_ROW.accounts);
    for (let shown = 1; shown < 10; shown++) {
      const before = await page.locator(FIRST_ROW.accounts).first().textContent();
      await page
        .getByRole("button", { name: /next page/i })
        .first()
        .click();
      await page.waitForFunction(
        ({ css, previous }) => {
          const text = document.querySelector(css)?.textContent?.trim();
          return Boolean(text) && text !== previous;
        },
        { css: FIRST_ROW.accounts, previous: before },
      );
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("HeapProfiler.collectGarbage");
    const { usedSize } = await cdp.send("Runtime.getHeapUsage");
    return { heapMb: usedSize / 1024 / 1024, state: await context.storageState() };
  } finally {
    await context.close();
  }
}
