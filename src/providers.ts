import type { I18nProvider, Store } from "react-admin";
import { createAuthProvider, type ConsoleAuthProvider } from "./authProvider/authProvider";
import { createSelectedItemsStore, type SelectedItemsStore } from "./authProvider/selectedItems";
import { createSessionStore } from "./authProvider/session";
import { createStartupDeps } from "./authProvider/startupDeps";
import { createConsoleStore } from "./custom/layout/consoleStore";
import type { StartupDeps } from "./custom/startup/startup";
import type { ConsoleDataProvider } from "./dataProvider";
import { deferredDataProvider } from "./dataProvider/deferredDataProvider";
import { firstListCall } from "./dataProvider/firstListCall";
import { createHttpClient, type HttpClientDeps } from "./dataProvider/httpClient";
import { createPagePrefetch, type AskedAhead, type PagePrefetchDeps } from "./dataProvider/pagePrefetch";
import { createStartupCalls } from "./dataProvider/startupCalls";
import { i18nProvider } from "./i18n/translate";

/** Everything the console is made of besides its components: what App takes as props. */
export interface ConsoleProviders {
  dataProvider: ConsoleDataProvider;
  authProvider: ConsoleAuthProvider;
  i18nProvider: I18nProvider;
  store: Store;
  /** The gallery's selected tests for bulk download (spec §3); logout clears them. */
  selectedItems: SelectedItemsStore;
  /** Spec §4's start-up calls, over the same client. */
  startup: StartupDeps;
  /**
   * A page's first lists, asked for with start-up before the console's code is in (issue 23): what
   * the page asked for first last time, as the dataProvider asks it, whose answers its lists take.
   */
  firstData: { ask: (path: string) => AskedAhead[]; forget: () => void };
}

export interface ConsoleProvidersOptions extends Omit<HttpClientDeps, "session"> {
  /** Where the session and the preferences live (spec §3): the browser's localStorage by default. */
  storage?: Storage;
}

/** The console's providers over one session, one HTTP client and one store. */
export function createConsoleProviders({
  storage = window.localStorage,
  ...http
}: ConsoleProvidersOptions = {}): ConsoleProviders {
  const session = createSessionStore(storage);
  const httpClient = createHttpClient({ ...http, session });
  // What a page declares it asks for first comes with the console's code; until then, only what
  // it asked for last time is asked ahead.
  let declared: NonNullable<PagePrefetchDeps["declared"]> = () => undefined;
  const pages = createPagePrefetch({
    storage,
    userId: () => session.getUser().id,
    pathname: () => window.location.pathname,
    declared: (path) => declared(path),
  });
  // Its code comes with the console's (vite.config.ts puts it in the same file): /login never calls it.
  const dataProvider = deferredDataProvider(() =>
    Promise.all([import("./dataProvider"), import("./access/declaredFirstData")]).then(
      ([{ createDataProvider }, { declaredFirstCall }]) => {
        declared = (path) => declaredFirstCall(path, session.getUser());
        return createDataProvider(httpClient, { pages });
      },
    ),
  );
  const firstList = firstListCall(httpClient);
  const selectedItems = createSelectedItemsStore();
  return {
    dataProvider,
    authProvider: createAuthProvider({ httpClient, selectedItems }),
    i18nProvider,
    store: createConsoleStore(storage),
    selectedItems,
    startup: createStartupDeps(httpClient, createStartupCalls(httpClient)),
    firstData: { ask: (path) => pages.prefetch(path, firstList), forget: () => pages.forget() },
  };
}
