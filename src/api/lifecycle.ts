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
export type ScheduledActionReason = (typeof SCHEDULED_ACTION_REASONS)[number];

export const SCHEDULED_ACTION_STATES = ["pending", "canceled", "done"] as const;
export type ScheduledActionState = (typeof SCHEDULED_ACTION_STATES)[number];

/** A scheduled action as GET scheduled-actions answers it. */
export interface ScheduledAction {
  id: string;
  /** pending until the scheduler carries it out (done) or a super admin or a payment cancels it. */
  state: ScheduledActionState;
  kind: ScheduledActionKind;
  accountId: string;
  accountName: string;
  subscriptionId: string | null;
  /** The subscription's plan, for a cancelation. */
  plan: string | null;
  /**
   * A user deletion's person (a data-deletion request by someone who is not the account's owner);
   * null for the other kinds. Every answer has them; optional for records written before them.
   */
  userId?: string | null;
  userName?: string | null;
  reason: ScheduledActionReason;
  /** When the scheduler carries it out. */
  runAt: string;
  createdAt: string;
  /** Who asked; null when the service scheduled it (an unpaid period end). */
  requestedById: string | null;
  requestedByName: string | null;
  /** When it was carried out or canceled, and what came of it ("canceled", "deleted", "paid", "withdrawn"…). */
  doneAt: string | null;
  canceledAt: string | null;
  outcome: string | null;
}

export interface ScheduledActionFilter {
  q?: string;
  state?: ScheduledActionState;
  kind?: ScheduledActionKind;
  reason?: ScheduledActionReason;
  accountId?: string;
  runAt_gte?: string;
  runAt_lte?: string;
}
