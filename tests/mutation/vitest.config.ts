import { defineConfig } from "vitest/config";
import { UNIT_FILES_WITH_FRESH_MODULES } from "../../vitest.config";

/**
 * The tests StrykerJS runs against each mutant of the pure rule modules (stryker.config.mjs): the
 * unit suite (tests/unit: the console's rules and the service's list parser and lifecycle rules,
 * none of which needs the database), in Node, as the root config's "unit" and "unit-fresh"
 * projects run it — one shared module graph, and a fresh one for the files that test what a module
 * does when it is first evaluated.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          exclude: UNIT_FILES_WITH_FRESH_MODULES,
          environment: "node",
          isolate: false,
        },
      },
      { test: { name: "unit-fresh", include: UNIT_FILES_WITH_FRESH_MODULES, environment: "node", isolate: true } },
    ],
  },
});
