/**
 * The grace period's restricted access (spec §4: canceled, 21 days, "read and export only";
 * docs/api.md "Lifecycle"). While an account's subscription is canceled, its people may read and
 * export but not change anything: every signed-in call that is not a read is refused with 403 and
 * this message, unless its route allows it in its own config (`allowedDuringGrace`: sessions,
 * exports, one's own settings, paying). Super admins are never restricted.
 */
import type { FastifyRequest } from "fastify";

export const READ_ONLY_DURING_GRACE =
  "Your subscription was canceled: your account is read-only until its grace period ends. Start a new subscription to make changes.";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether this call is one the grace period refuses (the account's status is asked only then). */
export function restrictedDuringGrace(request: FastifyRequest): boolean {
  if (READS.has(request.method)) return false;
  return request.routeOptions.config.allowedDuringGrace !== true;
}
