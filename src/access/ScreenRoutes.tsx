import { Suspense, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslate } from "react-admin";
import { PRODUCT_NAME } from "../config";
import { Navigate } from "react-router-dom";
import { GuestLayout } from "../custom/layout/GuestLayout";
import { useSessionRole } from "../custom/layout/useSessionRole";
import { NotFound } from "../custom/status/NotFound";
import { PageLoader } from "../custom/status/PageLoader";
import type { PublicScreen } from "./publicScreens";
import { canAccessRoles } from "./roles";
import { ScreenContext } from "./ScreenContext";
import type { Screen } from "./screens";

/** The browser tab names the screen: "Gallery · Gemtest Admin". */
function useDocumentTitle(titleKey: string, shellKey: "app.admin" | "app.guest"): void {
  const translate = useTranslate();
  const title = `${translate(titleKey)} · ${translate(shellKey, { product: PRODUCT_NAME })}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** A signed-in screen: the not-found view for a role that may not use it (spec §2), else its page. */
export function GuardedScreen({ screen }: { screen: Screen }) {
  const role = useSessionRole();
  useDocumentTitle(screen.title, "app.admin");
  if (!canAccessRoles(screen.roles, role)) return <NotFound />;
  const Page = screen.page;
  return (
    <ScreenContext.Provider value={screen}>
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
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
  const role = useSessionRole();
  useDocumentTitle(screen.title, "app.guest");
  if (screen.guestOnly && role) return <HomeOnceChecked />;
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
