/**
 * The reference service as a real process (`server/src/main.ts`), for the journeys, the
 * multi-instance test and the benchmarks. It listens on a port the system picks (PORT=0), read
 * back from the address it prints, so processes started side by side never collide.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

export interface RunningService {
  url: string;
  /** The service process, for benchmarks that read its memory and tests that pause it. */
  pid: number;
  /** SIGTERM, and waits for the exit (a graceful shutdown); removes a data directory it made. */
  stop: () => Promise<void>;
  /** SIGKILL: the process dies at once, mid-request or mid-job, as a crashed machine would. */
  kill: () => Promise<void>;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

export interface ServiceOptions {
  /** An existing data directory (to measure a restart, say); a fresh one otherwise. */
  dataDir?: string;
  /** Written before each line the service prints (several processes share one terminal). */
  label?: string;
  /** How long start-up may take: a first start migrates and seeds. */
  timeoutMs?: number;
}

const API_LINE = /^API: (http:\/\/\S+?)\/api\/health$/;

export async function startService(
  env: Record<string, string> = {},
  options: ServiceOptions = {},
): Promise<RunningService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "gemtest-service-"));
  const quiet = env.QUIET === "true";
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const removeDataDir = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The service did not start within ${options.timeoutMs ?? 90000} ms`)),
      options.timeoutMs ?? 90000,
    );
    void exited.then((code) => reject(new Error(`The service exited with code ${code} before listening`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (!quiet) console.log(options.label ? `[${options.label}] ${line}` : line);
      const match = API_LINE.exec(line.trim());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  }).catch((error: unknown) => {
    child.kill("SIGKILL");
    removeDataDir();
    throw error;
  });

  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
    removeDataDir();
  };
  return { url, pid: child.pid!, stop: () => signal("SIGTERM"), kill: () => signal("SIGKILL"), exited };
}
