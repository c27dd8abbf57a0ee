import { defineConfig } from "vitest/config";

/**
 * The multi-instance test: service processes on one PostgreSQL server (run through
 * scripts/with-postgres.mjs: `npm run test:multi`) and one S3-protocol store.
 */
export default defineConfig({
  test: {
    include: ["tests/multi/**/*.test.ts"],
    environment: "node",
    testTimeout: 60000,
    hookTimeout: 240000,
  },
});
