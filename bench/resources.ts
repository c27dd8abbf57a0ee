/**
 * Resources benchmark (`npm run bench:service`, `npm run bench`): with the large seed (10,000
 * accounts, 100,000+ payments; server/src/db/seedLarge.ts) in a temporary DATA_DIR, against the
 * real service in its own process:
 * - the service-side time to the first page of the accounts and payments lists (default sorts, and
 *   a sort by a computed column), a few runs each;
 * - in Chromium (the built console: `npm run bench` and `npm run bench:service` build it), a menu
 *   click to the first row visible;
 * - the CSV export of about 10,000 payments (one currency) and then of all of them: seconds, rows
 *   and the growth of the service's peak RSS (VmHWM). The export streams keyset pages, so the
 *   growth should stay flat between 10k and 100k rows.
 * Prints the median and spread (min–max) of each, writes them to bench/results/latest.json under
 * "resources"; asserts nothing. Linux (reads /proc).
 *
 *   node --import tsx bench/resources.ts
 */
import { rmSync } from "node:fs";
import { DEMO_PASSWORD } from "../server/src/db/demoUsers";
import { startService } from "../tests/support/serviceProcess";
import { processMemory } from "./processMemory";
import { seedLarge } from "../server/src/db/seedLarge";
import { launchBrowser, signIn } from "../tests/e2e/browser";
import { figures, recordResults, showFigures, type Figures } from "./results";
import { benchDataDir, sized } from "./smoke";

const ACCOUNTS = Number(process.env.SEED_LARGE_ACCOUNTS ?? sized(10_000, 50));
const RUNS = sized(5, 1);
/** Menu clicks per list in Chromium: a warm-up, then the timed ones. */
const BROWSER_RUNS = sized(6, 2);
/** Each export after the warm-up, timed this many times. */
const EXPORT_RUNS = sized(3, 1);

const dataDir = benchDataDir("gemtest-bench-resources-");
try {
  // Seed while no service runs (a PGlite directory has one owner).
  process.env.DATA_DIR = dataDir;
  const seeding = performance.now();
  await seedLarge(ACCOUNTS);
  console.log(`seed:large (${ACCOUNTS} accounts) took ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const service = await startService({ QUIET: "true", LOG_LEVEL: "warn" }, { dataDir });
  const base = `${service.url}/api`;
  try {
    const login = await fetch(`${base}/v2/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "superadmin@example.com", password: DEMO_PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    const query = (params: Record<string, unknown>) =>
      Object.entries(params)
        .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
        .join("&");

    const results: {
      firstPageMs: Record<string, Figures>;
      menuClickMs: Record<string, Figures>;
      exports: Record<string, { rows: number; mebibytes: number; seconds: Figures; peakRssGrowthMiB: number }>;
    } = { firstPageMs: {}, menuClickMs: {}, exports: {} };

    /** `runs` requests: the service's time to answer the first page (loopback only). */
    async function firstPage(label: string, path: string, runs = RUNS) {
      const times: number[] = [];
      let range = "";
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const response = await fetch(`${base}/${path}`, { headers });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        range = response.headers.get("content-range") ?? String(response.status);
      }
      results.firstPageMs[label] = figures(times);
      console.log(`  ${label.padEnd(44)} ${showFigures(results.firstPageMs[label], "ms").padStart(16)}   (${range})`);
    }

    console.log(`First page, median (min–max) of ${RUNS}:`);
    await firstPage("GET accounts (createdAt DESC)", `accounts?${query({ range: [0, 24] })}`);
    await firstPage(
      "GET accounts sorted by userCount DESC",
      `accounts?${query({ range: [0, 24], sort: ["userCount", "DESC"] })}`,
    );
    await firstPage("GET accounts q=gems", `accounts?${query({ range: [0, 24], filter: { q: "gems" } })}`);
    await firstPage("GET payments (date DESC)", `payments?${query({ range: [0, 24] })}`);
    await firstPage(
      "GET payments status=failed",
      `payments?${query({ range: [0, 24], filter: { status: "failed" } })}`,
    );
    await firstPage(
      "GET payments sorted by amount ASC",
      `payments?${query({ range: [0, 24], sort: ["amount", "ASC"] })}`,
    );

    /** In Chromium: from a click on the menu item to the list's first data row visible. */
    console.log(
      `Chromium, menu click to first row visible (median (min–max) of ${BROWSER_RUNS - 1}, after one warm-up):`,
    );
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({
        baseURL: service.url,
        viewport: { width: 1366, height: 900 },
      });
      await signIn(page, "superadmin@example.com", DEMO_PASSWORD);
      for (const item of ["Accounts", "Payments"]) {
        const times: number[] = [];
        for (let run = 0; run < BROWSER_RUNS; run++) {
          await page.goto("/");
          const menu = page.getByRole("navigation", { name: "Main menu" });
          await menu.waitFor();
          const started = performance.now();
          await menu.getByRole("link", { name: item }).click();
          await page.locator("table tbody tr").first().waitFor();
          if (run > 0) times.push(performance.now() - started);
        }
        results.menuClickMs[item] = figures(times);
        console.log(`  ${item.padEnd(44)} ${showFigures(results.menuClickMs[item], "ms").padStart(16)}`);
      }
    } finally {
      await browser.close();
    }

    /**
     * An export read as a stream, `runs` times: its rows, the seconds of each run and the growth of
     * the service's peak RSS (VmHWM) over them all.
     */
    async function exportRuns(label: string, filter: object, runs = EXPORT_RUNS) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = processMemory(service.pid);
      const times: number[] = [];
      let bytes = 0;
      let lines = 0;
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        const response = await fetch(`${base}/payments/export.csv?${query({ filter, sort: ["date", "DESC"] })}`, {
          headers: { ...headers, accept: "text/csv" },
        });
        bytes = 0;
        lines = 0;
        const reader = response.body!.getReader();
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          bytes += chunk.value.length;
          for (const byte of chunk.value) if (byte === 10) lines++;
        }
        times.push((performance.now() - started) / 1000);
      }
      const after = processMemory(service.pid);
      const seconds = figures(times);
      const growth = after.peak - Math.max(before.peak, before.rss);
      results.exports[label] = { rows: lines - 1, mebibytes: bytes / 1024 / 1024, seconds, peakRssGrowthMiB: growth };
      console.log(
        `  ${label.padEnd(26)} ${String(lines - 1).padStart(7)} rows, ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${showFigures(seconds, "s", 2)}; ` +
          `VmHWM ${before.peak.toFixed(0)} → ${after.peak.toFixed(0)} MiB (peak RSS growth ${growth.toFixed(0)} MiB)`,
      );
    }

    console.log(`Export (payments, streamed), median (min–max) of ${EXPORT_RUNS}:`);
    // Warm up the JIT and the plans on a small export first.
    await exportRuns("warm-up (one account)", { accountId: "a1000000-0000-4000-8000-000000000300" }, 1);
    await exportRuns("one currency (~10k)", { currency: "USD" });
    await exportRuns("everything (100k+)", {});
    recordResults("resources", { measuredAt: new Date().toISOString(), accounts: ACCOUNTS, ...results });
  } finally {
    await service.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
