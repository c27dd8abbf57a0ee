import { Route } from "react-router-dom";
import { Admin, CustomRoutes, Notification } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { PUBLIC_SCREENS } from "./access/publicScreens";
import { SCREENS } from "./access/screens";
import { GuardedScreen, PublicScreenRoute } from "./access/ScreenRoutes";
import { TOAST_AUTO_HIDE_MS } from "./config";
import { AppLayout } from "./custom/layout/AppLayout";
import { createConsoleStore } from "./custom/layout/consoleStore";
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

/**
 * react-admin's <Admin>: every signed-in screen and the public pages, from the screens tables.
 * /login lives outside it (App.tsx), so react-admin sends signed-out visitors there.
 */
export default function Console() {
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
      loginPage={false}
      catchAll={NotFound}
      loading={FullPageLoader}
      notification={TopRightNotification}
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
