/**
 * The command palette's way in, in the top bar: a Search button, and Ctrl+K (⌘K on a Mac)
 * anywhere in the signed-in console. The palette's code (and the dialogs of its actions) load on
 * the first opening, or as the pointer or the focus reaches the button: the signed-in shell's
 * code holds only this (issue 23).
 */
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Box, Button, IconButton, Tooltip, useMediaQuery, type Theme } from "@mui/material";
import SearchIcon from "@mui/icons-material/Search";
import { useTranslate } from "react-admin";
import type { PaletteActionId } from "./paletteItems";
import { keepTypeAhead, takeTypeAhead } from "./typeAhead";

const loadPalette = () => import("./CommandPalette");
const CommandPalette = lazy(loadPalette);
const ActionDialog = lazy(() => import("./ActionDialog"));

const isMac = () =>
  typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Ctrl+K, or ⌘K: the palette's shortcut (the browser's own use of it, the address bar's search, gives way). */
export const isPaletteShortcut = (event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k";

export function PaletteLauncher() {
  const translate = useTranslate();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up("md"));
  // Mounted from the first opening on: closing keeps what the palette learnt (no records search).
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  // Each opening starts afresh, even one while the last is still fading out.
  const [opening, setOpening] = useState(0);
  const [action, setAction] = useState<PaletteActionId | null>(null);
  const show = useCallback(() => {
    if (!open) {
      // Keys typed before the search box has the focus go into it, once it appears.
      keepTypeAhead();
      loadPalette().catch(() => takeTypeAhead());
    }
    setMounted(true);
    setOpen((wasOpen) => {
      if (!wasOpen) setOpening((count) => count + 1);
      return true;
    });
  }, [open]);
  const close = useCallback(() => setOpen(false), []);
  const runAction = useCallback((id: PaletteActionId) => {
    setOpen(false);
    setAction(id);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      show();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [show]);

  const label = translate("palette.open");
  const shortcut = translate(isMac() ? "palette.shortcutMac" : "palette.shortcut");
  const preload = () => void loadPalette();
  const common = {
    onClick: show,
    onPointerEnter: preload,
    onFocus: preload,
    "aria-haspopup": "dialog" as const,
    "aria-keyshortcuts": "Control+K Meta+K",
  };
  return (
    <>
      {wide ? (
        // Named by what it shows ("Search Ctrl K"): no aria-label to leave the shortcut out.
        <Button
          {...common}
          color="inherit"
          startIcon={<SearchIcon />}
          sx={{
            textTransform: "none",
            mr: 1,
            px: 1.5,
            minHeight: 36,
            borderRadius: 2,
            bgcolor: "rgba(255, 255, 255, 0.15)",
            "&:hover": { bgcolor: "rgba(255, 255, 255, 0.25)" },
            gap: 1,
          }}
        >
          {label}
          <Box
            component="kbd"
            sx={{
              fontFamily: "inherit",
              fontSize: "0.75rem",
              border: 1,
              borderColor: "rgba(255, 255, 255, 0.6)",
              borderRadius: 1,
              px: 0.75,
              lineHeight: 1.6,
            }}
          >
            {shortcut}
          </Box>
        </Button>
      ) : (
        <Tooltip title={`${label} (${shortcut})`} describeChild>
          <IconButton {...common} color="inherit" aria-label={label}>
            <SearchIcon />
          </IconButton>
        </Tooltip>
      )}
      {mounted && (
        <Suspense fallback={null}>
          <CommandPalette open={open} opening={opening} onClose={close} onAction={runAction} />
        </Suspense>
      )}
      {action && (
        <Suspense fallback={null}>
          <ActionDialog action={action} onClose={() => setAction(null)} />
        </Suspense>
      )}
    </>
  );
}
