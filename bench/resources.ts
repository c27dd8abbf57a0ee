/**
 * Resources benchmark (`npm run bench:service`, `npm run bench`): with the large seed (10,000
 * accounts, 100,000+ payments; server/src/db/seedLarge.ts) in a temporary DATA_DIR, against the
 * real service in its own process:
 * - the service-side time to the first page of the accounts and payments lists (default sorts, and
 *   a sort by a computed column), each the best of a few runs;
 * - in Chromium (the built console, so `npm run build` first), a menu click to the first row visible;
 * - the CSV export of about 10,000 payments (one currency) and then of all of them: seconds, rows
 *   and the growth of the service's peak RSS (VmHWM). The export streams keyset pages, so the
 *   growth should stay flat between 10k and 100k rows.
 * Prints figures, asserts nothing. Linux (reads /proc).
 *
 *   node --import tsx bench/resources.ts
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD } from "../server/src/db/demoUsers";
import { seedLarge } from "../server/src/db/seedLarge";
import { launchBrowser, signIn } from "../tests/e2e/browser";

const ACCOUNTS = Number(process.env.SEED_LARGE_ACCOUNTS ?? 10_000);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
};

const dataDir = mkdtempSync(join(tmpdir(), "gemtest-bench-resources-"));
try {
  // Seed while no service runs (a PGlite directory has one owner).
  process.env.DATA_DIR = dataDir;
  const seeding = performance.now();
  await seedLarge(ACCOUNTS);
  console.log(`seed:large (${ACCOUNTS} accounts) took ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}/api`;
  try {
    for (;;) {
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        // not up yet
      }
      if (child.exitCode !== null) throw new Error("the service exited");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
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

    /** The best of `runs` requests: the service's time to answer the first page (loopback only). */
    async function firstPage(label: string, path: string, runs = 5) {
      let best = Infinity;
      let range = "";
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const response = await fetch(`${base}/${path}`, { headers });
        await response.arrayBuffer();
        best = Math.min(best, performance.now() - started);
        range = response.headers.get("content-range") ?? String(response.status);
      }
      console.log(`  ${label.padEnd(44)} ${best.toFixed(0).padStart(5)} ms   (${range})`);
    }

    console.log("First page, best of 5:");
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
    console.log("Chromium, menu click to first row visible (median of 5, after one warm-up):");
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({
        baseURL: `http://127.0.0.1:${port}`,
        viewport: { width: 1366, height: 900 },
      });
      await signIn(page, "superadmin@example.com", DEMO_PASSWORD);
      for (const item of ["Accounts", "Payments"]) {
        const times: number[] = [];
        for (let run = 0; run < 6; run++) {
          await page.goto("/");
          const menu = page.getByRole("navigation", { name: "Main menu" });
          await menu.waitFor();
          const started = performance.now();
          await menu.getByRole("link", { name: item }).click();
          await page.locator("table tbody tr").first().waitFor();
          if (run > 0) times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        console.log(`  ${item.padEnd(44)} ${times[Math.floor(times.length / 2)]!.toFixed(0).padStart(5)} ms`);
      }
    } finally {
      await browser.close();
    }

    /** One export, read as a stream; its rows, seconds and the service's peak RSS growth. */
    async function exportRun(label: string, filter: object) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = memoryOf(child.pid!);
      const started = performance.now();
      const response = await fetch(`${base}/payments/export.csv?${query({ filter, sort: ["date", "DESC"] })}`, {
        headers: { ...headers, accept: "text/csv" },
      });
      let bytes = 0;
      let lines = 0;
      const reader = response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        bytes += chunk.value.length;
        for (const byte of chunk.value) if (byte === 10) lines++;
      }
      const seconds = (performance.now() - started) / 1000;
      const after = memoryOf(child.pid!);
      console.log(
        `  ${label.padEnd(26)} ${String(lines - 1).padStart(7)} rows, ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${seconds.toFixed(2)} s; ` +
          `VmHWM ${before.peak.toFixed(0)} → ${after.peak.toFixed(0)} MiB (peak RSS growth ${(after.peak - Math.max(before.peak, before.rss)).toFixed(0)} MiB)`,
      );
    }

    console.log("Export (payments, streamed):");
    // Warm up the JIT and the plans on a small export first.
    await exportRun("warm-up (one account)", { accountId: "a1000000-0000-4000-8000-000000000300" });
    await exportRun("one currency (~10k)", { currency: "USD" });
    await exportRun("everything (100k+)", {});
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
