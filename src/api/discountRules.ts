/**
 * What makes a discount code valid (docs/api-resources.md "Discounts"), written once: the
 * console's form shows each problem on its field before saving, and the service refuses the first
 * with 422 naming the field. Each side words the problem for its reader.
 */
import { PLAN_CURRENCY } from "./plans";
import { DISCOUNT_CODE_PATTERN, type DiscountCreate, type DiscountKind, type PlanInterval } from "./resources";

export type DiscountProblem =
  | "codeInvalid"
  | "percentInvalid"
  | "amountInvalid"
  | "currencyInvalid"
  | "notForPercent"
  | "notForAmount"
  | "dateInvalid"
  | "datesInvalid"
  | "limitInvalid";

/** A discount's fields as a form or a body holds them (a form's dates may be Date objects). */
export type DiscountValues = Partial<Record<keyof DiscountCreate, unknown>>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const CURRENCY = /^[A-Z]{3}$/;

const isSet = (value: unknown) => value !== null && value !== undefined && value !== "";
/** An instant in milliseconds, or NaN when the value is no date (ISO 8601 text or a Date). */
const instantOf = (value: unknown): number => {
  if (value instanceof Date) return value.getTime();
  return typeof value === "string" && ISO_DATE.test(value) ? Date.parse(value) : Number.NaN;
};

/**
 * Each field's problem, in the order the form shows the fields (empty: it can be saved). A limit
 * below the redemptions already made (`redemptionCount`, an existing code's) is a problem too.
 */
export function discountProblems(
  values: DiscountValues,
  redemptionCount = 0,
): Partial<Record<keyof DiscountCreate, DiscountProblem>> {
  const problems: Partial<Record<keyof DiscountCreate, DiscountProblem>> = {};
  if (!DISCOUNT_CODE_PATTERN.test(String(values.code ?? ""))) problems.code = "codeInvalid";
  if (values.kind === "percent") {
    const percent = Number(values.percentOff);
    if (!isSet(values.percentOff) || !Number.isInteger(percent) || percent < 1 || percent > 100)
      problems.percentOff = "percentInvalid";
    if (isSet(values.amountOff)) problems.amountOff = "notForPercent";
    if (isSet(values.currency)) problems.currency = "notForPercent";
  } else if (values.kind === "amount") {
    if (!isSet(values.amountOff) || !(Number(values.amountOff) > 0)) problems.amountOff = "amountInvalid";
    if (isSet(values.percentOff)) problems.percentOff = "notForAmount";
    if (typeof values.currency !== "string" || !CURRENCY.test(values.currency)) problems.currency = "currencyInvalid";
  }
  for (const field of ["validFrom", "validTo"] as const) {
    if (isSet(values[field]) && Number.isNaN(instantOf(values[field]))) problems[field] = "dateInvalid";
  }
  if (!problems.validFrom && !problems.validTo && isSet(values.validFrom) && isSet(values.validTo)) {
    if (instantOf(values.validTo) <= instantOf(values.validFrom)) problems.validTo = "datesInvalid";
  }
  if (isSet(values.redemptionLimit)) {
    const limit = Number(values.redemptionLimit);
    if (!(limit >= 1) || limit < redemptionCount) problems.redemptionLimit = "limitInvalid";
  }
  return problems;
}

/** The least a code's redemption limit may be, once it has been redeemed `redemptionCount` times. */
export const smallestRedemptionLimit = (redemptionCount: number) => Math.max(1, redemptionCount);

/** A code's terms as its record, or a quote's discount, gives them. */
export interface DiscountTermsOf {
  kind: DiscountKind;
  percentOff: number | null;
  /** A record's amount, or what a quote takes off (the amount up to the price). Minor units. */
  amountOff: number | null;
  currency: string | null;
}

/**
 * What a code does, as it is applied (src/api/plans.ts: discountAmount, on the quote and the
 * start): its part comes off the first payment of a new subscription only, which pays the plan's
 * first month when billed monthly or its first year when billed yearly; every renewal costs the
 * plan's price. An amount code takes its amount (up to the price) from plans in its currency only.
 * The code's page and the order summary word it from this, so neither can promise more.
 */
export interface DiscountEffect {
  off: { percent: number } | { amount: number; currency: string };
  /** The payment it comes off: the first, covering the first month or year when the billing is known. */
  first: "payment" | PlanInterval;
  /** An amount code in a currency the plans are not priced in: no plan takes it. */
  appliesToNoPlan: boolean;
}

export function discountEffect(
  discount: DiscountTermsOf,
  interval?: PlanInterval,
  planCurrency: string = PLAN_CURRENCY,
): DiscountEffect {
  const off =
    discount.kind === "percent"
      ? { percent: discount.percentOff ?? 0 }
      : { amount: discount.amountOff ?? 0, currency: discount.currency ?? planCurrency };
  return {
    off,
    first: interval ?? "payment",
    appliesToNoPlan: "currency" in off && off.currency !== planCurrency,
  };
}
