import { Suspense, useEffect, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { matchRoutes, Navigate, useLocation } from "react-router-dom";
import { useTranslate } from "react-admin";
import { useIdentity } from "../authProvider/useCurrentUser";
import { PRODUCT_NAME } from "../config";
import { GuestLayout } from "../custom/layout/GuestLayout";
import { NotFound } from "../custom/status/NotFound";
import { PageLoader } from "../custom/status/PageLoader";
import type { PublicScreen } from "./publicScreens";
import { ScreenContext } from "./ScreenContext";
import { SCREENS, type Screen } from "./screens";
import { useScreenAccess } from "./useAccessibleScreens";

/** The browser tab names the screen: "Gallery · Gemtest Admin". */
function useDocumentTitle(titleKey: string | undefined, shellKey: "app.admin" | "app.guest"): void {
  const translate = useTranslate();
  const shell = translate(shellKey, { product: PRODUCT_NAME });
  const title = titleKey ? `${translate(titleKey)} · ${shell}` : shell;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

const SCREEN_ROUTES = SCREENS.map((screen) => ({ path: screen.path, screen }));

/** The signed-in screen at the current address, if the screens table has one. */
function useCurrentScreen(): Screen | undefined {
  const location = useLocation();
  return matchRoutes(SCREEN_ROUTES, location)?.[0]?.route.screen;
}

/**
 * Every signed-in page goes through here (the layout renders it around the routes): the screen is
 * looked up in the screens table and opens only when authProvider.canAccess says so; otherwise the
 * not-found view, in place (spec §2). Unknown addresses are not found either.
 */
export function ScreenGuard({ children }: { children: ReactNode }) {
  const screen = useCurrentScreen();
  useDocumentTitle(screen?.title ?? "notFound.title", "app.admin");
  // The pages read the signed-in user through react-admin's identity; it is loaded before they open.
  const identity = useIdentity();
  const access = useScreenAccess(screen);
  if (!screen) return <NotFound />;
  if (access.isPending || identity.isPending) return <PageLoader />;
  if (!access.canAccess) return <NotFound />;
  return (
    <ScreenContext.Provider value={screen}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </ScreenContext.Provider>
  );
}

/**
 * Home, once react-admin has checked the session again: a visitor who signed in on a guest page
 * (an accepted invitation) would otherwise meet the guest's cached answer there and be signed out.
 */
function HomeOnceChecked() {
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    let live = true;
    void queryClient.invalidateQueries({ queryKey: ["auth"] }).then(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, [queryClient]);
  return checked ? <Navigate to="/" replace /> : <PageLoader />;
}

/** A public page in the guest shell; a guests-only page sends a signed-in visitor home (spec §6). */
export function PublicScreenRoute({ screen }: { screen: PublicScreen }) {
  const { identity, isPending } = useIdentity();
  useDocumentTitle(screen.title, "app.guest");
  if (isPending) return <PageLoader />;
  if (screen.guestOnly && identity) return <HomeOnceChecked />;
  const Page = screen.page;
  return (
    <GuestLayout>
      <ScreenContext.Provider value={screen}>
        <Suspense fallback={<PageLoader />}>
          <Page />
        </Suspense>
      </ScreenContext.Provider>
    </GuestLayout>
  );
}
