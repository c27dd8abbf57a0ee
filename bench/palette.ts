/**
 * The command palette's records search beside the accounts list's own search box (issue 25,
 * item 1): in headless Chromium, signed in as the super admin, on the large seed (10,000 accounts,
 * server/src/db/seedLarge.ts), the time from the last keystroke of a query to its results painted:
 *   - palette: Ctrl+K, the query typed into its text box → an option of a record matching the
 *     query in its listbox (GET /api/search answered and drawn);
 *   - list: the same query typed into /accounts's search box → the first row matching it (or, for
 *     a query no account matches, the list's "no results") drawn.
 * Both are measured inside the page: performance.now() at the input event that puts the last
 * character in the box, then, once a MutationObserver sees the results, at the next animation
 * frame. Each search debounces what is typed (the palette 200 ms, SEARCH_DEBOUNCE_MS; react-admin's
 * FilterLiveSearch 500 ms), and both figures include it. Each measure is its own fresh load of
 * /accounts (no answer remembered by react-query), the palette and the list alternated in turn.
 * Besides the totals, the page's resource timing splits each: the debounce (last key → the request
 * asked), the request (asked → its last byte) and the drawing (last byte → painted).
 *
 * Prints medians (min–max) and palette ÷ list; writes bench/results/latest.json "palette".
 *
 *   node --import tsx bench/palette.ts   (after `npm run build`)
 *   BENCH_SMOKE=1: the demo seed alone (300 generated accounts, no large seed) and one round (CI);
 *   BENCH_REPEATS=n rounds; SEED_LARGE_ACCOUNTS=n; BENCH_DATA_DIR=dir keeps the seeded data for the next run.
 */
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD, DEMO_USERS } from "../server/src/db/demoUsers";
import { seedLarge } from "../server/src/db/seedLarge";
import { launchBrowser, newPage, signIn } from "../tests/e2e/browser";
import { startService } from "../tests/support/serviceProcess";
import { figures, recordResults, RESULTS_FILE, showFigures, type Figures } from "./results";
import { benchDataDir, sized, SMOKE } from "./smoke";

/** Accounts the large seed adds; a smoke run keeps the demo seed's (300 generated accounts) and adds none. */
const ACCOUNTS = SMOKE ? 0 : Number(process.env.SEED_LARGE_ACCOUNTS ?? 10_000);
/** Timed rounds per query and search (each round: one palette and one list measure, alternated). */
const ROUNDS = Number(process.env.BENCH_REPEATS ?? sized(7, 1));
/** Milliseconds between two keys typed (a quick typist; well under either debounce). */
const KEY_DELAY_MS = 40;

/** Values of the seed, for the large seed and the small one alike. */
const QUERIES = [
  // 1 generated account in 24 is named "Beryl …" (seedResources.ts NAME_PARTS).
  { label: "account name part", q: "beryl", kind: "accounts" },
  // Serials GX-<type>-<8 digits>: type 5001, devices of the demo seed's generated accounts 200–299.
  { label: "device serial part", q: "GX-5001-0002", kind: "devices" },
  // The demo seed's tests (seedTests.ts): SKU-10070 and SKU-10077.
  { label: "test SKU part", q: "SKU-1007", kind: "tests" },
] as const;

/** The warm-up's query: another name part, none of the timed ones. */
const WARM_UP = "aurora";

type Search = "palette" | "list";

interface Sample {
  /** Last key's input event → results painted. */
  totalMs: number;
  /** Last key → the search's request asked (the debounce, and the work before the request). */
  askedMs: number;
  /** Request asked → its last byte (network and service). */
  requestMs: number;
  /** Last byte → painted (parse, render, layout). */
  drawnMs: number;
}

const superAdmin = DEMO_USERS.find((user) => user.role === "SuperAdmin")!;

/**
 * Installs, in the page, the measure of the next search: window.__searchMeasure resolves with the
 * sample once the results for `query` are painted. A string, not a function: tsx's name helpers
 * (__name) do not exist in the page.
 */
function installMeasure(page: Page, search: Search, query: string) {
  return page.evaluate(`(() => {
    const search = ${JSON.stringify(search)};
    const query = ${JSON.stringify(query)};
    const wanted = query.toLowerCase();
    const RECORD_OPTION = /-(accounts|businesses|users|devices|tests)_/;
    const shown = () => {
      if (search === "palette") {
        return Array.from(document.querySelectorAll('[role="listbox"] [role="option"]')).some(
          (option) => RECORD_OPTION.test(option.id) && option.textContent.toLowerCase().includes(wanted),
        );
      }
      const main = document.querySelector(".RaList-main");
      if (!main) return false;
      const first = main.querySelector("tbody td.column-name");
      if (first) return first.textContent.toLowerCase().includes(wanted);
      return /found using the current filters/i.test(main.textContent);
    };
    window.__searchMeasure = new Promise((resolve, reject) => {
      let typedAt = null;
      const onInput = (event) => {
        if (typedAt === null && event.target && event.target.value === query) typedAt = performance.now();
      };
      document.addEventListener("input", onInput, true);
      const finish = () => {
        observer.disconnect();
        document.removeEventListener("input", onInput, true);
        clearTimeout(timer);
      };
      const observer = new MutationObserver(() => {
        if (typedAt === null || !shown()) return;
        finish();
        requestAnimationFrame(() => {
          const paintedAt = performance.now();
          // The search's request: the first one after the last key whose address holds the query.
          const request = performance
            .getEntriesByType("resource")
            .find(
              (entry) =>
                entry.startTime >= typedAt &&
                entry.name.includes("/api/") &&
                decodeURIComponent(entry.name.replace(/\\+/g, " ")).includes(query),
            );
          resolve({
            totalMs: paintedAt - typedAt,
            askedMs: request ? request.startTime - typedAt : NaN,
            requestMs: request ? request.responseEnd - request.startTime : NaN,
            drawnMs: request ? paintedAt - request.responseEnd : NaN,
          });
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      const timer = setTimeout(() => {
        finish();
        reject(new Error(search + ": no results for " + query + " painted within 30 s"));
      }, 30000);
    });
  })()`);
}

/** A fresh /accounts (no filter, whatever the store remembers), its first rows drawn and the page idle. */
async function freshAccounts(page: Page) {
  await page.goto(`/accounts?filter=${encodeURIComponent("{}")}`);
  await page.locator("tbody td.column-name").first().waitFor();
  await page.evaluate(
    `new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(() => resolve(null)), { timeout: 2000 }))`,
  );
}

async function measure(page: Page, search: Search, query: string): Promise<Sample> {
  await freshAccounts(page);
  let input;
  if (search === "palette") {
    await page.keyboard.press("Control+k");
    input = page.getByRole("dialog").getByRole("combobox");
    await input.waitFor();
  } else {
    input = page.locator('aside input[name="q"]');
    await input.click();
  }
  await installMeasure(page, search, query);
  await input.pressSequentially(query, { delay: KEY_DELAY_MS });
  return (await page.evaluate("window.__searchMeasure")) as Sample;
}

/** What the service finds for each query, asked outside the browser: the queries must find something. */
async function checkQueries(serviceUrl: string) {
  const login = await fetch(`${serviceUrl}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: superAdmin.email, password: DEMO_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const found: Record<string, { paletteResults: number; listTotal: number }> = {};
  for (const { q, kind } of QUERIES) {
    const search = await fetch(`${serviceUrl}/api/search?q=${encodeURIComponent(q)}`, { headers });
    const { results } = (await search.json()) as { results: { kind: string }[] };
    if (!results.some((result) => result.kind === kind)) throw new Error(`GET /api/search?q=${q} finds no ${kind}`);
    const params = new URLSearchParams({ filter: JSON.stringify({ q }), range: "[0,24]" });
    const list = await fetch(`${serviceUrl}/api/accounts?${params.toString()}`, { headers });
    const range = list.headers.get("content-range") ?? "";
    found[q] = { paletteResults: results.length, listTotal: Number(range.split("/")[1] ?? Number.NaN) };
  }
  return found;
}

const round2 = (value: number) => Number(value.toFixed(2));
const rounded = (f: Figures) => ({
  median: round2(f.median),
  min: round2(f.min),
  max: round2(f.max),
  samples: f.samples.map(round2),
});
const part = (samples: Sample[], key: keyof Sample) =>
  figures(samples.map((sample) => sample[key]).filter(Number.isFinite));

const kept = process.env.BENCH_DATA_DIR;
const dataDir = kept ?? benchDataDir("gemtest-bench-palette-");
const seededMark = join(dataDir, ".palette-large-seed");
try {
  if (ACCOUNTS > 0 && !existsSync(seededMark)) {
    // Seeded while no service runs (a PGlite directory has one owner).
    process.env.DATA_DIR = dataDir;
    const seeding = performance.now();
    await seedLarge(ACCOUNTS);
    console.log(`seed:large (${ACCOUNTS} accounts) took ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    if (kept) writeFileSync(seededMark, String(ACCOUNTS));
  }
  const service = await startService({ QUIET: "true", LOG_LEVEL: "warn" }, { dataDir, timeoutMs: 180_000 });
  const browser = await launchBrowser();
  const samples = new Map<string, Record<Search, Sample[]>>();
  let found: Awaited<ReturnType<typeof checkQueries>>;
  const load = [loadavg()[0]];
  try {
    found = await checkQueries(service.url);
    const { page } = await newPage(browser, service.url);
    await signIn(page, superAdmin.email, DEMO_PASSWORD);
    // A warm-up of each (code loaded, connections open, the service's statements planned), not counted.
    await measure(page, "palette", WARM_UP);
    await measure(page, "list", WARM_UP);
    const seed = SMOKE ? "demo seed (smoke: no large seed)" : `large seed`;
    console.log(
      `Palette and /accounts search, ${seed}; ${ROUNDS} round(s) per query, each a fresh /accounts, alternated.`,
    );
    for (const { q } of QUERIES) samples.set(q, { palette: [], list: [] });
    for (let round = 0; round < ROUNDS; round++) {
      for (const { q } of QUERIES) {
        const order: Search[] = round % 2 === 0 ? ["palette", "list"] : ["list", "palette"];
        for (const search of order) samples.get(q)![search].push(await measure(page, search, q));
      }
      load.push(loadavg()[0]);
      process.stdout.write(`  round ${round + 1}/${ROUNDS} done\n`);
    }
  } finally {
    await browser.close();
    await service.stop();
  }

  const rows = QUERIES.map(({ label, q }) => {
    const { palette, list } = samples.get(q)!;
    const p = part(palette, "totalMs");
    const l = part(list, "totalMs");
    const pairs = palette.map((sample, index) => sample.totalMs / list[index]!.totalMs);
    const parts = (mine: Sample[]) => ({
      askedMs: part(mine, "askedMs"),
      requestMs: part(mine, "requestMs"),
      drawnMs: part(mine, "drawnMs"),
    });
    return {
      label,
      q,
      ...found[q]!,
      palette: { totalMs: p, ...parts(palette) },
      list: { totalMs: l, ...parts(list) },
      ratio: p.median / l.median,
      ratioMin: Math.min(...pairs),
      ratioMax: Math.max(...pairs),
    };
  });

  const seedName = SMOKE ? "demo seed, 300 generated accounts (smoke)" : `large seed, ${ACCOUNTS} more accounts`;
  console.log(
    `\nLast keystroke → results painted (${seedName}; ${ROUNDS} round(s); median (min–max); both include their ` +
      `debounce: palette 200 ms, accounts list 500 ms; load average ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}):`,
  );
  for (const row of rows) {
    const met = row.ratio <= 1 ? "goal ≤ list: met" : "goal ≤ list: NOT met";
    console.log(`  ${row.label}, "${row.q}" (palette ${row.paletteResults} results, list ${row.listTotal} accounts):`);
    for (const search of ["palette", "list"] as const) {
      const mine = row[search];
      console.log(
        `    ${search.padEnd(8)} ${showFigures(mine.totalMs, "ms").padEnd(22)} = asked after ${showFigures(mine.askedMs, "ms")}` +
          `, request ${showFigures(mine.requestMs, "ms")}, drawn ${showFigures(mine.drawnMs, "ms")}`,
      );
    }
    console.log(
      `    palette ÷ list ×${row.ratio.toFixed(2)} (pairs ${row.ratioMin.toFixed(2)}–${row.ratioMax.toFixed(2)})  ${met}`,
    );
  }

  recordResults("palette", {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, loadAverage: load.map(round2) },
    smoke: SMOKE,
    seed: SMOKE ? "demo" : "large",
    largeSeedAccounts: ACCOUNTS,
    rounds: ROUNDS,
    keyDelayMs: KEY_DELAY_MS,
    debounceMs: { palette: 200, list: 500, included: true },
    queries: rows.map((row) => ({
      label: row.label,
      q: row.q,
      paletteResults: row.paletteResults,
      listTotal: row.listTotal,
      palette: Object.fromEntries(Object.entries(row.palette).map(([key, value]) => [key, rounded(value)])),
      list: Object.fromEntries(Object.entries(row.list).map(([key, value]) => [key, rounded(value)])),
      ratio: round2(row.ratio),
      ratioMin: round2(row.ratioMin),
      ratioMax: round2(row.ratioMax),
      goalMet: row.ratio <= 1,
    })),
  });
  console.log(`Written to ${RESULTS_FILE} ("palette").`);
} finally {
  if (!kept) rmSync(dataDir, { recursive: true, force: true });
}
