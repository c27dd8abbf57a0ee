/**
 * What every benchmark shares: the median and spread of its repeated measurements, and its part of
 * bench/results/latest.json (issue 13: each benchmark repeats, prints median and spread, and keeps
 * its figures beside the others').
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const RESULTS_FILE = join("bench", "results", "latest.json");

export interface Figures {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function figures(samples: number[]): Figures {
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples), samples };
}

/** "median unit (min–max)", e.g. "245 ms (231–260)". */
export function showFigures({ median: middle, min, max }: Figures, unit: string, digits = 0): string {
  return `${middle.toFixed(digits)} ${unit} (${min.toFixed(digits)}–${max.toFixed(digits)})`;
}

/** Replaces this benchmark's part of latest.json, leaving the other benchmarks' parts as they were. */
export function recordResults(name: string, value: unknown): void {
  mkdirSync(join("bench", "results"), { recursive: true });
  const previous = existsSync(RESULTS_FILE)
    ? (JSON.parse(readFileSync(RESULTS_FILE, "utf8")) as Record<string, unknown>)
    : {};
  previous[name] = value;
  writeFileSync(RESULTS_FILE, `${JSON.stringify(previous, null, 2)}\n`);
}
