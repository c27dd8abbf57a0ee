import { lazy, Suspense, useEffect, useState } from "react";
import { BrowserRouter, Route } from "react-router-dom";
import { Admin, CustomRoutes, Notification } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { PUBLIC_SCREENS } from "./access/publicScreens";
import { SCREENS, rolesForResource } from "./access/screens";
import { GuardedScreen, PublicScreenRoute } from "./access/ScreenRoutes";
import { createAuthProvider } from "./authProvider/authProvider";
import { createStartupDeps } from "./authProvider/startupDeps";
import { AppLayout } from "./custom/layout/AppLayout";
import { createConsoleStore } from "./custom/layout/consoleStore";
import { useScrollToTopOnPathChange } from "./custom/layout/useShellEffects";
import { runStartup, type StartupResult } from "./custom/startup/startup";
import { ErrorBoundary } from "./custom/status/ErrorBoundary";
import { MaintenanceScreen } from "./custom/status/MaintenanceScreen";
import { NotFound } from "./custom/status/NotFound";
import { PageLoader } from "./custom/status/PageLoader";
import { dataProvider } from "./dataProvider";
import { en } from "./i18n/en";
import { theme } from "./theme";
import { TOAST_AUTO_HIDE_MS } from "./config";

const LoginPage = lazy(() => import("./custom/login/LoginPage"));
const LazyLoginPage = () => (
  <Suspense fallback={<PageLoader fullHeight />}>
    <LoginPage />
  </Suspense>
);

const authProvider = createAuthProvider({ rolesFor: rolesForResource });
const i18nProvider = polyglotI18nProvider(() => en, "en", { allowMissing: true });
const store = createConsoleStore();
/** Spec §8, §9: toasts top-right, closing after 5000 ms. */
const TopRightNotification = () => (
  <Notification autoHideDuration={TOAST_AUTO_HIDE_MS} anchorOrigin={{ vertical: "top", horizontal: "right" }} />
);

function ScrollToTop() {
  useScrollToTopOnPathChange();
  return null;
}

/** The console once start-up has decided it may run (spec §4). */
function Console() {
  return (
    <Admin
      disableTelemetry
      requireAuth
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
      layout={AppLayout}
      loginPage={LazyLoginPage}
      catchAll={NotFound}
      loading={() => <PageLoader fullHeight />}
      notification={TopRightNotification}
      title="Admin"
    >
      <CustomRoutes noLayout>
        {PUBLIC_SCREENS.map((screen) => (
          <Route key={screen.path} path={screen.path} element={<PublicScreenRoute screen={screen} />} />
        ))}
      </CustomRoutes>
      <CustomRoutes>
        {SCREENS.map((screen) => (
          <Route key={screen.path} path={screen.path} element={<GuardedScreen screen={screen} />} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}

export function App() {
  const [startup, setStartup] = useState<StartupResult | null>(null);
  useEffect(() => {
    let live = true;
    void runStartup(createStartupDeps()).then((result) => live && setStartup(result));
    return () => {
      live = false;
    };
  }, []);

  return (
    <ErrorBoundary>
      {startup === null ? (
        <PageLoader fullHeight />
      ) : startup.kind === "maintenance" ? (
        <MaintenanceScreen message={startup.message} />
      ) : (
        <BrowserRouter>
          <ScrollToTop />
          <Console />
        </BrowserRouter>
      )}
    </ErrorBoundary>
  );
}
