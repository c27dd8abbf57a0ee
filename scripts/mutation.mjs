#!/usr/bin/env node
/**
 * npm run test:mutation: StrykerJS over the pure rule modules (stryker.config.mjs), then each
 * module's score from its JSON report. Stryker's own `break` threshold judges the score of all
 * modules together; this fails as well when any one module is under it, so a well-tested module
 * cannot hide a poorly tested one. Arguments go to Stryker:
 *
 *   npm run test:mutation -- --mutate src/api/rules.ts --concurrency 1
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import config from "../stryker.config.mjs";

const REPORT = "reports/mutation/mutation.json";

const run = spawnSync("npx", ["stryker", "run", ...process.argv.slice(2)], { stdio: "inherit" });
if (run.status !== 0) process.exit(run.status ?? 1);

const floor = config.thresholds.break;
const { files } = JSON.parse(readFileSync(REPORT, "utf8"));
let failed = false;
console.log(
  `\nMutation score per module (at least ${floor} %; equivalent mutants excluded in the source are ignored):`,
);
for (const [file, { mutants }] of Object.entries(files)) {
  const count = (...statuses) => mutants.filter((mutant) => statuses.includes(mutant.status)).length;
  const detected = count("Killed", "Timeout");
  const valid = detected + count("Survived", "NoCoverage");
  const score = valid === 0 ? 100 : (100 * detected) / valid;
  const low = score < floor;
  failed ||= low;
  console.log(
    `  ${score.toFixed(1).padStart(5)} %  ${file} (${detected} of ${valid})${low ? "  ← under the floor" : ""}`,
  );
}
if (failed) {
  console.error(`\nA module is under ${floor} %: the surviving mutants are listed above, by file and line.`);
  process.exit(1);
}
