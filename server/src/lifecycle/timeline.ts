/**
 * When each step of the lifecycle falls due (spec §4, §9; docs/api.md "Lifecycle"), apart from the
 * SQL that carries it out (steps.ts): unpaid at the period end → past due for 7 days → canceled,
 * with 21 days of grace → the account deleted; an account deletion asked for waits out Recover's
 * 15 days.
 */
import { GRACE_PERIOD_DAYS, PAST_DUE_DAYS } from "../../../src/api/lifecycle";
import { RECOVERY_DAYS } from "../../../src/api/recover";

export const DAY_MS = 86_400_000;

const daysAfter = (start: Date, days: number) => new Date(start.getTime() + days * DAY_MS);

/** An unpaid subscription's cancelation: 7 days (past due) after its period ended. */
export const unpaidCancelationDueAt = (periodEnd: Date): Date => daysAfter(periodEnd, PAST_DUE_DAYS);

/** A canceled subscription's 21 days of grace end (and its account's deletion falls due). */
export const graceEndsAt = (canceledAt: Date): Date => daysAfter(canceledAt, GRACE_PERIOD_DAYS);

/** An account deletion asked for falls due once Recover's 15 days are over. */
export const accountDeletionDueAt = (requestedAt: Date): Date => daysAfter(requestedAt, RECOVERY_DAYS);
