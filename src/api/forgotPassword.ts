/**
 * Forgot password (spec §2 /forgot-password, guests only; docs/api.md "Register and forgot
 * password"): an email with a single-use, one-hour link to choose a new password; choosing it signs
 * the user out everywhere. Shared by the console, the service and the tests.
 */

export const FORGOT_PASSWORD_PATH = "forgot-password";
export const RESET_PASSWORD_PATH = "forgot-password/reset";

/** The console's page for the reset link: `/forgot-password?token=…`. */
export const FORGOT_PASSWORD_PAGE = "/forgot-password";

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;

/** The answer to every reset request, whether or not the email has an account. */
export const FORGOT_PASSWORD_ACCEPTED =
  "Check your email: if an account uses this address, we sent it a link to choose a new password.";
