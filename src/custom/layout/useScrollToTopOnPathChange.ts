import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

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
