import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { useMediaQuery, type Theme } from "@mui/material";
import { useSidebarState } from "react-admin";

/** Spec §2: every path change scrolls smoothly to the top. */
export function useScrollToTopOnPathChange(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, behavior: "smooth" });
  }, [pathname]);
}

/** Spec §2: the sidebar closes on small screens. */
export function useCloseSidebarOnSmallScreens(): void {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    if (isSmall) setOpen(false);
  }, [isSmall, setOpen]);
}
