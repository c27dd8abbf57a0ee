import { defineConfig } from "vitest/config";

/** The journeys: real Chromium against `npm start`'s service on a fresh data directory. */
export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/globalSetup.ts"],
    testTimeout: 60000,
    hookTimeout: 120000,
    // One browser and one service for the whole run; journeys run one file at a time, in no set
    // order: a journey changes only records of its own (serviceApi.ts invitedPerson).
    fileParallelism: false,
  },
});
