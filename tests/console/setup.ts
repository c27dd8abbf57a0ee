import "@testing-library/jest-dom/vitest";
import "vitest-canvas-mock";
import { afterAll, afterEach, beforeAll } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { server } from "./harness/server";

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

// Pages load on demand; the first import of a chunk in a cold test worker can take seconds.
configure({ asyncUtilTimeout: 8000 });

// A request no handler answers fails the test that made it (after the test, so that its own
// assertion failures are reported first): msw's "error" strategy alone only rejects the fetch,
// which a page may well show as an error state while the test passes.
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
afterEach(() => {
  const missed = unhandled.splice(0);
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  if (missed.length > 0) throw new Error(`No msw handler answered: ${missed.join(", ")}`);
});
afterAll(() => server.close());
