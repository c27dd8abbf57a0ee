/** How each status of the resources shows: its label (an i18n key) and the colour of its chip. */
import type {
  AccountStatus,
  DeviceStatus,
  FirmwareStatus,
  PaymentStatus,
  SubscriptionState,
  UserStatus,
} from "../../api/resources";

export type StatusTone = "success" | "warning" | "error" | "info" | "default";

export type AnyStatus = AccountStatus | SubscriptionState | UserStatus | DeviceStatus | PaymentStatus | FirmwareStatus;

const TONES: Record<AnyStatus, StatusTone> = {
  // accounts
  active: "success",
  suspended: "error",
  pending_deletion: "warning",
  // subscriptions (spec §4: past due keeps full access for 7 days, canceled is the grace period)
  past_due: "warning",
  canceled: "error",
  inactive: "default",
  // users
  invited: "info",
  disabled: "default",
  // devices
  lost: "error",
  unsubscribed: "default",
  // payments
  pending: "info",
  succeeded: "success",
  failed: "error",
  refunded: "default",
  disputed: "warning",
  // firmware
  draft: "info",
  published: "success",
  withdrawn: "default",
};

/** The chip colour of a status; an unknown status is neutral. */
export const statusTone = (status: string): StatusTone =>
  (TONES as Record<string, StatusTone | undefined>)[status] ?? "default";

/**
 * The groups of status words: every record's, and a subscription record's own, where "canceled" is
 * only canceled (an account's canceled subscription is its grace period; a subscription replaced by
 * a new one is not).
 */
export type StatusWords = "status" | "subscriptionStatus";

export const isStatusWords = (labels: string): labels is StatusWords =>
  labels === "status" || labels === "subscriptionStatus";

/** The i18n key of a status's label: resources.shared.{words}.{status}. */
export const statusLabelKey = (status: string, words: StatusWords = "status"): string =>
  `resources.shared.${words}.${status}`;

/**
 * The message of a `oneOf` value in the words its field declares (src/api/contract/fields.ts
 * `labels`): the shared status words for "status", else the message under the declared group.
 */
export const valueWordsKey = (labels: string, value: string): string =>
  isStatusWords(labels) ? statusLabelKey(value, labels) : `${labels}.${value}`;

/**
 * Where a discount stands on a date: redeemable ("live": switched on, inside its dates, under its
 * limit), switched off, or switched on but not redeemable, and why.
 */
export type DiscountStanding = "live" | "off" | "notYet" | "expired" | "usedUp";

export function discountStanding(
  discount: {
    active: boolean;
    validFrom: string | null;
    validTo: string | null;
    redemptionLimit: number | null;
    redemptionCount: number;
  },
  at: Date,
): DiscountStanding {
  if (!discount.active) return "off";
  if (discount.validFrom && at < new Date(discount.validFrom)) return "notYet";
  if (discount.validTo && at > new Date(discount.validTo)) return "expired";
  if (discount.redemptionLimit !== null && discount.redemptionCount >= discount.redemptionLimit) return "usedUp";
  return "live";
}
