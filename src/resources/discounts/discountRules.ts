/** The discount form's rules (pure): the value for its kind, and dates in order. */
import { DISCOUNT_CODE_PATTERN, type DiscountCreate } from "../../api/resources";

export type DiscountProblem = Partial<Record<keyof DiscountCreate, string>>;

/** i18n keys of what is wrong with a discount, by field; empty when it can be saved. */
export function discountProblems(values: Partial<DiscountCreate>): DiscountProblem {
  const problems: DiscountProblem = {};
  if (!DISCOUNT_CODE_PATTERN.test(values.code ?? "")) problems.code = "resources.discounts.codeInvalid";
  if (values.kind === "percent") {
    const percent = Number(values.percentOff);
    if (!Number.isInteger(percent) || percent < 1 || percent > 100)
      problems.percentOff = "resources.discounts.percentInvalid";
  } else if (values.kind === "amount") {
    if (!(Number(values.amountOff) > 0)) problems.amountOff = "resources.discounts.amountInvalid";
    if (!values.currency) problems.currency = "ra.validation.required";
  }
  if (values.validFrom && values.validTo && new Date(values.validTo) <= new Date(values.validFrom)) {
    problems.validTo = "resources.discounts.datesInvalid";
  }
  return problems;
}

/** What goes on the wire: the unused value is null, the code upper case. */
export function normalizeDiscount<T extends Partial<DiscountCreate>>(values: T): T {
  return {
    ...values,
    code: (values.code ?? "").trim().toUpperCase(),
    percentOff: values.kind === "percent" ? Number(values.percentOff) : null,
    amountOff: values.kind === "amount" ? Number(values.amountOff) : null,
    currency: values.kind === "amount" ? (values.currency ?? null) : null,
    redemptionLimit:
      values.redemptionLimit === null || values.redemptionLimit === undefined || String(values.redemptionLimit) === ""
        ? null
        : Number(values.redemptionLimit),
  };
}
