/**
 * The console beside its anchor (issue 13): a bare react-admin app on the same service and data
 * (bench/anchor/), so the figures mean something on a noisy machine. Prints console ÷ anchor, with
 * the median and the spread of each, for:
 *   - gzip JavaScript loaded by /login and by a signed-in list (/accounts);
 *   - a cold load of /accounts, signed in, to its first row drawn, and of /users, /devices, /payments;
 *   - a cold load of the gallery to its first card and to its first photo decoded, beside the
 *     anchor's plain list of the same tests (issue 23: each ≤ 0.8×);
 *   - a click on the menu's Payments to its first row drawn, the moment the first list is drawn, and
 *     one on Devices once the page has settled (a person's click, after reading the list);
 *   - a returning visit: /accounts in a new tab of the same browser (its code in the HTTP cache);
 *   - the JS heap after ten pages of accounts.
 * and, as before, the service's launch to healthy (first start and restart). Visits alternate
 * console / anchor, each in a fresh browser context (an empty cache). The service holds the large
 * seed (server/src/db/seedLarge.ts); the anchor is served gzip by bench/anchor/serve.ts, its /api
 * passed through to the same service. Figures go to bench/results/latest.json under "console".
 *
 *   node --import tsx bench/console.ts   (after `npm run build`; builds the anchor itself)
 *   BENCH_SMOKE=1: a small seed and one visit each (CI); BENCH_REPEATS=n; BENCH_DATA_DIR=dir keeps
 *   the seeded data for the next run.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { launchBrowser } from "../tests/e2e/browser";
import { startService } from "../tests/support/serviceProcess";
import { DEMO_PASSWORD, DEMO_USERS } from "../server/src/db/demoUsers";
import { serveAnchor } from "./anchor/serve";
import {
  coldGalleryVisit,
  coldListVisit,
  coldVisit,
  heapAfterTenPages,
  loginScripts,
  OTHER_LISTS,
  signInState,
  type App,
  type StorageState,
} from "./anchor/measure";
import { figures, recordResults, RESULTS_FILE, type Figures } from "./results";

const SMOKE = process.env.BENCH_SMOKE === "1" || process.env.BENCH_SMOKE === "true";
const REPEATS = Number(process.env.BENCH_REPEATS ?? (SMOKE ? 1 : 9));
const HEAP_REPEATS = SMOKE ? 1 : 3;
const ACCOUNTS = process.env.SEED_LARGE_ACCOUNTS ?? (SMOKE ? "200" : "10000");
/** The goals, as ratios to the anchor and as gzip KB. */
// Issue 23: cold load ≤ 0.8×, a menu click ≤ 1.0× the anchor; the signed-in shell ≤ 260 KB.
const GOALS = { coldLoad: 0.8, menuClick: 1.0, loginKb: 180, listKb: 260 };
const SERVICE_ENV = {
  QUIET: "true",
  LOG_LEVEL: "warn",
  // The anchor signs in once and has no refresh: its access token must outlive the run.
  ACCESS_TOKEN_TTL_SECONDS: "7200",
};

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status})`);
}

async function timedStart(dataDir: string) {
  const started = performance.now();
  const service = await startService(SERVICE_ENV, { dataDir, timeoutMs: 180_000 });
  return { service, seconds: (performance.now() - started) / 1000 };
}

interface Comparison {
  label: string;
  unit: string;
  console: Figures;
  anchor: Figures;
  /** console median ÷ anchor median. */
  ratio: number;
  /** The ratios of the alternated pairs, lowest and highest. */
  ratioMin: number;
  ratioMax: number;
  goal?: string;
  met?: boolean;
}

function compare(label: string, unit: string, ours: number[], theirs: number[]): Comparison {
  const pairs = ours.map((value, index) => value / theirs[index]!);
  const c = figures(ours);
  const a = figures(theirs);
  return {
    label,
    unit,
    console: c,
    anchor: a,
    ratio: c.median / a.median,
    ratioMin: Math.min(...pairs),
    ratioMax: Math.max(...pairs),
  };
}

const fixed = (value: number, unit: string) => (unit === "ms" ? value.toFixed(0) : value.toFixed(1));
const show = (f: Figures, unit: string) =>
  `${fixed(f.median, unit).padStart(6)} ${unit} (${fixed(f.min, unit)}–${fixed(f.max, unit)})`;

const superAdmin = DEMO_USERS.find((candidate) => candidate.role === "SuperAdmin")!;

const consoleApp = (url: string): App => ({
  name: "console",
  url,
  route: (path) => path,
  signIn: async (page) => {
    await page.getByLabel("Email").fill(superAdmin.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("app-title").filter({ hasText: "Admin" }).waitFor();
  },
});

const anchorApp = (url: string): App => ({
  name: "anchor",
  url,
  route: (path) => `/#${path}`,
  signIn: async (page) => {
    await page.locator('input[name="username"]').fill(superAdmin.email);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator("tbody td").first().waitFor();
  },
});

async function sideBySide(serviceUrl: string, anchorUrl: string) {
  const apps = [consoleApp(serviceUrl), anchorApp(anchorUrl)] as const;
  const browser = await launchBrowser();
  try {
    const states = new Map<string, StorageState>();
    for (const app of apps) states.set(app.name, await signInState(browser, app));
    const samples = {
      console: {
        login: [] as number[],
        list: [] as number[],
        cold: [] as number[],
        otherCold: Object.fromEntries(OTHER_LISTS.map((list) => [list, [] as number[]])),
        menu: [] as number[],
        settledMenu: [] as number[],
        gallery: [] as number[],
        galleryPhoto: [] as number[],
        returning: [] as number[],
        calls: [] as number[],
        heap: [] as number[],
      },
      anchor: {
        login: [] as number[],
        list: [] as number[],
        cold: [] as number[],
        otherCold: Object.fromEntries(OTHER_LISTS.map((list) => [list, [] as number[]])),
        menu: [] as number[],
        settledMenu: [] as number[],
        gallery: [] as number[],
        galleryPhoto: [] as number[],
        returning: [] as number[],
        calls: [] as number[],
        heap: [] as number[],
      },
    };
    for (let round = 0; round < REPEATS; round++) {
      for (const app of apps) {
        const mine = samples[app.name];
        mine.login.push(await loginScripts(browser, app));
        const visit = await coldVisit(browser, app, states.get(app.name)!);
        states.set(app.name, visit.state);
        mine.cold.push(visit.coldLoadMs);
        mine.menu.push(visit.menuClickMs);
        mine.settledMenu.push(visit.settledClickMs);
        mine.returning.push(visit.returningMs);
        mine.list.push(visit.listKilobytes);
        mine.calls.push(visit.apiCalls);
        for (const list of OTHER_LISTS) {
          const other = await coldListVisit(browser, app, states.get(app.name)!, list);
          states.set(app.name, other.state);
          mine.otherCold[list]!.push(other.ms);
        }
        const gallery = await coldGalleryVisit(browser, app, states.get(app.name)!);
        states.set(app.name, gallery.state);
        mine.gallery.push(gallery.firstMs);
        mine.galleryPhoto.push(gallery.photoMs);
      }
      process.stdout.write(`  round ${round + 1}/${REPEATS} done\n`);
    }
    for (let round = 0; round < HEAP_REPEATS; round++) {
      for (const app of apps) {
        const heap = await heapAfterTenPages(browser, app, states.get(app.name)!);
        states.set(app.name, heap.state);
        samples[app.name].heap.push(heap.heapMb);
      }
    }
    const c = samples.console;
    const a = samples.anchor;
    const rows = [
      { ...compare("JS for /login, gzip", "KB", c.login, a.login), goal: `≤ ${GOALS.loginKb} KB` },
      { ...compare("JS for a signed-in list, gzip", "KB", c.list, a.list), goal: `≤ ${GOALS.listKb} KB` },
      { ...compare("Cold load /accounts → first row", "ms", c.cold, a.cold), goal: `≤ ${GOALS.coldLoad} × anchor` },
      {
        ...compare("Menu click, settled page → row", "ms", c.settledMenu, a.settledMenu),
        goal: `≤ ${GOALS.menuClick} × anchor`,
      },
      compare("Menu click as the 1st list draws", "ms", c.menu, a.menu),
      {
        ...compare("Returning visit /accounts (new tab)", "ms", c.returning, a.returning),
        goal: `≤ ${GOALS.coldLoad} × anchor`,
      },
      ...OTHER_LISTS.map((list) => ({
        ...compare(`Cold load /${list} → first row`, "ms", c.otherCold[list]!, a.otherCold[list]!),
        goal: `≤ ${GOALS.coldLoad} × anchor`,
      })),
      {
        ...compare("Cold load gallery → first card", "ms", c.gallery, a.gallery),
        goal: `≤ ${GOALS.coldLoad} × anchor`,
      },
      {
        ...compare("Gallery → first photo decoded", "ms", c.galleryPhoto, a.gallery),
        goal: `≤ ${GOALS.coldLoad} × anchor's rows`,
      },
      compare("API calls before the first row", "", c.calls, a.calls),
      compare("JS heap after ten list pages", "MB", c.heap, a.heap),
    ];
    rows[0]!.met = rows[0]!.console.median <= GOALS.loginKb;
    rows[1]!.met = rows[1]!.console.median <= GOALS.listKb;
    rows[2]!.met = rows[2]!.ratio <= GOALS.coldLoad;
    rows[3]!.met = rows[3]!.ratio <= GOALS.menuClick;
    for (const row of rows.slice(5, 8 + OTHER_LISTS.length)) row.met = row.ratio <= GOALS.coldLoad;
    return rows;
  } finally {
    await browser.close();
  }
}

const keptDir = process.env.BENCH_DATA_DIR;
const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), "gemtest-bench-"));
const seededMark = join(dataDir, ".bench-large-seed");
try {
  console.log("Building the anchor (bench/anchor → bench/anchor/dist)…");
  run("npx", ["vite", "build", "--config", "bench/anchor/vite.config.ts"]);

  let first: { seconds: number } | null = null;
  let restart: { seconds: number } | null = null;
  if (!existsSync(seededMark)) {
    const started = await timedStart(dataDir);
    await started.service.stop();
    first = started;
    const again = await timedStart(dataDir);
    await again.service.stop();
    restart = again;
    console.log(`Large seed: ${ACCOUNTS} accounts…`);
    run(process.execPath, ["--import", "tsx", "server/src/db/seedLarge.ts"], {
      DATA_DIR: dataDir,
      SEED_LARGE_ACCOUNTS: ACCOUNTS,
      LOG_LEVEL: "warn",
    });
    writeFileSync(seededMark, ACCOUNTS);
  }
  const { service } = await timedStart(dataDir);
  const anchor = await serveAnchor(join("bench", "anchor", "dist"), service.url);
  let rows: Awaited<ReturnType<typeof sideBySide>>;
  try {
    console.log(`Console ${service.url}, anchor ${anchor.url}; ${REPEATS} alternated visits each.`);
    rows = await sideBySide(service.url, anchor.url);
  } finally {
    await anchor.close();
    await service.stop();
  }

  if (first && restart) {
    console.log("\nnpm start, launch to healthy:");
    console.log(`  first start (create, migrate, seed): ${first.seconds.toFixed(2)} s`);
    console.log(`  restart:                             ${restart.seconds.toFixed(2)} s`);
  }
  console.log(`\nConsole ÷ anchor (median, min–max; ratio of medians, min–max of the alternated pairs):`);
  for (const row of rows) {
    const goal = row.goal ? `  goal ${row.goal}: ${row.met ? "met" : "NOT met"}` : "";
    console.log(
      `  ${row.label.padEnd(33)} console ${show(row.console, row.unit)}  anchor ${show(row.anchor, row.unit)}  ` +
        `×${row.ratio.toFixed(2)} (${row.ratioMin.toFixed(2)}–${row.ratioMax.toFixed(2)})${goal}`,
    );
  }

  const round2 = (value: number) => Number(value.toFixed(2));
  const roundFigures = (f: Figures) => ({
    median: round2(f.median),
    min: round2(f.min),
    max: round2(f.max),
    samples: f.samples.map(round2),
  });
  recordResults("console", {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    smoke: SMOKE,
    accounts: Number(readFileSync(seededMark, "utf8")),
    repeats: REPEATS,
    start: first && restart ? { firstSeconds: round2(first.seconds), restartSeconds: round2(restart.seconds) } : null,
    sideBySide: rows.map((row) => ({
      ...row,
      console: roundFigures(row.console),
      anchor: roundFigures(row.anchor),
      ratio: round2(row.ratio),
      ratioMin: round2(row.ratioMin),
      ratioMax: round2(row.ratioMax),
    })),
  });
  console.log(`Written to ${RESULTS_FILE} ("console").`);
} finally {
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}
