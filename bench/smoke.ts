/**
 * BENCH_SMOKE=1 (`npm run bench:smoke`, run by CI): every benchmark once, on small data and with
 * one repeat, so that a benchmark which no longer runs fails CI instead of rotting unnoticed. Its
 * figures mean nothing: bench/run.ts puts bench/results/latest.json back as it was after each one.
 */
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const SMOKE = process.env.BENCH_SMOKE === "1" || process.env.BENCH_SMOKE === "true";

/** The full-size value for a measurement, or the small one for a smoke run. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/**
 * In a smoke run, a copy of the data directory bench/run.ts migrated and seeded once for all the
 * benchmarks (seeding is most of a small run's time); otherwise undefined.
 */
export function seededCopy(prefix: string): string | undefined {
  const seeded = process.env.BENCH_SEEDED_DATA_DIR;
  if (!SMOKE || !seeded) return undefined;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(seeded, dir, { recursive: true });
  return dir;
}

/** A benchmark's own data directory: the seeded copy in a smoke run, else a fresh empty one. */
export const benchDataDir = (prefix: string): string => seededCopy(prefix) ?? mkdtempSync(join(tmpdir(), prefix));
