/**
 * The /new-subscription form's rules, apart from its components: who sees the form, the card
 * checks as the person types (the service's own rules, src/api/cards.ts), the input formats, the
 * request, and the key of each payment attempt.
 */
import { cardBrand, cardDigits, cardNumberValid, cvcValid, expiryProblem, formatCardNumber } from "../../api/cards";
import type { PlanId, StartSubscriptionRequest } from "../../api/plans";
import type { PlanInterval } from "../../api/resources";
import type { Role, SubscriptionStatus } from "../../api/types";

export interface SubscriptionFormValues {
  plan: PlanId;
  interval: PlanInterval;
  /** What is typed in the code field. */
  discountCode: string;
  /** The code the summary's price includes (set by Apply); only this one is sent. */
  appliedCode: string;
  card: { name: string; number: string; expiry: string; cvc: string };
}

export const DEFAULT_VALUES: SubscriptionFormValues = {
  plan: "professional",
  interval: "month",
  discountCode: "",
  appliedCode: "",
  card: { name: "", number: "", expiry: "", cvc: "" },
};

export interface PageInput {
  role: Role | null | undefined;
  /** canAccess("new-subscription", "start"): who pays (Admins). */
  canStart: boolean;
  /** The account's status; null when the fetch failed. */
  status: SubscriptionStatus | null | undefined;
  loading: boolean;
}

/**
 * Where the page stands: "home" for anyone it is not for (super admins, who skip the inactive
 * redirect, and accounts that are not inactive), "wait" while the status loads, "form" for who
 * may pay, "ask" for the others (managers and users ask an admin).
 */
export function pageFor({ role, canStart, status, loading }: PageInput): "home" | "wait" | "form" | "ask" {
  if (role === "SuperAdmin") return "home";
  if (loading) return "wait";
  // A failed status fetch is ignored (spec §7): the page stays, as the redirect that led here did.
  if (status !== "inactive" && status !== null && status !== undefined) return "home";
  return canStart ? "form" : "ask";
}

const INVALID = "subscription.start.invalid";

/** react-admin validators: an i18n key, or undefined when the value is fine. */
export const validateCardNumber = (value: unknown) =>
  cardNumberValid(String(value ?? "")) ? undefined : `${INVALID}.number`;

export const validateExpiry = (value: unknown, now: Date = new Date()) => {
  const problem = expiryProblem(String(value ?? ""), now);
  return problem === "format" ? `${INVALID}.expiryFormat` : problem === "expired" ? `${INVALID}.expired` : undefined;
};

export const validateCvc = (value: unknown, values: { card?: { number?: string } }) => {
  const brand = cardBrand(cardDigits(values.card?.number ?? "") ?? "");
  return cvcValid(String(value ?? ""), brand) ? undefined : `${INVALID}.cvc`;
};

export const validateName = (value: unknown) => (String(value ?? "").trim() === "" ? `${INVALID}.name` : undefined);

/** The number as it is typed, grouped by four (Amex 4-6-5). */
export const formatNumberInput = (value: unknown) => formatCardNumber(String(value ?? ""));

/** "1" → "1", "12" → "12", "123" → "12/3": the slash comes with the year (and goes with it on delete). */
export function formatExpiryInput(value: unknown): string {
  const digits = String(value ?? "")
    .replace(/\D/g, "")
    .slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export const formatCvcInput = (value: unknown) =>
  String(value ?? "")
    .replace(/\D/g, "")
    .slice(0, 4);

/** The typed code that is not the applied one: the form asks to apply or clear it before paying. */
export const unappliedCode = (values: Pick<SubscriptionFormValues, "discountCode" | "appliedCode">) => {
  const typed = values.discountCode.trim().toUpperCase();
  return typed !== "" && typed !== values.appliedCode;
};

export function toStartRequest(values: SubscriptionFormValues): StartSubscriptionRequest {
  return {
    plan: values.plan,
    interval: values.interval,
    discountCode: values.appliedCode === "" ? null : values.appliedCode,
    card: {
      name: values.card.name.trim(),
      number: values.card.number,
      expiry: values.card.expiry,
      cvc: values.card.cvc,
    },
  };
}

/**
 * A new key per payment attempt (docs/api.md "New subscription"): a retry of the same attempt
 * sends it again and is never charged twice; a new attempt after a refusal gets a new one.
 * crypto.randomUUID needs a secure context; getRandomValues works everywhere.
 */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
