/**
 * Every Advanced Settings write needs a recent password re-check, the refund's rule (spec §6):
 * a passed POST users/password/check within the last 5 minutes.
 */
import { forbidden } from "../http/errors";
import { PASSWORD_CHECK_VALID_MS } from "../payments/billing";
import type { UserRow } from "../users/queries";

export const PASSWORD_RECHECK_MESSAGE = "Confirm your password to change advanced settings.";

/** Refuses (403, nothing written) unless the caller passed the password re-check recently. */
export function requireRecentPasswordCheck(caller: Pick<UserRow, "passwordConfirmedAt">, now = Date.now()): void {
  const confirmed = caller.passwordConfirmedAt;
  if (!confirmed || now - confirmed.getTime() > PASSWORD_CHECK_VALID_MS) throw forbidden(PASSWORD_RECHECK_MESSAGE);
}
