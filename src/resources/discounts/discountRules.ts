/** The discount form's rules (pure): its problems as the form shows them, and what it sends. */
import { discountProblems, smallestRedemptionLimit, type DiscountValues } from "../../api/discountRules";
import type { DiscountCreate } from "../../api/resources";
import { toMinor } from "../shared/money";

/** A field's message for the form: an i18n key, with its values when it has some. */
type FormMessage = string | { message: string; args: Record<string, unknown> };

/**
 * What is wrong with the form's discount, by field (react-admin's record-level `validate`), as
 * the service would judge what the form sends (the unused value dropped, the code upper case).
 */
export function formProblems(
  values: DiscountValues,
  redemptionCount = 0,
): Partial<Record<keyof DiscountCreate, FormMessage>> {
  const problems = discountProblems(normalizeDiscount(values as Partial<DiscountCreate>), redemptionCount);
  return Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => [
      field,
      problem === "limitInvalid"
        ? { message: "resources.discounts.limitInvalid", args: { min: smallestRedemptionLimit(redemptionCount) } }
        : `resources.discounts.${problem}`,
    ]),
  );
}

/** Whether the code's end date (a form's Date or ISO text) has passed: no one can redeem it any more. */
export function hasEnded(validTo: unknown, now: number): boolean {
  if (validTo === null || validTo === undefined || validTo === "") return false;
  const end = validTo instanceof Date ? validTo.getTime() : Date.parse(String(validTo));
  return Number.isFinite(end) && end <= now;
}

/**
 * The amount off in minor units, as the wire has it: the form holds the record's minor units until
 * a person types an amount as written in the currency ("10.50", AmountOffInput); NaN when the
 * text is no amount in that currency, which the rules refuse.
 */
const amountOffMinor = (value: unknown, currency: unknown): number =>
  typeof value === "string" ? (toMinor(value, String(currency ?? "")) ?? Number.NaN) : Number(value);

/** What goes on the wire: the unused value is null, the code upper case, the amount in minor units. */
export function normalizeDiscount<T extends Partial<DiscountCreate>>(values: T): T {
  return {
    ...values,
    code: (values.code ?? "").trim().toUpperCase(),
    percentOff: values.kind === "percent" ? Number(values.percentOff) : null,
    amountOff: values.kind === "amount" ? amountOffMinor(values.amountOff, values.currency) : null,
    currency: values.kind === "amount" ? (values.currency ?? null) : null,
    redemptionLimit:
      values.redemptionLimit === null || values.redemptionLimit === undefined || String(values.redemptionLimit) === ""
        ? null
        : Number(values.redemptionLimit),
  };
}
