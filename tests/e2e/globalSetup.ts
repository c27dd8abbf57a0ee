import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

export interface RunningService {
  url: string;
  /** The service process, for benchmarks that read its memory. */
  pid: number;
  stop: () => Promise<void>;
}

async function waitForHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The service exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The service at ${url} was not healthy after ${timeoutMs} ms`);
}

/**
 * Starts the built service as `npm start` does after its build: on a fresh data directory, removed
 * at stop, unless one is given (to measure a restart, say).
 */
export async function startService(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "gemtest-e2e-"));
  const port = String(20000 + Math.floor(Math.random() * 20000));
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    env: { ...process.env, PORT: port, HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", env.QUIET === "true" ? "ignore" : "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealthy(url, child, 90000);
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const service = await startService();
  project.provide("baseUrl", service.url);
  return service.stop;
}
