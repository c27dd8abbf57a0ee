import { defineConfig } from "vitest/config";

/**
 * The crash test (`npm run test:crash`): the service as a real process, killed with SIGKILL
 * mid-work and restarted on the same data directory. Over a minute (a first start seeds the
 * database), so it is a script of its own that .ci/run runs, not part of `npm test`.
 */
export default defineConfig({
  test: {
    include: ["tests/crash/**/*.test.ts"],
    environment: "node",
    testTimeout: 300_000,
    hookTimeout: 240_000,
  },
});
