/**
 * Gallery benchmark (`npm run bench:service`): the time GET /api/tests takes for its first page
 * with 10,000 extra tests in the database (on top of the seed), for a super admin (every account)
 * and an account admin, plain and filtered, and in Chromium the Gallery link to its first card. Prints
 * the median and spread (min–max, and p95 for the requests) of each, writes them to
 * bench/results/latest.json under "gallery"; asserts nothing.
 *
 *   node --import tsx bench/gallery.ts     (PGlite in a temporary directory)
 */
import { rmSync } from "node:fs";
import { buildApp } from "../server/src/app";
import { loadConfig } from "../server/src/config";
import { openPglite } from "../server/src/db/client";
import { DEMO_PASSWORD } from "../server/src/db/demoUsers";
import { prepareDb } from "../server/src/db/prepare";
import { testFiles, tests } from "../server/src/db/schema";
import { SEED_IDS } from "../server/src/db/seed";
import { photoKey, SEED_DEVICE_IDS } from "../server/src/db/seedTests";
import { localDirectoryStorage } from "../server/src/files/storage";
import { launchBrowser, signIn } from "../tests/e2e/browser";
import { startService } from "../tests/support/serviceProcess";
import { figures, recordResults, showFigures, type Figures } from "./results";
import { benchDataDir, sized } from "./smoke";

const EXTRA_TESTS = sized(10_000, 1000);
const RUNS = sized(30, 1);
/** Gallery link clicks in Chromium: the first (cold) one, then warm ones. */
const BROWSER_RUNS = sized(6, 2);

const dataDir = benchDataDir("gemtest-bench-gallery-");
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
const handle = await openPglite({ dataDir });
let closed = false;
const requests: { label: string; total: string; ms: Figures; p95Ms: number }[] = [];
try {
  let started = performance.now();
  await prepareDb(handle, { storage: localDirectoryStorage(config.filesDir) });
  console.log(`seed: ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // 10,000 more tests over the accounts, each with a Result photo (the thumbnail query's work).
  started = performance.now();
  const places = [
    [
      SEED_IDS.accounts.brilliantGems,
      SEED_IDS.businesses.brilliantLondon,
      SEED_IDS.users.user,
      SEED_DEVICE_IDS.londonSherlock,
    ],
    [
      SEED_IDS.accounts.brilliantGems,
      SEED_IDS.businesses.brilliantAntwerp,
      SEED_IDS.users.admin,
      SEED_DEVICE_IDS.antwerpBigSherlock,
    ],
    [
      SEED_IDS.accounts.lapisTraders,
      SEED_IDS.businesses.lapisMain,
      SEED_IDS.users.pastDueAdmin,
      SEED_DEVICE_IDS.lapisWatson,
    ],
    [
      SEED_IDS.accounts.obsidian,
      SEED_IDS.businesses.obsidianMain,
      SEED_IDS.users.inactiveAdmin,
      SEED_DEVICE_IDS.obsidianSherlock,
    ],
  ] as const;
  const now = Date.now();
  for (let batch = 0; batch < EXTRA_TESTS; batch += 1000) {
    const rows: (typeof tests.$inferInsert)[] = [];
    const files: (typeof testFiles.$inferInsert)[] = [];
    for (let n = batch; n < batch + 1000; n++) {
      const [accountId, businessId, createdBy, deviceId] = places[n % places.length]!;
      const id = `70000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
      rows.push({
        id,
        name: `Bench lot ${n}`,
        accountId,
        businessId,
        createdBy,
        deviceId,
        date: new Date(now - (n % 365) * 86_400_000 - n * 1000),
        sku: `BENCH-${n}`,
        customer: n % 7 === 0 ? "Bench customer" : "",
      });
      files.push({
        id: `71000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
        testId: id,
        name: "result-1.png",
        storageKey: photoKey(n % 16, 1),
        group: 0,
        type: "image",
        kind: 1,
        size: 1,
        contentType: "image/png",
      });
    }
    await handle.db.insert(tests).values(rows);
    await handle.db.insert(testFiles).values(files);
  }
  await handle.db.execute("analyze");
  console.log(`inserted ${EXTRA_TESTS} tests in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const app = buildApp({ db: handle.db, config });
  await app.ready();
  const tokenFor = async (email: string) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v2/auth/login",
      payload: { email, password: DEMO_PASSWORD },
    });
    return (response.json() as { accessToken: string }).accessToken;
  };
  const tokens = { superAdmin: await tokenFor("superadmin@example.com"), admin: await tokenFor("admin@example.com") };

  const cases: [string, keyof typeof tokens, Record<string, unknown>][] = [
    ["super admin, first page", "superAdmin", {}],
    ["super admin, page 500", "superAdmin", { range: [4990, 4999] }],
    ["super admin, by name", "superAdmin", { sort: ["name", "ASC"] }],
    ["admin (own account), first page", "admin", {}],
    ["admin, q=customer", "admin", { filter: { q: "bench customer" } }],
    ["admin, device type + dates", "admin", { filter: { deviceType: 4100, from: "2000-01-01", to: "2100-01-01" } }],
  ];
  for (const [label, who, query] of cases) {
    const params = new URLSearchParams({ sort: JSON.stringify(["date", "DESC"]), range: JSON.stringify([0, 9]) });
    for (const [key, value] of Object.entries(query)) params.set(key, JSON.stringify(value));
    const url = `/api/tests?${params.toString()}`;
    const times: number[] = [];
    let total = "";
    for (let run = 0; run < RUNS + 3; run++) {
      const t0 = performance.now();
      const response = await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${tokens[who]}` } });
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      if (run >= 3) times.push(performance.now() - t0);
      total = String(response.headers["content-range"]);
    }
    const ms = figures(times);
    const p95Ms = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)]!;
    requests.push({ label, total, ms, p95Ms });
    console.log(
      `GET /api/tests ${label.padEnd(34)} median ${showFigures(ms, "ms", 1)}, p95 ${p95Ms.toFixed(1)} ms (${total})`,
    );
  }
  await app.close();
  await handle.close();
  closed = true;

  // In Chromium, through the real service on the same data: navigation to the first card visible.
  const service = await startService({ QUIET: "true", LOG_LEVEL: "warn" }, { dataDir });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ baseURL: service.url, viewport: { width: 1366, height: 900 } });
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);
    const times: number[] = [];
    for (let run = 0; run < BROWSER_RUNS; run++) {
      await page.goto("/");
      const menu = page.getByRole("navigation", { name: "Main menu" });
      await menu.waitFor();
      const t0 = performance.now();
      await menu.getByRole("link", { name: "Gallery" }).click();
      // A card's photo is decorative (its heading names the test): an img, not a named image.
      await page.getByTestId("gallery-grid").getByRole("article").first().locator("img").waitFor();
      times.push(performance.now() - t0);
    }
    const [first, ...warm] = times;
    const warmMs = figures(warm);
    console.log(
      `Chromium, Gallery link to first card visible (${EXTRA_TESTS} extra tests): first ${first!.toFixed(0)} ms, then median ${showFigures(warmMs, "ms")}`,
    );
    recordResults("gallery", {
      measuredAt: new Date().toISOString(),
      extraTests: EXTRA_TESTS,
      requests,
      galleryLinkToFirstCardMs: { first, warm: warmMs },
    });
  } finally {
    await browser.close();
    await service.stop();
  }
} finally {
  if (!closed) await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
