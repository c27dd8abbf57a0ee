import "@testing-library/jest-dom/vitest";
import "vitest-canvas-mock";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { installFastLabels } from "./harness/fastLabels";
import { skipOwnerStacks } from "./harness/noOwnerStacks";
import { server } from "./harness/server";
import { insertStylesAsProductionDoes } from "./harness/speedyStyles";

// A browser resolves the console's relative "/api/…" against the page; Node's fetch does not.
// (Test files share their worker's globals: the wrapper is installed once.)
const RELATIVE_FETCH = Symbol.for("console-tests.relative-fetch");
if (!(RELATIVE_FETCH in globalThis.fetch)) {
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = Object.assign(
    (input: RequestInfo | URL, init?: RequestInit) =>
      nodeFetch(typeof input === "string" ? new URL(input, window.location.origin) : input, init),
    { [RELATIVE_FETCH]: true },
  ) as typeof fetch;
}

// jsdom has no layout: MUI's media queries and smooth scrolling need these.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
window.scrollTo = () => undefined;

// jsdom's slow paths, replaced by equivalents (each module says why). Test files share their
// worker's window, so this runs once per worker.
const FAST_PATHS = Symbol.for("console-tests.fast-paths");
if (!(FAST_PATHS in window)) {
  Object.assign(window, { [FAST_PATHS]: true });
  installFastLabels();
  insertStylesAsProductionDoes();
  skipOwnerStacks();
}

// Pages load on demand; the first import of a chunk in a cold test worker can take seconds, and
// many more on a machine busy with other work. A wait is a limit for what never comes, not a
// speed goal (speed is the benchmarks'), so it is generous: a passing test never gets near it.
configure({ asyncUtilTimeout: 60_000 });

// A request no handler answers fails the test that made it: msw's "error" strategy alone only
// rejects the fetch, which a page may show as an error state while the test passes. Checked after
// the test (its own failures are reported first); anything that arrives once its tree is gone is
// not charged to the next test.
const unhandled: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      const url = new URL(request.url);
      unhandled.push(`${request.method} ${url.pathname}${url.search}`);
      print.error();
    },
  }),
);
beforeEach(() => {
  unhandled.length = 0;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  const missed = unhandled.splice(0);
  if (missed.length > 0) throw new Error(`No msw handler answered: ${missed.join(", ")}`);
});
afterAll(() => server.close());
