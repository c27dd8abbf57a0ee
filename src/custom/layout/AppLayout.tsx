import { useEffect, type ReactNode } from "react";
import { Layout, type ErrorProps } from "react-admin";
import { useLocation } from "react-router-dom";
import { ScreenGuard } from "../../access/ScreenRoutes";
import { LiveChanges } from "../liveChanges/LiveChanges";
import { endEarlyRows, endEarlyRowsUnlessAt } from "../startup/earlyRows";
import { ErrorScreen } from "../status/ErrorScreen";
import { PageLoader } from "../status/PageLoader";
import { SubscriptionGate } from "../status/SubscriptionGate";
import { ConsoleAppBar } from "./ConsoleAppBar";
import { ConsoleSidebar } from "./ConsoleSidebar";
import { SideMenu } from "./SideMenu";
import { SlicedMount } from "./SlicedMount";

function LayoutError({ error }: ErrorProps) {
  useEffect(endEarlyRows, []);
  return <ErrorScreen error={error} />;
}

/** The signed-in shell (spec §2): top bar, sidebar, the screen guard, the subscription check, the error screen, and the live changes. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => endEarlyRowsUnlessAt(pathname), [pathname]);
  return (
    <SlicedMount fallback={<PageLoader fullHeight />}>
      <Layout
        appBar={ConsoleAppBar}
        menu={SideMenu}
        sidebar={ConsoleSidebar}
        error={LayoutError}
        // react-admin sizes the layout to fit its widest content; ours scrolls wide tables instead.
        sx={{ minWidth: 0, "& .RaLayout-content": { px: { xs: 1.5, sm: 2, xl: 3 }, pb: 4, minWidth: 0 } }}
      >
        <LiveChanges>
          {/* First: the grace period's banner tops every screen. */}
          <SubscriptionGate />
          <ScreenGuard>{children}</ScreenGuard>
        </LiveChanges>
      </Layout>
    </SlicedMount>
  );
}
