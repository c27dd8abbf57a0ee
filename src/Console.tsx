// First: the console's messages join the translator before any page module is evaluated.
import "./i18n/consoleMessages";
import type { ComponentType, ReactNode } from "react";
import { Route } from "react-router-dom";
import { CssBaseline } from "@mui/material";
import { AdminContext, CoreAdminUI, CustomRoutes, Resource, type I18nProvider, type Store } from "react-admin";
import { PUBLIC_SCREENS } from "./access/publicScreens";
import { SCREENS } from "./access/screens";
import { PublicScreenRoute } from "./access/ScreenRoutes";
import type { ConsoleAuthProvider } from "./authProvider/authProvider";
import { SelectedItemsContext, type SelectedItemsStore } from "./authProvider/selectedItems";
import { SessionSync } from "./authProvider/useCurrentUser";
import { AppLayout } from "./custom/layout/AppLayout";
import { ConsoleNotification } from "./custom/layout/ConsoleNotification";
import { ErrorScreen } from "./custom/status/ErrorScreen";
import { NotFound } from "./custom/status/NotFound";
import { PageLoader } from "./custom/status/PageLoader";
import { PreferencesSync } from "./custom/userSettings/preferences";
import type { ConsoleDataProvider } from "./dataProvider";
import { recordRepresentation, REGISTERED_RESOURCES } from "./resources/representations";
import { withCancelFirst } from "./resources/shared/cancelFirst";
import { withPlainRows } from "./resources/shared/PlainRow";
import { darkTheme, theme } from "./theme";

/**
 * The screens that are a resource's view (its list, its record's page), by resource: react-admin
 * routes them under the resource's name, with its controllers and links.
 */
const VIEWS: Record<string, { list?: ComponentType; edit?: ComponentType }> = {};
for (const { view, page } of SCREENS) if (view) (VIEWS[view.resource] ??= {})[view.as] = page;

const FullPageLoader = () => <PageLoader fullHeight />;
const ConsoleError = ({ error }: { error?: Error }) => <ErrorScreen error={error} fullHeight />;

export interface ConsoleProps {
  dataProvider: ConsoleDataProvider;
  authProvider: ConsoleAuthProvider;
  i18nProvider: I18nProvider;
  store: Store;
  selectedItems: SelectedItemsStore;
}

/** The console's themes: its lists' rows drawn plain (PlainRow.tsx), its confirmations Cancel first. */
const LIGHT = withCancelFirst(withPlainRows(theme));
const DARK = withCancelFirst(withPlainRows(darkTheme));

/** react-admin's context made of the console's providers: what every page and component runs in. */
export function ConsoleContext({ children, selectedItems, ...providers }: ConsoleProps & { children: ReactNode }) {
  return (
    <SelectedItemsContext.Provider value={selectedItems}>
      <AdminContext {...providers} theme={LIGHT} darkTheme={DARK} defaultTheme="light">
        {children}
      </AdminContext>
    </SelectedItemsContext.Provider>
  );
}

/**
 * react-admin: the registered resources, the screens of their own, and the public pages.
 * /login lives outside it (App.tsx), so react-admin sends signed-out visitors there.
 */
export default function Console(props: ConsoleProps) {
  // react-admin's <Admin> is AdminContext + AdminUI; AdminUI's defaults (its login page and form,
  // its error and loading pages) would ship in the signed-in bundle though we replace every one, so
  // the console composes AdminContext with ra-core's CoreAdminUI and its own parts.
  return (
    <ConsoleContext {...props}>
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
        {REGISTERED_RESOURCES.map((name) => (
          <Resource key={name} name={name} recordRepresentation={recordRepresentation(name)} {...VIEWS[name]} />
        ))}
        <CustomRoutes noLayout>
          {PUBLIC_SCREENS.map((screen) => (
            <Route key={screen.path} path={screen.path} element={<PublicScreenRoute screen={screen} />} />
          ))}
        </CustomRoutes>
        <CustomRoutes>
          {SCREENS.flatMap(({ path, page: Page, view }) =>
            view ? [] : [<Route key={path} path={path} element={<Page />} />],
          )}
        </CustomRoutes>
      </CoreAdminUI>
      {/* The page's background follows the user's theme (App's own baseline is the light one). */}
      <CssBaseline />
      <ConsoleNotification />
      <SessionSync />
      <PreferencesSync />
    </ConsoleContext>
  );
}
