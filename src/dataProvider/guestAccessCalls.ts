/**
 * The public requests of Register and Forgot password (docs/api.md "Public flows"): anonymous
 * calls, answered the same whatever the email. Confirming a registration starts a session, so it
 * is the authProvider's (confirmRegistration).
 */
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from "../api/forgotPassword";
import { REGISTER_PATH, type PublicRequestAccepted, type RegisterRequest } from "../api/register";
import type { HttpClient } from "./httpClient";

export interface GuestAccessCalls {
  /** POST register: 202, a confirmation link (or word that the address is in use) by email. */
  register(values: RegisterRequest): Promise<PublicRequestAccepted>;
  /** POST forgot-password: 202, a reset link by email if an active user has this address. */
  requestPasswordReset(email: string): Promise<PublicRequestAccepted>;
  /** POST forgot-password/reset: the new password; every sign-in of the user ends. */
  resetPassword(token: string, password: string): Promise<void>;
}

export function createGuestAccessCalls(httpClient: HttpClient): GuestAccessCalls {
  return {
    register: (values) =>
      httpClient.json<PublicRequestAccepted>(REGISTER_PATH, { method: "POST", json: values, anonymous: true }),
    requestPasswordReset: (email) =>
      httpClient.json<PublicRequestAccepted>(FORGOT_PASSWORD_PATH, {
        method: "POST",
        json: { email },
        anonymous: true,
      }),
    resetPassword: async (token, password) => {
      await httpClient.call(RESET_PASSWORD_PATH, { method: "POST", json: { token, password }, anonymous: true });
    },
  };
}
