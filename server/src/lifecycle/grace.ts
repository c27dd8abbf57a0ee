/**
 * The grace period's restricted access (spec §4: canceled, 21 days, "read and export only";
 * docs/api.md "Lifecycle"). While an account's subscription is canceled, its people may read and
 * export but not change anything: every signed-in call that is not a read is refused with 403 and
 * this message, except the routes below. Super admins are never restricted.
 *
 * Decision: one list here rather than a flag on each route, so what a grace account may still do
 * reads in one place; lifecycle.test.ts checks every entry names a route that exists.
 */
import type { FastifyRequest } from "fastify";

export const READ_ONLY_DURING_GRACE =
  "Your subscription was canceled: your account is read-only until its grace period ends. Start a new subscription to make changes.";

/** Writes that are not changes to the account's data: sessions, exports, one's own settings, paying. */
export const ALLOWED_DURING_GRACE: readonly string[] = [
  "POST /api/verify-token",
  "POST /api/users/password/check",
  "POST /api/bulk-downloads",
  "POST /api/tests/download/:id",
  // The console asks for an analysis as it shows a test: reading the stones, not changing the test.
  "POST /api/ai/test/:id/group/:group/trigger",
  "PUT /api/users/me/preferences",
  "POST /api/users/me/password",
  "POST /api/subscriptions/quote",
  "POST /api/subscriptions/start",
];

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether this call is one the grace period refuses (the account's status is asked only then). */
export function restrictedDuringGrace(request: FastifyRequest): boolean {
  if (READS.has(request.method)) return false;
  return !ALLOWED_DURING_GRACE.includes(`${request.method} ${request.routeOptions.url ?? ""}`);
}
