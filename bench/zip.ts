/**
 * Zip benchmark (`npm run bench:service`): POST /api/tests/download/{id} for 200 files of 1 MiB
 * each (200 MiB of photos), against the real service in its own process, a few times: the time and
 * throughput (median and min–max) and the growth of the service's peak RSS (VmHWM) over its RSS
 * before the first request. Streaming keeps that growth flat: a buffered zip would add at least its
 * 200 MiB. Writes them to bench/results/latest.json under "zip"; asserts nothing. Linux (reads /proc).
 *
 *   node --import tsx bench/zip.ts
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { loadConfig } from "../server/src/config";
import { openPglite } from "../server/src/db/client";
import { DEMO_PASSWORD } from "../server/src/db/demoUsers";
import { startService } from "../tests/support/serviceProcess";
import { processMemory } from "./processMemory";
import { prepareDb } from "../server/src/db/prepare";
import { testFiles, tests } from "../server/src/db/schema";
import { SEED_IDS } from "../server/src/db/seed";
import { SEED_DEVICE_IDS } from "../server/src/db/seedTests";
import { localDirectoryStorage } from "../server/src/files/storage";
import { figures, recordResults, showFigures } from "./results";
import { benchDataDir, sized } from "./smoke";

const FILES = sized(200, 10);
const FILE_BYTES = sized(1024 * 1024, 64 * 1024);
const RUNS = sized(3, 1);
const TEST_ID = "72000000-0000-4000-8000-000000000001";

const dataDir = benchDataDir("gemtest-bench-zip-");
try {
  // Prepare the database and 200 photos while no service runs (a PGlite directory has one owner).
  const config = loadConfig({ DATA_DIR: dataDir });
  const storage = localDirectoryStorage(config.filesDir);
  const handle = await openPglite({ dataDir });
  await prepareDb(handle, { storage });
  await handle.db.insert(tests).values({
    id: TEST_ID,
    name: "Zip bench",
    accountId: SEED_IDS.accounts.brilliantGems,
    businessId: SEED_IDS.businesses.brilliantLondon,
    createdBy: SEED_IDS.users.admin,
    deviceId: SEED_DEVICE_IDS.londonSherlock,
    date: new Date(),
  });
  const fileIds: string[] = [];
  for (let i = 0; i < FILES; i++) {
    // Random bytes: incompressible, like photos.
    const { key, size } = await storage.put(randomBytes(FILE_BYTES));
    const id = `73000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
    fileIds.push(id);
    await handle.db.insert(testFiles).values({
      id,
      testId: TEST_ID,
      name: `photo-${i + 1}.png`,
      storageKey: key,
      type: "image",
      kind: 1,
      size,
      contentType: "image/png",
    });
  }
  await handle.close();

  const service = await startService({ QUIET: "true", LOG_LEVEL: "warn", SERVE_CONSOLE: "false" }, { dataDir });
  const base = `${service.url}/api`;
  try {
    const login = await fetch(`${base}/v2/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: DEMO_PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const download = () =>
      fetch(`${base}/tests/download/${TEST_ID}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ fileIds }),
      });

    // Warm up (JIT, first query plans) on a small download.
    const warm = await fetch(`${base}/tests/download/${TEST_ID}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ fileIds: fileIds.slice(0, 5) }),
    });
    await warm.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 500));

    const before = processMemory(service.pid);
    let sampledPeak = before.rss;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, processMemory(service.pid).rss);
    }, 10);
    const times: number[] = [];
    let bytes = 0;
    let status = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const response = await download();
      status = response.status;
      bytes = 0;
      const reader = response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
      times.push((performance.now() - started) / 1000);
    }
    clearInterval(sampler);
    const after = processMemory(service.pid);
    const seconds = figures(times);
    const mebibytes = bytes / 1024 / 1024;
    const peakGrowth = after.peak - Math.max(before.peak, before.rss);

    console.log(`POST /api/tests/download: ${FILES} files × ${FILE_BYTES / 1024} KiB, status ${status}, ${RUNS} runs`);
    console.log(
      `  zip ${mebibytes.toFixed(1)} MiB in ${showFigures(seconds, "s", 2)}, median ${(mebibytes / seconds.median).toFixed(0)} MiB/s`,
    );
    console.log(
      `  service RSS before ${before.rss.toFixed(0)} MiB; sampled peak during ${sampledPeak.toFixed(0)} MiB (growth ${(sampledPeak - before.rss).toFixed(0)} MiB)`,
    );
    console.log(
      `  service VmHWM before ${before.peak.toFixed(0)} MiB, after ${after.peak.toFixed(0)} MiB (peak RSS growth ${peakGrowth.toFixed(0)} MiB)`,
    );
    recordResults("zip", {
      measuredAt: new Date().toISOString(),
      files: FILES,
      fileBytes: FILE_BYTES,
      mebibytes,
      seconds,
      sampledRssGrowthMiB: sampledPeak - before.rss,
      peakRssGrowthMiB: peakGrowth,
    });
  } finally {
    await service.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
