import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

/**
 * Service tests that replace a module with vi.mock, or add to a shared table (the throw-away
 * resource's feature): they need a fresh module graph of their own (in the shared worker of the
 * "server" project, an earlier file has loaded the real module already, and a later one would see
 * the addition).
 */
const SERVER_FILES_WITH_MOCKS = ["tests/server/strangers.test.ts", "tests/server/throwAwayResource.test.ts"];

/**
 * Unit tests of what a module does when it is first evaluated (the translator before and after the
 * console's code, the region names' memo and a vi.mock'ed page loader): in the shared worker of the
 * "unit" project an earlier file may have evaluated those modules already.
 */
export const UNIT_FILES_WITH_FRESH_MODULES = ["tests/unit/translator.test.ts", "tests/unit/countryNames.test.ts"];

/**
 * Console tests that add to the console's tables before it loads (a throw-away resource): in the
 * shared worker of the "console" project an earlier file has loaded the console already, and the
 * addition would reach the files after it.
 */
const CONSOLE_FILES_WITH_FRESH_MODULES = ["tests/console/contractList.test.tsx"];

const consoleProject = {
  environment: "jsdom",
  setupFiles: ["tests/console/setup.ts"],
  // Above the longest wait a test may make (tests/console/setup.ts): on a busy machine a test
  // slows down, it does not fail.
  testTimeout: 180_000,
};

const serverProject = {
  environment: "node",
  globalSetup: ["tests/server/globalSetup.ts"],
  testTimeout: 30000,
  // A file's beforeAll may wait for the template database, built while the first files run
  // (globalSetup.ts): a limit for a build that never ends, not a budget.
  hookTimeout: 180_000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine (CI's
    // and ours). Its own process is idle while tests run, so both cores run test files.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          exclude: UNIT_FILES_WITH_FRESH_MODULES,
          environment: "node",
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "unit-fresh", include: UNIT_FILES_WITH_FRESH_MODULES, environment: "node", isolate: true },
      },
      {
        extends: true,
        test: {
          ...consoleProject,
          name: "console",
          include: ["tests/console/**/*.test.tsx"],
          exclude: CONSOLE_FILES_WITH_FRESH_MODULES,
          // Every test makes its own providers (tests/console/harness), so files can share the
          // loaded modules of their worker instead of importing react-admin and MUI again each.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...consoleProject, name: "console-fresh", include: CONSOLE_FILES_WITH_FRESH_MODULES, isolate: true },
      },
      {
        extends: true,
        test: {
          ...serverProject,
          name: "server",
          // Each file opens its own database and app; the modules (Fastify, Drizzle, PGlite) load
          // once per worker.
          isolate: false,
          include: ["tests/server/**/*.test.ts"],
          exclude: SERVER_FILES_WITH_MOCKS,
        },
      },
      {
        extends: true,
        test: { ...serverProject, name: "server-mocks", isolate: true, include: SERVER_FILES_WITH_MOCKS },
      },
    ],
  },
});
