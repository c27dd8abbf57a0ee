/**
 * npm start: seconds from launch to healthy, first start (create, migrate, seed) and restart; and
 * the gzip KB of JavaScript a browser loads for /login and for the signed-in shell.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { launchBrowser } from "../tests/e2e/browser";
import { startService } from "../tests/support/serviceProcess";
import { DEMO_PASSWORD, DEMO_USERS } from "../server/src/db/demoUsers";

async function timedStart(dataDir: string) {
  const started = performance.now();
  const service = await startService({ QUIET: "true", LOG_LEVEL: "warn" }, { dataDir });
  return { service, seconds: (performance.now() - started) / 1000 };
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
try {
  const first = await timedStart(dataDir);
  await first.service.stop();
  const restart = await timedStart(dataDir);
  const sizes = await bundleSizes(restart.service.url);
  await restart.service.stop();

  console.log("npm start, launch to healthy:");
  console.log(`  first start (create, migrate, seed): ${first.seconds.toFixed(2)} s`);
  console.log(`  restart:                             ${restart.seconds.toFixed(2)} s`);
  console.log("Console JavaScript loaded, gzip:");
  console.log(`  /login:          ${sizes.login.toFixed(1)} KB (target < 250 KB)`);
  console.log(`  signed-in shell: ${sizes.shell.toFixed(1)} KB (target < 320 KB)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
