/**
 * The fuzz suite (npm run test:fuzz): every route of the OpenAPI document driven with malformed
 * values on PGlite. Its own config so `npm test` stays fast; it reuses the server tests' seeded
 * template database (tests/server/globalSetup.ts).
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/fuzz/**/*.fuzz.ts"],
    environment: "node",
    globalSetup: ["tests/server/globalSetup.ts"],
    // A limit for a hung run, not a budget: on a quiet machine the walk takes about a minute and a
    // half, and a machine busy with other work must not fail it.
    testTimeout: 900_000,
    hookTimeout: 180_000,
    maxWorkers: 1,
  },
});
