import type { SubscriptionStatus } from "../../../src/api/types";

/** What the console shows when an account has no specific message for its subscription status. */
export const DEFAULT_SUBSCRIPTION_MESSAGES: Record<SubscriptionStatus, string> = {
  active: "Your subscription is active.",
  past_due: "Your payment is past due. Please update your payment method within 7 days to keep full access.",
  inactive: "Your subscription is inactive. Start a new subscription to restore full access.",
};

const DAY_MS = 86_400_000;
/** Whole days from now to then, at least 0 (a step due within the day is "0 days"). */
const daysUntil = (then: Date, now: Date) => Math.max(0, Math.ceil((then.getTime() - now.getTime()) / DAY_MS));
const plural = (n: number) => `${n} day${n === 1 ? "" : "s"}`;
const onDay = (date: Date) => date.toISOString().slice(0, 10);

/** Past due (spec §4): full access for 7 days after the period end, then canceled. */
export const pastDueMessage = (cancelsAt: Date, now: Date) =>
  `Your payment is past due. Pay within ${plural(daysUntil(cancelsAt, now))} (by ${onDay(cancelsAt)}) to keep full access: after that your subscription is canceled.`;

/** Canceled (spec §4): 21 days of read and export only, then the account and its data are deleted. */
export const graceMessage = (deletedAt: Date, now: Date) =>
  `Your subscription was canceled. Your account is read-only for ${plural(daysUntil(deletedAt, now))} more (until ${onDay(deletedAt)}): start a new subscription to keep your data, or it will be deleted.`;
