/**
 * `npm run bench`: every benchmark, one after the other (they share two cores; in parallel they
 * would measure each other). Each prints its own figures; none asserts anything.
 */
import { spawnSync } from "node:child_process";

const BENCHES = ["console.ts", "overlay.ts", "gallery.ts", "zip.ts", "resources.ts", "analyzer.ts"];

for (const bench of BENCHES) {
  console.log(`\n== bench/${bench}`);
  const run = spawnSync(process.execPath, ["--import", "tsx", `bench/${bench}`], { stdio: "inherit" });
  if (run.status !== 0) process.exitCode = 1;
}
