import { defineConfig } from "vitest/config";

/**
 * The tests StrykerJS runs against each mutant of the pure rule modules (stryker.config.mjs): the
 * unit suite, in Node, one shared module graph.
 */
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    isolate: false,
  },
});
