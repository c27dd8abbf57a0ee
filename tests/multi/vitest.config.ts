import { defineConfig } from "vitest/config";

/**
 * The multi-instance test: service processes on one PostgreSQL server (run through
 * scripts/with-postgres.mjs: `npm run test:multi`) and one S3-protocol store.
 */
export default defineConfig({
  test: {
    include: ["tests/multi/**/*.test.ts"],
    environment: "node",
    // One file at a time: each starts its own instances, and two clusters on two cores would slow
    // each other's heartbeats past the stale-job bound that multiInstance.test.ts relies on.
    fileParallelism: false,
    testTimeout: 60000,
    hookTimeout: 240000,
  },
});
