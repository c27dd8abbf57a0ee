import { Route } from "react-router-dom";
import { AdminContext, CoreAdminUI, CustomRoutes, Notification } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { PUBLIC_SCREENS } from "./access/publicScreens";
import { SCREENS } from "./access/screens";
import { GuardedScreen, PublicScreenRoute } from "./access/ScreenRoutes";
import { TOAST_AUTO_HIDE_MS } from "./config";
import { AppLayout } from "./custom/layout/AppLayout";
import { createConsoleStore } from "./custom/layout/consoleStore";
import { ErrorScreen } from "./custom/status/ErrorScreen";
import { NotFound } from "./custom/status/NotFound";
import { PageLoader } from "./custom/status/PageLoader";
import { dataProvider } from "./dataProvider";
import { en } from "./i18n/en";
import { authProvider } from "./providers";
import { theme } from "./theme";

const i18nProvider = polyglotI18nProvider(() => en, "en", { allowMissing: true });
const store = createConsoleStore();

/** Spec §8, §9: toasts top-right, closing after 5000 ms. */
const TopRightNotification = () => (
  <Notification autoHideDuration={TOAST_AUTO_HIDE_MS} anchorOrigin={{ vertical: "top", horizontal: "right" }} />
);
const FullPageLoader = () => <PageLoader fullHeight />;
const ConsoleError = ({ error }: { error?: Error }) => <ErrorScreen error={error} fullHeight />;

/**
 * react-admin: every signed-in screen and the public pages, from the screens tables.
 * /login lives outside it (App.tsx), so react-admin sends signed-out visitors there.
 */
export default function Console() {
  // react-admin's <Admin> is AdminContext + AdminUI; AdminUI's defaults (its login page and form,
  // its error and loading pages) would ship in the signed-in bundle though we replace every one, so
  // the console composes AdminContext with ra-core's CoreAdminUI and its own parts.
  return (
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
    >
      <CoreAdminUI
        disableTelemetry
        requireAuth
        layout={AppLayout}
        loginPage={false}
        catchAll={NotFound}
        accessDenied={NotFound}
        error={ConsoleError}
        loading={FullPageLoader}
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
      </CoreAdminUI>
      <TopRightNotification />
    </AdminContext>
  );
}
