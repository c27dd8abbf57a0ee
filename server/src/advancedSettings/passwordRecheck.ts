/** Every Advanced Settings write needs a recent password re-check, the refund's rule (spec §6). */
export const PASSWORD_RECHECK_MESSAGE = "Confirm your password to change advanced settings.";
