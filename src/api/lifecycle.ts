/**
 * The lifecycle of spec §4 and §9, shared by the service's scheduler and the console's screens
 * (docs/api.md "Lifecycle"): unpaid after the period end → past due for 7 days (full access) →
 * canceled with 21 days of grace (read and export only) → the account and its data deleted.
 */
export const PAST_DUE_DAYS = 7;
export const GRACE_PERIOD_DAYS = 21;

export const SCHEDULED_ACTIONS = "scheduled-actions";
export const SCHEDULED_ACTION_KINDS = ["subscription-cancelation", "account-deletion", "user-deletion"] as const;
export type ScheduledActionKind = (typeof SCHEDULED_ACTION_KINDS)[number];

/** unpaid: the period ended unpaid; owner-request: cancel at period end or an account deletion; deletion-request: the public data-deletion flow. */
export const SCHEDULED_ACTION_REASONS = ["unpaid", "owner-request", "deletion-request"] as const;

export const SCHEDULED_ACTION_STATES = ["pending", "canceled", "done"] as const;

// Declared once, in src/api/contract/scheduledActions.ts (its TypeBox schema); this is its type.
export type { ScheduledAction } from "./contract/scheduledActions";
