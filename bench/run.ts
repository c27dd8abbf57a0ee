/**
 * `npm run bench`: every benchmark, one after the other (they share two cores; in parallel they
 * would measure each other). Each prints its own figures; none asserts anything.
 *
 * `npm run bench:smoke` (BENCH_SMOKE=1, in CI): the same, each once on small data (bench/smoke.ts),
 * so a benchmark that throws or hangs fails the run. Its figures are not results:
 * bench/results/latest.json is put back as it was after each benchmark.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../server/src/config";
import { openPglite } from "../server/src/db/client";
import { prepareDb } from "../server/src/db/prepare";
import { localDirectoryStorage } from "../server/src/files/storage";
import { RESULTS_FILE } from "./results";
import { SMOKE } from "./smoke";

const BENCHES = [
  "console.ts",
  "lighthouse.ts",
  "overlay.ts",
  "gallery.ts",
  "photos.ts",
  "zip.ts",
  "resources.ts",
  "operations.ts",
  "palette.ts",
  "liveChanges.ts",
  "analyzer.ts",
  "instances.ts",
  "lists.ts",
  "scale.ts",
];
/** Benchmarks that need a PostgreSQL server: scripts/with-postgres.mjs starts a throwaway one. */
const ON_POSTGRES = new Set(["instances.ts", "lists.ts", "scale.ts"]);
/** A smoke run's benchmark that takes longer than this is stuck, not slow. */
const SMOKE_TIMEOUT_MS = 5 * 60_000;

// The browser benchmarks load the console the service serves from dist/.
if (!existsSync(join("dist", "index.html"))) {
  console.error("dist/ is missing: run `npm run build` first (npm run bench does).");
  process.exit(1);
}

/** A data directory migrated and seeded like a first `npm start`, for a smoke run's benchmarks to copy. */
async function seededDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "gemtest-bench-seeded-"));
  const handle = await openPglite({ dataDir });
  try {
    await prepareDb(handle, { storage: localDirectoryStorage(loadConfig({ DATA_DIR: dataDir }).filesDir) });
  } finally {
    await handle.close();
  }
  return dataDir;
}

/**
 * BENCH_ONLY / BENCH_SKIP (comma-separated file names): a part of the run. CI runs the smoke run in
 * two lanes, one BENCH_ONLY=lighthouse.ts, the other BENCH_SKIP=lighthouse.ts, so a benchmark added
 * to BENCHES is in CI's run without a change there.
 */
const listed = (name: string) => process.env[name]?.split(",").filter(Boolean);
const only = listed("BENCH_ONLY");
const skipped = listed("BENCH_SKIP") ?? [];
const unknown = [...(only ?? []), ...skipped].filter((bench) => !BENCHES.includes(bench));
if (unknown.length > 0) {
  console.error(`No such benchmark: ${unknown.join(", ")} (bench/run.ts BENCHES)`);
  process.exit(1);
}
const picked = BENCHES.filter((bench) => (!only || only.includes(bench)) && !skipped.includes(bench));
// Not passed on: lists.ts and operations.ts read BENCH_ONLY as their own cases, and given file
// names they timed their reference alone.
const { BENCH_ONLY: _only, BENCH_SKIP: _skipped, ...benchEnv } = process.env;

/** How much of a benchmark's output is kept to repeat when it fails. */
const TAIL_CHARS = 6_000;

interface RunOutcome {
  outcome: "passed" | string;
  /** The benchmark's last output (stdout and stderr as they came). */
  tail: string;
}

/**
 * Runs one benchmark, its output shown as it comes (a full run is watched live) and its end kept;
 * a smoke run's benchmark is killed after SMOKE_TIMEOUT_MS.
 */
function runShowingOutput(args: string[], env: NodeJS.ProcessEnv): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ["inherit", "pipe", "pipe"] });
    let tail = "";
    const keep = (out: NodeJS.WriteStream) => (chunk: Buffer) => {
      out.write(chunk);
      tail = (tail + chunk.toString()).slice(-TAIL_CHARS);
    };
    child.stdout.on("data", keep(process.stdout));
    child.stderr.on("data", keep(process.stderr));
    let timedOut = false;
    const timer = SMOKE
      ? setTimeout(() => {
          timedOut = true;
          child.kill("SIGKILL");
        }, SMOKE_TIMEOUT_MS)
      : undefined;
    child.on("error", (error) => resolve({ outcome: error.message, tail }));
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const outcome = timedOut
        ? `killed after ${SMOKE_TIMEOUT_MS / 60_000} min`
        : code === 0
          ? "passed"
          : `exit ${code ?? signal}`;
      resolve({ outcome, tail });
    });
  });
}

const seeded = SMOKE ? await seededDataDir() : undefined;
const failed: ({ bench: string; seconds: string } & RunOutcome)[] = [];
for (const bench of picked) {
  console.log(`\n== bench/${bench}${SMOKE ? " (smoke)" : ""}`);
  const command = ["--import", "tsx", `bench/${bench}`];
  if (ON_POSTGRES.has(bench)) command.unshift("scripts/with-postgres.mjs", process.execPath);
  const results = SMOKE && existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE) : null;
  const started = performance.now();
  const run = await runShowingOutput(command, seeded ? { ...benchEnv, BENCH_SEEDED_DATA_DIR: seeded } : benchEnv);
  if (SMOKE) {
    if (results) writeFileSync(RESULTS_FILE, results);
    else rmSync(RESULTS_FILE, { force: true });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (run.outcome !== "passed") {
    failed.push({ bench, seconds, ...run });
    console.log(`bench/${bench} FAILED after ${seconds} s (${run.outcome})`);
  } else if (SMOKE) console.log(`bench/${bench} ran in ${seconds} s`);
}
if (seeded) rmSync(seeded, { recursive: true, force: true });
if (failed.length > 0) {
  // Repeated last: CI's report shows the end of the output, and a failure's reason is in its own lines.
  for (const { bench, seconds, outcome, tail } of failed) {
    console.log(`\n== bench/${bench} FAILED after ${seconds} s (${outcome}); its last lines:\n${tail}`);
  }
  console.log(`\n${failed.length} benchmark(s) failed: ${failed.map(({ bench }) => bench).join(", ")}`);
  process.exitCode = 1;
}
