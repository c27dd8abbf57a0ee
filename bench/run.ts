/**
 * Benchmarks (`npm run bench`): prints figures, asserts nothing. Needs a built console (dist/).
 * - npm start: seconds from launch to healthy, first start (create, migrate, seed) and restart.
 * - Console bundle: gzip KB of the JavaScript a browser loads for /login and for the signed-in shell.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { launchBrowser } from "../tests/e2e/browser";
import { DEMO_PASSWORD, DEMO_USERS } from "../server/src/db/demoUsers";

async function timeToHealthy(dataDir: string, port: number) {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error("the service exited");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { seconds, stop };
}

async function bundleSizes(baseUrl: string) {
  const browser = await launchBrowser();
  const page = await browser.newPage({ baseURL: baseUrl });
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    if (!response.url().endsWith(".js")) return;
    pending.push(
      response
        .body()
        .then((body) => void scripts.set(response.url(), gzipSync(body).length))
        .catch(() => undefined),
    );
  });
  const total = async () => {
    await Promise.all(pending);
    return [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
  };

  await page.goto("/login", { waitUntil: "networkidle" });
  await page.getByLabel("Email").waitFor();
  const login = await total();

  const user = DEMO_USERS.find((candidate) => candidate.role === "SuperAdmin")!;
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Main menu" }).waitFor();
  await page.waitForLoadState("networkidle");
  const shell = await total();
  await browser.close();
  return { login, shell };
}

const dataDir = mkdtempSync(join(tmpdir(), "gemtest-bench-"));
const port = 30000 + Math.floor(Math.random() * 10000);
try {
  const first = await timeToHealthy(dataDir, port);
  await first.stop();
  const restart = await timeToHealthy(dataDir, port);
  const sizes = await bundleSizes(`http://127.0.0.1:${port}`);
  await restart.stop();

  console.log("npm start, launch to healthy:");
  console.log(`  first start (create, migrate, seed): ${first.seconds.toFixed(2)} s`);
  console.log(`  restart:                             ${restart.seconds.toFixed(2)} s`);
  console.log("Console JavaScript loaded, gzip:");
  console.log(`  /login:          ${sizes.login.toFixed(1)} KB (target < 250 KB)`);
  console.log(`  signed-in shell: ${sizes.shell.toFixed(1)} KB (target < 320 KB)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
