/**
 * Pages loaded on demand that draw at once when their code is already in (issue 13: no waterfall).
 *
 * React's lazy() suspends on first render even when the module arrived long ago (an import()'s
 * promise never answers synchronously), and React 19 holds content back at least 300 ms after a
 * Suspense fallback showed. Start-up preloads the console's and the page's code beside its calls
 * (routeCode.ts), so by the time the page renders its code is there: each suspension would only add
 * that pause (two of them — console, then list — measured ~0.8 s of idle before the first row).
 * Pages made with lazyPage() from the same loader as the preload render in the same pass.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

interface Module<T> {
  default: T;
}
export type PageLoad<T = ComponentType> = () => Promise<Module<T>>;

const loaded = new WeakMap<PageLoad<unknown>, Module<unknown>>();
const loading = new WeakMap<PageLoad<unknown>, Promise<Module<unknown>>>();

/** Loads a page's module once, whoever asks first, and remembers it once in. */
export function loadPage<T>(load: PageLoad<T>): Promise<Module<T>> {
  let pending = loading.get(load) as Promise<Module<T>> | undefined;
  if (!pending) {
    pending = load().then((module) => {
      loaded.set(load, module);
      return module;
    });
    // A failed load is asked again next time (the page shows the failure when it renders).
    pending.catch(() => loading.delete(load));
    loading.set(load, pending);
  }
  return pending;
}

/** Whether the page's code is already in (tests; the lazy component below reads the same). */
export const isPageLoaded = (load: PageLoad<unknown>): boolean => loaded.has(load);

/** Answers synchronously: React's lazy renders the module in the same pass when its then() does. */
const answered = <T>(module: Module<T>) =>
  ({ then: (resolve: (value: Module<T>) => void) => resolve(module) }) as unknown as Promise<Module<T>>;

/** React.lazy over `load`, drawn without suspending when the code is already loaded. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the constraint React.lazy itself uses
export function lazyPage<T extends ComponentType<any>>(load: PageLoad<T>): LazyExoticComponent<T> {
  return lazy(() => {
    const module = loaded.get(load) as Module<T> | undefined;
    return module ? answered(module) : loadPage(load);
  });
}
