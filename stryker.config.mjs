// @ts-check
/**
 * Mutation testing of the pure rule modules (issue 24): StrykerJS changes one thing at a time in
 * these files (a condition, an operator, a constant) and runs the unit tests; a mutant that no test
 * notices is a bug the suite would let through. `npm run test:mutation` (scripts/mutation.mjs: this,
 * then each module's score, failing when any is under `break`); the report is written to
 * reports/mutation/index.html; `npm run test:mutation -- --mutate src/api/rules.ts` runs one file. Not in
 * CI: it takes minutes per module on two cores.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "tests/mutation/vitest.config.ts" },
  mutate: [
    "src/access/accessRules.ts",
    "src/resources/shared/permissions.ts",
    "src/api/rules.ts",
    "src/custom/startup/startup.ts",
    "src/custom/startup/subscription.ts",
    "src/custom/aiOverlay/aiJob.ts",
    "src/dataProvider/httpClient.ts",
    "src/authProvider/tokenRefresher.ts",
    // The service's rule modules that are not SQL, tested in tests/unit without the database. The
    // lifecycle's steps (lifecycle/steps.ts) and the job runner behind the AI jobs (jobs/runner.ts,
    // ai/jobs.ts) are SQL statements in transactions: their tests (tests/server/lifecycle*,
    // jobRunner, ai) need the database's global setup, so only their pure parts are here: when each
    // step falls due (timeline.ts) and what the grace period refuses (grace.ts).
    "server/src/resources/listQuery.ts",
    "server/src/lifecycle/timeline.ts",
    "server/src/lifecycle/grace.ts",
  ],
  coverageAnalysis: "perTest",
  concurrency: 2,
  // json: the per-module check of scripts/mutation.mjs reads it.
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 80, break: 90 },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
