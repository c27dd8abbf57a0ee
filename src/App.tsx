import { Suspense, useEffect, useState, useSyncExternalStore } from "react";
import {
  createBrowserRouter,
  type createMemoryRouter,
  matchRoutes,
  Navigate,
  Route,
  RouterProvider,
  Routes,
  useLocation,
} from "react-router-dom";
import { createTheme, CssBaseline, ThemeProvider } from "@mui/material";
import { useScrollToTopOnPathChange } from "./custom/layout/useScrollToTopOnPathChange";
import { runStartup, type StartupResult } from "./custom/startup/startup";
import { lazyPage } from "./custom/startup/lazyPage";
import { loadConsole, loadLoginPage } from "./custom/startup/routeCode";
import { PUBLIC_SCREENS } from "./access/publicScreens";
import { ErrorBoundary } from "./custom/status/ErrorBoundary";
import { MaintenanceScreen } from "./custom/status/MaintenanceScreen";
import { PageLoader } from "./custom/status/PageLoader";
import type { ConsoleProviders } from "./providers";
import { theme } from "./theme";

// Each part loads on demand (spec §2): /login never downloads react-admin. Start-up preloads the
// part the address needs (main.tsx), so it draws without suspending.
const Console = lazyPage(loadConsole);
const LoginPage = lazyPage(loadLoginPage);

const muiTheme = createTheme(theme);

const PUBLIC_ROUTES = PUBLIC_SCREENS.map(({ path }) => ({ path }));

/**
 * react-admin, or /login for a signed-out visitor of a private page (spec §4). Sent from here,
 * before react-admin mounts: react-admin would send them too, but its logout on a failed check
 * repeats for as long as it stays on screen, and it stays while the sign-in page loads.
 */
function SignedInOrLogin({ onSignedInShown, ...props }: Omit<ConsoleProviders, "startup"> & ShownCallback) {
  const { authProvider } = props;
  const location = useLocation();
  const signedIn = useSyncExternalStore(authProvider.subscribe, authProvider.isSignedIn);
  useEffect(() => {
    if (signedIn) onSignedInShown?.();
  }, [signedIn, onSignedInShown]);
  if (!signedIn && !matchRoutes(PUBLIC_ROUTES, location)) {
    return <Navigate to="/login" replace state={{ nextPathname: `${location.pathname}${location.search}` }} />;
  }
  return <Console {...props} />;
}

interface ShownCallback {
  /** Once the signed-in console is on screen (main.tsx: fetch the menu's pages' code when idle). */
  onSignedInShown?: () => void;
}

type RouteObjects = Parameters<typeof createBrowserRouter>[0];

export interface AppProps extends ConsoleProviders, ShownCallback {
  /** Start-up (spec §4) already under way (main.tsx starts it before React loads); run here otherwise. */
  started?: Promise<StartupResult>;
  /**
   * The sign-in page is drawn while start-up's health check is out, rather than a loader: /login's
   * page was prerendered into its HTML at build time (custom/login/prerender.tsx) and this first
   * render takes it over (hydrates it) as it is. A NotOk answer still replaces it with the
   * maintenance screen.
   */
  loginBeforeStartup?: boolean;
  /** The router over the console's routes: the browser's address by default (the prerender: a memory one). */
  createRouter?: (routes: RouteObjects) => ReturnType<typeof createBrowserRouter | typeof createMemoryRouter>;
}

/** Every route of the console: /login outside react-admin, everything else inside it. */
function ConsoleRoutes({ startup: _startup, ...providers }: ConsoleProviders & ShownCallback) {
  useScrollToTopOnPathChange();
  return (
    <Suspense fallback={<PageLoader fullHeight />}>
      <Routes>
        <Route path="/login" element={<LoginPage authProvider={providers.authProvider} />} />
        <Route path="*" element={<SignedInOrLogin {...providers} />} />
      </Routes>
    </Suspense>
  );
}

/**
 * The console, made of the providers it is given (main.tsx passes the real ones): start-up
 * (spec §4) decides between the maintenance screen and the console.
 */
export function App({
  started,
  loginBeforeStartup = false,
  createRouter = createBrowserRouter,
  ...providers
}: AppProps) {
  const [startup, setStartup] = useState<StartupResult | null>(null);
  // A data router, not a BrowserRouter: react-admin's warnWhenUnsavedChanges blocks navigation
  // with react-router's blocker, which only data routers have.
  const [router] = useState(() => createRouter([{ path: "*", element: <ConsoleRoutes {...providers} /> }]));
  // Start-up runs once per console, with the providers it was made with.
  const [startupDeps] = useState(() => providers.startup);
  const [alreadyStarted] = useState(() => started);
  useEffect(() => {
    let live = true;
    void (alreadyStarted ?? runStartup(startupDeps)).then((result) => live && setStartup(result));
    return () => {
      live = false;
    };
  }, [startupDeps, alreadyStarted]);

  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline />
      <ErrorBoundary>
        {startup === null && !loginBeforeStartup ? (
          <PageLoader fullHeight />
        ) : startup?.kind === "maintenance" ? (
          <MaintenanceScreen message={startup.message} />
        ) : (
          <RouterProvider router={router} />
        )}
      </ErrorBoundary>
    </ThemeProvider>
  );
}
