/**
 * The grace period's writes (spec §4: a canceled subscription leaves its account 21 days of "read
 * and export only"; docs/api.md "Lifecycle"). The service declares it per route, in the route's own
 * config (`allowedDuringGrace`, server/src/lifecycle/grace.ts): every write is refused unless its
 * route allows it. The console cannot ask that per route, so this is the same declaration for every
 * write it offers the people of such an account, by the route the write calls (as the service's
 * OpenAPI document names it). tests/server/graceWrites.test.ts holds it against the service: each
 * route exists, and is "allowed" here exactly when the service allows it.
 *
 * Reads are never refused, and super admins are never restricted (useGraceRefusal).
 */
export const GRACE_WRITES = {
  // Sessions, exports, one's own settings and paying: allowed.
  "POST /api/verify-token": "allowed",
  "POST /api/users/password/check": "allowed",
  "POST /api/users/me/password": "allowed",
  "PUT /api/users/me/preferences": "allowed",
  "POST /api/tests/download/{id}": "allowed",
  "POST /api/bulk-downloads": "allowed",
  "POST /api/ai/test/{id}/group/{group}/trigger": "allowed",
  "POST /api/subscriptions/quote": "allowed",
  "POST /api/subscriptions/start": "allowed",

  // Everything else: refused.
  "PUT /api/users/{id}": "refused",
  "POST /api/users/me/avatar": "refused",
  "DELETE /api/users/me/avatar": "refused",
  "PUT /api/v2/tests/{id}": "refused",
  "POST /api/v2/tests/file": "refused",
  "POST /api/tests/share/{id}": "refused",
  "DELETE /api/tests/{id}": "refused",
  "DELETE /api/tests/{id}/{fileId}": "refused",
  "POST /api/deleted-tests/restore": "refused",
  "POST /api/invitations": "refused",
  "POST /api/users/{id}/role": "refused",
  "POST /api/users/{id}/disable": "refused",
  "POST /api/users/{id}/enable": "refused",
  "POST /api/users/{id}/invitation": "refused",
  "PUT /api/account": "refused",
  "POST /api/businesses": "refused",
  "PUT /api/businesses/{id}": "refused",
  "PUT /api/devices/{id}": "refused",
  "POST /api/devices/{id}/custom-name": "refused",
  "POST /api/devices/{id}/mark-lost": "refused",
  "POST /api/devices/{id}/notify-owner": "refused",
  "POST /api/subscriptions/{id}/cancel": "refused",
  "POST /api/subscriptions/{id}/resume": "refused",
  // Super admins' own forms, never restricted, named too so that every versioned edit names its route.
  "PUT /api/accounts/{id}": "refused",
  "PUT /api/discounts/{id}": "refused",
  "PUT /api/firmware/{id}": "refused",
  "PUT /api/box-type-settings/{typeCode}": "refused",
} as const satisfies Record<string, "allowed" | "refused">;

/**
 * A write the console offers, named by the route it calls: one above, or the update of a resource
 * listed whole from its contract (ContractList), refused like every write the service does not allow.
 */
export type GraceWrite = keyof typeof GRACE_WRITES | `PUT /api/${string}/{id}`;

/** Whether an account in its grace period is refused this write (by the service, so the console offers it disabled). */
export const refusedDuringGrace = (write: GraceWrite): boolean =>
  (GRACE_WRITES as Record<string, string>)[write] !== "allowed";
