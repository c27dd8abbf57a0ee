// @ts-check
/**
 * Mutation testing of the pure rule modules (issue 24): StrykerJS changes one thing at a time in
 * these files (a condition, an operator, a constant) and runs the unit tests; a mutant that no test
 * notices is a bug the suite would let through. `npm run test:mutation`; the report is written to
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
  ],
  coverageAnalysis: "perTest",
  concurrency: 2,
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  thresholds: { high: 90, low: 80, break: 90 },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
