import { useEffect } from "react";
import { useMediaQuery, type Theme } from "@mui/material";
import { useSidebarState } from "react-admin";

/** Spec §2: the sidebar closes on small screens. */
export function useCloseSidebarOnSmallScreens(): void {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    if (isSmall) setOpen(false);
  }, [isSmall, setOpen]);
}
