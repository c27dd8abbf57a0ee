import { Notification } from "react-admin";
import { TOAST_AUTO_HIDE_MS } from "../../config";

/**
 * Where a toast's top edge sits: below the top bar, so the profile name and avatar stay in view
 * (issue 26). The tallest bar is the guest pages' (MUI's regular toolbar: 56 px, 64 px from the
 * "sm" breakpoint; the signed-in bar is react-admin's 48 px), then MUI's own 8 px gap.
 */
export const TOAST_TOP_PX = { xs: 56 + 8, sm: 64 + 8 } as const;

/**
 * Spec §8, §9: toasts top-right, closing after 5000 ms, under the top bar. The "sm" value is given
 * too: MUI's Snackbar sets its own top again from "sm" up, which a single value would not beat.
 */
export function ConsoleNotification() {
  return (
    <Notification
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: "top", horizontal: "right" }}
      sx={(theme) => ({ top: TOAST_TOP_PX.xs, [theme.breakpoints.up("sm")]: { top: TOAST_TOP_PX.sm } })}
    />
  );
}
