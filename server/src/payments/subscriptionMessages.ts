import type { SubscriptionStatus } from "../../../src/api/types";

/** What the console shows when an account has no specific message for its subscription status. */
export const DEFAULT_SUBSCRIPTION_MESSAGES: Record<SubscriptionStatus, string> = {
  active: "Your subscription is active.",
  past_due: "Your payment is past due. Please update your payment method within 7 days to keep full access.",
  inactive: "Your subscription is inactive. Start a new subscription to restore full access.",
};
