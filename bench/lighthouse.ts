/**
 * Lighthouse (issue "Performance", item 3): `/login` and a signed-in list (`/accounts`) of the
 * console, beside the same two pages of the bare react-admin anchor (bench/anchor/) in the same
 * run, each served with gzip by its server. Lighthouse's defaults: a mobile device with simulated
 * throttling (slow 4G, 4× CPU). Prints the median of RUNS runs per page — performance,
 * accessibility and best-practices scores, LCP and total blocking time — the console ÷ anchor
 * ratio of LCP, and issue 23's goals (`GOALS`); writes them to bench/results/latest.json under
 * "lighthouse". Asserts nothing.
 *
 *   npm run build && node --import tsx bench/lighthouse.ts
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { chromium, type BrowserContext } from "playwright-core";
import { STORAGE_KEYS } from "../src/config";
import { DEMO_PASSWORD } from "../server/src/db/demoUsers";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/browser";
import { startService } from "../tests/support/serviceProcess";
import { serveAnchor } from "./anchor/serve";
import { benchDataDir, sized, SMOKE } from "./smoke";
import { median, recordResults } from "./results";

const RUNS = sized(3, 1);
/**
 * Issue 23: /login keeps performance ≥ 97 and LCP ≤ 1.5 s; the signed-in list reaches ≥ 95 and
 * scores above the anchor's list in the same run; both accessibility 100 (and best practices 100,
 * which they have).
 */
const GOALS = {
  "/login": { performance: 97, lcpMs: 1500, aboveAnchor: false },
  "/accounts": { performance: 95, lcpMs: Infinity, aboveAnchor: true },
  accessibility: 100,
  bestPractices: 100,
};
const ANCHOR_DIST = join("bench", "anchor", "dist");

interface Audit {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  /** The accessibility and best-practices audits that did not pass: what stands between a score and 100. */
  failing: string[];
}

interface Target {
  app: "console" | "anchor";
  page: "/login" | "/accounts";
  url: string;
  /** Signed in: Lighthouse keeps the browser's storage (the stored session) for this page. */
  signedIn: boolean;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

class LighthouseRuntimeError extends Error {
  constructor(
    url: string,
    readonly code: string,
    message: string,
  ) {
    super(`Lighthouse on ${url}: ${message}`);
  }
}

/**
 * Lighthouse's own "something went wrong with recording the trace … please run Lighthouse again"
 * errors: its trace of the load came back incomplete (seen once in CI, NO_NAVSTART, on a busy
 * machine). Such a run measured nothing about the page, so it is run again; any other error stops.
 */
const TRACE_RECORDING_ERRORS = new Set([
  "NO_TRACING_STARTED",
  "NO_RESOURCE_REQUEST",
  "NO_NAVSTART",
  "NO_DCL",
  "NO_FMP",
]);
const TRACE_RECORDING_ATTEMPTS = 3;

/** One run of a page, prepared by `before` (a sign-in) and run again when Lighthouse's trace recording failed. */
async function auditOnce(port: number, target: Target, before: () => Promise<void>): Promise<Audit> {
  for (let attempt = 1; ; attempt += 1) {
    await before();
    try {
      return await audit(port, target);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError && TRACE_RECORDING_ERRORS.has(error.code))) throw error;
      if (attempt === TRACE_RECORDING_ATTEMPTS) throw error;
      console.log(`  ${error.message}: running it again (attempt ${attempt + 1} of ${TRACE_RECORDING_ATTEMPTS})`);
    }
  }
}

async function audit(port: number, target: Target): Promise<Audit> {
  const result = await lighthouse(target.url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
    disableStorageReset: target.signedIn,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${target.url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new LighthouseRuntimeError(target.url, runtimeError.code, runtimeError.message);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = ["accessibility", "best-practices"].flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        // The first element it names, so the report says where to look.
        const items = (
          audits[ref.id]?.details as
            | {
                items?: {
                  node?: { snippet?: string };
                  description?: string;
                  sourceLocation?: { url?: string };
                }[];
              }
            | undefined
        )?.items;
        // An element (accessibility) or a logged error's text and the address it names (errors-in-console).
        const logged = items?.[0]?.description;
        const address = items?.[0]?.sourceLocation?.url;
        const where = items?.[0]?.node?.snippet ?? (logged && address ? `${logged} (${address})` : logged);
        return `${ref.id}: ${audits[ref.id]?.title ?? ""}${where ? ` — ${where.slice(0, 240)}` : ""}`;
      }),
  );
  return {
    failing,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
  };
}

/** Signs in through the app's own form in the browser Lighthouse drives, so its storage holds the session. */
async function signIn(context: BrowserContext, app: Target["app"], url: string) {
  const page = await context.newPage();
  // Signed out first (a stored session would send /login on to the signed-in pages), the way signing
  // out leaves the browser: the console keeps the user's preferences and pages' first lists.
  await page.goto(url);
  await page.evaluate(
    (sessionKey) => (sessionKey ? window.localStorage.removeItem(sessionKey) : window.localStorage.clear()),
    app === "console" ? STORAGE_KEYS.userInfo : null,
  );
  await page.goto(url);
  if (app === "console") {
    await page.getByLabel("Email").fill("superadmin@example.com");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("app-title").filter({ hasText: "Admin" }).waitFor();
  } else {
    await page.locator('input[name="username"]').fill("superadmin@example.com");
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator("tbody td").first().waitFor();
  }
  await page.close();
}

if (!existsSync(join("dist", "index.html"))) {
  console.error("dist/ is missing: run `npm run build` first (npm run bench does).");
  process.exit(1);
}
if (!existsSync(join(ANCHOR_DIST, "index.html"))) {
  const built = spawnSync("npx", ["vite", "build", "--config", join("bench", "anchor", "vite.config.ts")], {
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("the anchor's build failed");
}

const dataDir = benchDataDir("gemtest-bench-lighthouse-");
const profile = mkdtempSync(join(tmpdir(), "gemtest-bench-lighthouse-profile-"));
const service = await startService({ QUIET: "true", LOG_LEVEL: "warn", ACCESS_TOKEN_TTL_SECONDS: "7200" }, { dataDir });
const anchor = await serveAnchor(ANCHOR_DIST, service.url);
const port = await freePort();
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
});
const rows: { target: Target; runs: Audit[]; median: Audit }[] = [];
try {
  const apps = [
    { app: "console" as const, base: service.url, route: (path: string) => path },
    { app: "anchor" as const, base: anchor.url, route: (path: string) => `/#${path}` },
    // A smoke run (CI) proves the benchmark still runs: the console's two pages are enough.
  ].slice(0, SMOKE ? 1 : 2);
  for (const { app, base, route } of apps) {
    const login: Target = { app, page: "/login", url: `${base}${route("/login")}`, signedIn: false };
    const list: Target = { app, page: "/accounts", url: `${base}${route("/accounts")}`, signedIn: true };
    const runs = { login: [] as Audit[], list: [] as Audit[] };
    // A signed-out /login: Lighthouse clears the origin's storage before each of these runs.
    for (let run = 0; run < RUNS; run += 1) runs.login.push(await auditOnce(port, login, async () => {}));
    // A sign-in before each of the list's runs, which it keeps: each run is a cold signed-in load of
    // its own. One sign-in for all of them measured the sign-in page instead after the first run:
    // Lighthouse's back/forward-cache check reloads the page and leaves it while start-up's refresh
    // is out, so the service spends the refresh token the page never stores, and refuses it (401)
    // when the next run presents it (docs/decisions.md "Two tabs, one sign-in").
    for (let run = 0; run < RUNS; run += 1) {
      runs.list.push(await auditOnce(port, list, () => signIn(context, app, login.url)));
    }
    for (const [target, audits] of [
      [login, runs.login],
      [list, runs.list],
    ] as const) {
      rows.push({
        target,
        runs: audits,
        median: {
          performance: median(audits.map((a) => a.performance)),
          accessibility: median(audits.map((a) => a.accessibility)),
          bestPractices: median(audits.map((a) => a.bestPractices)),
          lcpMs: median(audits.map((a) => a.lcpMs)),
          tbtMs: median(audits.map((a) => a.tbtMs)),
          failing: [...new Set(audits.flatMap((a) => a.failing))],
        },
      });
    }
  }
} finally {
  await context.close();
  await anchor.close();
  await service.stop();
  rmSync(profile, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

const spread = (runs: Audit[], key: "performance" | "lcpMs") => {
  const values = runs.map((run) => run[key]);
  return `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
};
console.log(`Lighthouse ${RUNS}× per page (mobile, simulated throttling); median (min–max):`);
for (const { target, runs, median: m } of rows) {
  const anchorRow = rows.find((row) => row.target.app === "anchor" && row.target.page === target.page);
  const ratio =
    target.app === "console" && anchorRow
      ? `  LCP ×${(m.lcpMs / anchorRow.median.lcpMs).toFixed(2)} of the anchor`
      : "";
  console.log(
    `  ${target.app.padEnd(7)} ${target.page.padEnd(9)} performance ${m.performance} (${spread(runs, "performance")})` +
      `  accessibility ${m.accessibility}  best practices ${m.bestPractices}` +
      `  LCP ${m.lcpMs.toFixed(0)} ms (${spread(runs, "lcpMs")})  TBT ${m.tbtMs.toFixed(0)} ms${ratio}`,
  );
  if (target.app === "console") for (const audit of m.failing) console.log(`      not passed: ${audit}`);
}
const goals = rows
  .filter((row) => row.target.app === "console")
  .map(({ target, median: m }) => {
    const goal = GOALS[target.page];
    // A smoke run audits the console alone: "above the anchor" is then not measured, so not met.
    const anchor = rows.find((row) => row.target.app === "anchor" && row.target.page === target.page)?.median;
    const met =
      m.performance >= goal.performance &&
      (!goal.aboveAnchor || (anchor !== undefined && m.performance > anchor.performance)) &&
      m.lcpMs <= goal.lcpMs &&
      m.accessibility >= GOALS.accessibility &&
      m.bestPractices >= GOALS.bestPractices;
    const said =
      `performance ≥ ${goal.performance}` +
      `${goal.aboveAnchor ? ` and above the anchor's ${anchor?.performance ?? "(not audited)"}` : ""}` +
      `${Number.isFinite(goal.lcpMs) ? `, LCP ≤ ${goal.lcpMs} ms` : ""}, accessibility ${GOALS.accessibility}, ` +
      `best practices ${GOALS.bestPractices}`;
    console.log(`Goal, console ${target.page}: ${said}: ${met ? "met" : "NOT met"}`);
    return met;
  });
const goalsMet = goals.every(Boolean);

recordResults("lighthouse", {
  measuredAt: new Date().toISOString(),
  machine: { cpus: cpus().length, node: process.version },
  runs: RUNS,
  goals: GOALS,
  goalsMet,
  pages: rows.map(({ target, runs, median: m }) => ({ app: target.app, page: target.page, median: m, runs })),
});
