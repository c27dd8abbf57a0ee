/**
 * The plans an inactive account subscribes to from /new-subscription (docs/api.md "New
 * subscription"), and the rules of a price: its period, and what a discount code takes off.
 * Shared by the service (GET plans, POST subscriptions/quote and /start) and the console, which
 * never hard-codes a price: it shows what GET plans answers.
 */
import type { Payment, PlanInterval, Subscription } from "./resources";
import type { SubscriptionStatusResponse } from "./types";

export const PLANS_PATH = "plans";
export const QUOTE_PATH = "subscriptions/quote";
export const START_PATH = "subscriptions/start";
/** The header that makes POST subscriptions/start safe to repeat (a double click, a retry). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export const PLAN_IDS = ["starter", "professional", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  /** What a subscription records as its plan (the seed's subscriptions use the same names). */
  name: string;
  description: string;
  /** Minor units per month, and per year when paid yearly. */
  monthlyPrice: number;
  yearlyPrice: number;
  currency: string;
  /** What the plan includes, one line each. */
  features: string[];
}

/** GET /api/plans */
export interface PlanList {
  plans: Plan[];
  /** The built-in test provider charges cards (PAYMENT_PROVIDER=test): the console says which test cards work. */
  testMode: boolean;
}

/** Every plan is priced in one currency; a yearly plan costs ten months (two months free). */
export const PLAN_CURRENCY = "GBP";

export const PLANS: readonly Plan[] = [
  {
    id: "starter",
    name: "Starter",
    description: "For a single counter testing a few stones a day.",
    monthlyPrice: 4900,
    yearlyPrice: 49000,
    currency: PLAN_CURRENCY,
    features: ["Up to 2 testing devices", "1 location", "AI analysis of every test", "Email support"],
  },
  {
    id: "professional",
    name: "Professional",
    description: "For labs and traders with several locations.",
    monthlyPrice: 14900,
    yearlyPrice: 149000,
    currency: PLAN_CURRENCY,
    features: [
      "Up to 10 testing devices",
      "Up to 5 locations",
      "AI analysis of every test",
      "Bulk downloads and CSV exports",
      "Priority support",
    ],
  },
  {
    id: "enterprise",
    name: "Enterprise",
    description: "For groups running testing at scale.",
    monthlyPrice: 49900,
    yearlyPrice: 499000,
    currency: PLAN_CURRENCY,
    features: [
      "Unlimited testing devices",
      "Unlimited locations",
      "AI analysis of every test",
      "Bulk downloads and CSV exports",
      "A dedicated account manager",
    ],
  },
];

export const planOf = (id: PlanId): Plan => PLANS.find((plan) => plan.id === id)!;

export const priceOf = (plan: Plan, interval: PlanInterval): number =>
  interval === "year" ? plan.yearlyPrice : plan.monthlyPrice;

/**
 * The end of a period that starts at `start`: one calendar month or year later (UTC), kept on the
 * last day of a shorter month (31 January → 28 or 29 February), as card processors bill.
 */
export function periodEnd(start: Date, interval: PlanInterval): Date {
  const end = new Date(start.getTime());
  const day = start.getUTCDate();
  end.setUTCDate(1);
  if (interval === "year") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** A discount code as the price rules read it (the discounts table's columns). */
export interface DiscountTerms {
  code: string;
  description: string;
  kind: "percent" | "amount";
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  validFrom: Date | null;
  validTo: Date | null;
  redemptionLimit: number | null;
  redemptionCount: number;
  active: boolean;
}

/**
 * A code no discount has, in words for the code field: the service's answer to an unknown one, and
 * the console's to one longer than any code can be (DISCOUNT_CODE_MAX_LENGTH), which it does not send.
 */
export const UNKNOWN_DISCOUNT_CODE = "This code does not exist.";

/** Why a code does not apply to a price, in words for the code field; null when it applies. */
export function discountRefusal(discount: DiscountTerms, at: Date, currency: string): string | null {
  if (!discount.active) return "This code is no longer active.";
  if (discount.validFrom && discount.validFrom.getTime() > at.getTime()) return "This code is not valid yet.";
  if (discount.validTo && discount.validTo.getTime() < at.getTime()) return "This code has expired.";
  if (discount.redemptionLimit !== null && discount.redemptionCount >= discount.redemptionLimit)
    return "This code has been used up.";
  if (discount.kind === "amount" && discount.currency !== currency)
    return `This code is for prices in ${discount.currency}, and this plan is in ${currency}.`;
  return null;
}

/** Minor units a code takes off a price: a percentage (rounded), or an amount up to the price. */
export function discountAmount(discount: Pick<DiscountTerms, "kind" | "percentOff" | "amountOff">, price: number) {
  const off = discount.kind === "percent" ? Math.round((price * (discount.percentOff ?? 0)) / 100) : discount.amountOff;
  return Math.max(0, Math.min(price, off ?? 0));
}

/** Discount codes are upper-case (docs/api-resources.md "Discounts"); people type them any way. */
export const normalizeDiscountCode = (code: string) => code.trim().toUpperCase();

/** POST /api/subscriptions/quote */
export interface QuoteRequest {
  plan: PlanId;
  interval: PlanInterval;
  /** Empty or missing: no discount. */
  discountCode?: string | null;
}

/** What a subscription costs now: the plan's price, the code's part, the total charged. */
export interface SubscriptionQuote {
  plan: PlanId;
  planName: string;
  interval: PlanInterval;
  currency: string;
  /** The plan's price for the interval (what each renewal costs). */
  price: number;
  /**
   * The code that applies, and what it takes off this first payment (only: renewals cost `price`);
   * null without one. `kind` and `percentOff` are the code's terms, to say what it does
   * (discountEffect in src/api/discountRules.ts).
   */
  discount: {
    code: string;
    description: string;
    kind: "percent" | "amount";
    /** The code's percentage; null for an amount code. */
    percentOff: number | null;
    amountOff: number;
  } | null;
  /** What is charged now. */
  total: number;
  periodStart: string;
  periodEnd: string;
}

/** The card as typed; the service keeps only its brand and last four digits. */
export interface CardDetails {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
  /** The name on the card. */
  name: string;
}

/** POST /api/subscriptions/start, with an Idempotency-Key header (a UUID per attempt). */
export interface StartSubscriptionRequest extends QuoteRequest {
  card: CardDetails;
}

/** 201: the new subscription, its paid payment, and the account's new subscription status. */
export interface StartSubscriptionResponse {
  subscription: Subscription;
  payment: Payment;
  status: SubscriptionStatusResponse;
}
