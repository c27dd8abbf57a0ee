/**
 * Zip benchmark (`npm run bench:service`): POST /api/tests/download/{id} for 200 files of 1 MiB
 * each (200 MiB of photos), against the real service in its own process, printing the time, the
 * throughput and the growth of the service's peak RSS (VmHWM) over its RSS before the request.
 * Streaming keeps that growth flat: a buffered zip would add at least its 200 MiB.
 * Prints figures, asserts nothing. Linux (reads /proc).
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
import { benchDataDir, sized } from "./smoke";

const FILES = sized(200, 10);
const FILE_BYTES = sized(1024 * 1024, 64 * 1024);
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
    const started = performance.now();
    const response = await download();
    let bytes = 0;
    let sampledPeak = before.rss;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, processMemory(service.pid).rss);
    }, 10);
    const reader = response.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    const after = processMemory(service.pid);

    console.log(`POST /api/tests/download: ${FILES} files × ${FILE_BYTES / 1024} KiB, status ${response.status}`);
    console.log(
      `  zip ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${seconds.toFixed(2)} s (${(bytes / 1024 / 1024 / seconds).toFixed(0)} MiB/s)`,
    );
    console.log(
      `  service RSS before ${before.rss.toFixed(0)} MiB; sampled peak during ${sampledPeak.toFixed(0)} MiB (growth ${(sampledPeak - before.rss).toFixed(0)} MiB)`,
    );
    console.log(
      `  service VmHWM before ${before.peak.toFixed(0)} MiB, after ${after.peak.toFixed(0)} MiB (peak RSS growth ${(after.peak - Math.max(before.peak, before.rss)).toFixed(0)} MiB)`,
    );
  } finally {
    await service.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
