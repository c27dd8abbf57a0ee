import type { RaThemeOptions } from "react-admin";

/**
 * Moves a confirmation's focus from its action to Cancel as the dialog opens. React focuses the
 * action as the dialog mounts (react-admin's Confirm has `autoFocus` on it); this runs when the
 * opening transition starts, in the same commit, so no key pressed can reach the action first.
 */
export function focusCancel(dialog: HTMLElement): void {
  dialog.querySelector<HTMLButtonElement>(".MuiDialogActions-root button:not(.ra-confirm)")?.focus();
}

/**
 * A theme whose confirmations open with Cancel focused: every ConfirmButton, and react-admin's
 * delete and bulk-delete buttons. Enter or Space pressed out of habit then closes the question
 * instead of deleting, disabling or cancelling (the alert dialog pattern of WAI-ARIA's practices:
 * focus the least destructive action).
 */
export const withCancelFirst = (theme: RaThemeOptions): RaThemeOptions => ({
  ...theme,
  components: {
    ...theme.components,
    RaConfirm: { defaultProps: { slotProps: { transition: { onEnter: focusCancel } } } },
  },
});
