import { lazy, Suspense, useEffect, useState } from "react";
import { createBrowserRouter, Route, RouterProvider, Routes } from "react-router-dom";
import { createTheme, CssBaseline, ThemeProvider } from "@mui/material";
import { createStartupDeps } from "./authProvider/startupDeps";
import { useScrollToTopOnPathChange } from "./custom/layout/useScrollToTopOnPathChange";
import { runStartup, type StartupResult } from "./custom/startup/startup";
import { ErrorBoundary } from "./custom/status/ErrorBoundary";
import { MaintenanceScreen } from "./custom/status/MaintenanceScreen";
import { PageLoader } from "./custom/status/PageLoader";
import { authProvider } from "./providers";
import { theme } from "./theme";

// Each part loads on demand (spec §2): /login never downloads react-admin.
const Console = lazy(() => import("./Console"));
const LoginPage = lazy(() => import("./custom/login/LoginPage"));

const muiTheme = createTheme(theme);
const login = (credentials: { email: string; password: string }) => authProvider.login(credentials);

/** Every route of the console: /login outside react-admin, everything else inside it. */
function ConsoleRoutes() {
  useScrollToTopOnPathChange();
  return (
    <Suspense fallback={<PageLoader fullHeight />}>
      <Routes>
        <Route path="/login" element={<LoginPage login={login} />} />
        <Route path="*" element={<Console />} />
      </Routes>
    </Suspense>
  );
}

/**
 * A data router, not a BrowserRouter: react-admin's warnWhenUnsavedChanges blocks navigation with
 * react-router's blocker, which only data routers have.
 */
const createConsoleRouter = () => createBrowserRouter([{ path: "*", element: <ConsoleRoutes /> }]);

/** Start-up (spec §4) decides between the maintenance screen and the console. */
export function App() {
  const [startup, setStartup] = useState<StartupResult | null>(null);
  const [router] = useState(createConsoleRouter);
  useEffect(() => {
    let live = true;
    void runStartup(createStartupDeps()).then((result) => live && setStartup(result));
    return () => {
      live = false;
    };
  }, []);

  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline />
      <ErrorBoundary>
        {startup === null ? (
          <PageLoader fullHeight />
        ) : startup.kind === "maintenance" ? (
          <MaintenanceScreen message={startup.message} />
        ) : (
          <RouterProvider router={router} />
        )}
      </ErrorBoundary>
    </ThemeProvider>
  );
}
