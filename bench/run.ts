/**
 * `npm run bench`: every benchmark, one after the other (they share two cores; in parallel they
 * would measure each other). Each prints its own figures; none asserts anything.
 */
import { spawnSync } from "node:child_process";

const BENCHES = [
  "console.ts",
  "overlay.ts",
  "gallery.ts",
  "zip.ts",
  "resources.ts",
  "operations.ts",
  "analyzer.ts",
  "instances.ts",
];
/** Benchmarks that need a PostgreSQL server: scripts/with-postgres.mjs starts a throwaway one. */
const ON_POSTGRES = new Set(["instances.ts"]);

for (const bench of BENCHES) {
  console.log(`\n== bench/${bench}`);
  const command = ["--import", "tsx", `bench/${bench}`];
  if (ON_POSTGRES.has(bench)) command.unshift("scripts/with-postgres.mjs", process.execPath);
  const run = spawnSync(process.execPath, command, { stdio: "inherit" });
  if (run.status !== 0) process.exitCode = 1;
}
