import type { ConsoleDataProvider } from "./index";

/**
 * The console's dataProvider with its code fetched with the console's (issue 13): /login never calls
 * it, and its modules (ra-data-simple-rest, query-string, the custom calls) would be ~7 KB gzip of
 * /login's files. A call made before the code is in waits for it; once it is in, the real provider
 * answers directly. A failed load is tried again by the next call.
 */
export function deferredDataProvider(load: () => Promise<ConsoleDataProvider>): ConsoleDataProvider {
  let real: ConsoleDataProvider | undefined;
  let loading: Promise<ConsoleDataProvider> | undefined;
  const ready = () =>
    (loading ??= load().then(
      (provider) => (real = provider),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return new Proxy({} as ConsoleDataProvider, {
    get(_target, name) {
      if (real) return Reflect.get(real, name);
      // Not a promise (awaiting the provider must not wait for its code), no symbol-named methods.
      if (typeof name === "symbol" || name === "then") return undefined;
      // What the real provider says (index.ts): react-query's signal reaches its fetch.
      if (name === "supportAbortSignal") return true;
      return (...args: unknown[]) =>
        ready().then((provider) => Reflect.apply(Reflect.get(provider, name) as () => unknown, provider, args));
    },
  });
}
