/**
 * Real photos (issue 13): bytes and time to the last visible gallery thumbnail when every card's
 * photo is a real device's (3120 × 4192 JPEG, several MB), before (the originals: the gallery's
 * answer stripped of its optional `thumbnails`, as a service following spec §7 to the letter
 * gives it) and after (the service's WebP thumbnails through srcset), alternated in one run, each
 * visit in a fresh browser context (cold cache). Prints median and min–max of each and their ratio;
 * writes them to bench/results/latest.json under "photos". Asserts nothing.
 *
 *   node --import tsx bench/photos.ts     (needs dist/: npm run build)
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { loadConfig } from "../server/src/config";
import { openPglite } from "../server/src/db/client";
import { DEMO_PASSWORD } from "../server/src/db/demoUsers";
import { prepareDb } from "../server/src/db/prepare";
import { DEVICE_PHOTO_KEY } from "../server/src/db/seedTests";
import { localDirectoryStorage } from "../server/src/files/storage";
import { launchBrowser, signIn } from "../tests/e2e/browser";
import { startService } from "../tests/support/serviceProcess";
import { benchDataDir, sized, SMOKE } from "./smoke";
import { recordResults } from "./results";

/** Alternated pairs of visits (before, after). */
const PAIRS = sized(5, 1);
/** The gallery's page: its first ten tests' Result photos become the device photo. */
const PAGE_SIZE = 10;

const dataDir = benchDataDir("gemtest-bench-photos-");
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
{
  const handle = await openPglite({ dataDir });
  try {
    if (!SMOKE || !existsSync(join(config.filesDir, DEVICE_PHOTO_KEY))) {
      await prepareDb(handle, { storage: localDirectoryStorage(config.filesDir) });
    }
    // Every card of the first page shows a full-size photo: the newest tests' first Result photo
    // rows point at the seed's device photo (each row its own link, so nothing is cached across cards).
    await handle.db.execute(sql`
      update test_files set storage_key = ${DEVICE_PHOTO_KEY}, content_type = 'image/jpeg', name = 'result-1.jpg'
      where kind = 1 and "group" = 0 and test_id in (
        select id from tests where deleted_at is null order by date desc, id desc limit ${PAGE_SIZE})`);
  } finally {
    await handle.close();
  }
}

interface Visit {
  bytes: number;
  ms: number;
  images: number;
}

async function visit(browser: Browser, baseURL: string, originals: boolean): Promise<Visit> {
  // bypassCSP: the console's CSP refuses the evaluation that checks the images.
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 }, bypassCSP: true });
  try {
    const page = await context.newPage();
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);
    if (originals) {
      // The same service, its gallery answer without the optional thumbnails: the console shows the photos.
      await page.route("**/api/tests?*", async (route) => {
        const response = await route.fetch();
        const items = (await response.json()) as Record<string, unknown>[];
        for (const item of items) delete item.thumbnails;
        await route.fulfill({ response, json: items });
      });
    }
    let bytes = 0;
    page.on("response", (response) => {
      if (!response.url().includes("/api/files/")) return;
      bytes += Number(response.headers()["content-length"] ?? 0);
    });
    const t0 = performance.now();
    await page.goto(`/gallery?pageSize=${PAGE_SIZE}&page=1`);
    const grid = page.getByTestId("gallery-grid");
    await grid.getByRole("article").first().waitFor();
    // The last visible card's photo painted: every image in the viewport loaded.
    let images = 0;
    for (;;) {
      const state = await grid.locator("img").evaluateAll((nodes) => {
        const visible = (nodes as HTMLImageElement[]).filter((img) => {
          const box = img.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
        });
        return { count: visible.length, loaded: visible.every((img) => img.complete && img.naturalWidth > 0) };
      });
      images = state.count;
      if (state.count > 0 && state.loaded) break;
      await page.waitForTimeout(20);
    }
    const ms = performance.now() - t0;
    return { bytes, ms, images };
  } finally {
    await context.close();
  }
}

const service = await startService({ QUIET: "true", LOG_LEVEL: "warn" }, { dataDir });
const browser = await launchBrowser();
try {
  // Warm-up, not counted: the first visit makes the thumbnails (photos stored before them get
  // theirs on first request) and warms the service.
  await visit(browser, service.url, false);
  await visit(browser, service.url, true);
  const before: Visit[] = [];
  const after: Visit[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    before.push(await visit(browser, service.url, true));
    after.push(await visit(browser, service.url, false));
  }
  const figures = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)!, samples: values };
  };
  const result = {
    measuredAt: new Date().toISOString(),
    smoke: SMOKE,
    visibleImages: after[0]!.images,
    before: { bytes: figures(before.map((v) => v.bytes)), ms: figures(before.map((v) => v.ms)) },
    after: { bytes: figures(after.map((v) => v.bytes)), ms: figures(after.map((v) => v.ms)) },
    ratio: { bytes: 0, ms: 0 },
  };
  result.ratio.bytes = result.after.bytes.median / result.before.bytes.median;
  result.ratio.ms = result.after.ms.median / result.before.ms.median;

  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `Gallery with full-size photos (3120 × 4192 JPEG), cold visits to the last visible photo painted, ${result.visibleImages} visible cards, ${PAIRS} alternated pairs:`,
  );
  const row = (label: string, v: typeof result.before) =>
    console.log(
      `  ${label.padEnd(24)} ${kb(v.bytes.median)} (${kb(v.bytes.min)}–${kb(v.bytes.max)}), ` +
        `${v.ms.median.toFixed(0)} ms (${v.ms.min.toFixed(0)}–${v.ms.max.toFixed(0)})`,
    );
  row("before (originals)", result.before);
  row("after (thumbnails)", result.after);
  console.log(`  after ÷ before: bytes ×${result.ratio.bytes.toFixed(3)}, time ×${result.ratio.ms.toFixed(2)}`);

  recordResults("photos", result);
} finally {
  await browser.close();
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
