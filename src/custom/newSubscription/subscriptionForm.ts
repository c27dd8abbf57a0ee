/**
 * The /new-subscription form's rules, apart from its components: who sees the form, the card
 * checks as the person types (the service's own rules, src/api/cards.ts), the input formats, the
 * request, and the key of each payment attempt.
 */
import {
  CARD_FIELD_MAX_LENGTH,
  cardBrand,
  cardDigits,
  cardNumberValid,
  cvcValid,
  expiryProblem,
  formatCardNumber,
} from "../../api/cards";
import { UNKNOWN_DISCOUNT_CODE, type PlanId, type StartSubscriptionRequest } from "../../api/plans";
import { DISCOUNT_CODE_MAX_LENGTH } from "../../api/rules";
import type { PlanInterval } from "../../api/resources";
import type { Role, SubscriptionStatus } from "../../api/types";
import { fieldRefusalsOf } from "../../resources/shared/concurrency";

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

/** A text's length as the service's schema bounds it: JSON Schema's maxLength counts code points. */
const codePoints = (text: string) => [...text].length;

/** The name as it is sent (trimmed): filled, and within the service's bound. */
export const validateName = (value: unknown) => {
  const name = String(value ?? "").trim();
  if (name === "") return `${INVALID}.name`;
  const max = CARD_FIELD_MAX_LENGTH.name;
  return codePoints(name) > max ? { message: `${INVALID}.nameTooLong`, args: { max } } : undefined;
};

/**
 * Why a code is not sent to the service, in the code field's words; null when it may be. A code
 * longer than any discount's cannot be one: it reads as an unknown code, as the service says it.
 */
export const discountCodeProblem = (code: string): string | null =>
  codePoints(code) > DISCOUNT_CODE_MAX_LENGTH ? UNKNOWN_DISCOUNT_CODE : null;

/**
 * A schema's refusal (400) of each field in the form's words. Its own message names the field in
 * the schema's words ("card.name must be at most 100 characters long"), never shown to a person;
 * the form's checks catch what they can before sending, and these cover the rest (a NUL pasted in).
 */
const SCHEMA_REFUSALS: Record<string, string> = {
  discountCode: UNKNOWN_DISCOUNT_CODE,
  "card.number": `${INVALID}.number`,
  "card.expiry": `${INVALID}.expiryFormat`,
  "card.cvc": `${INVALID}.cvc`,
  "card.name": `${INVALID}.nameRefused`,
};

/**
 * The fields the service refused, each with words for a person (an i18n key or the service's
 * sentence): a handler's refusal (422) is already in the product's words ("This card has
 * expired."); a schema's (400) is said with SCHEMA_REFUSALS. Null when no field is named.
 */
export const checkoutRefusalsOf = (error: unknown): Record<string, string> | null =>
  fieldRefusalsOf(error, (field) => SCHEMA_REFUSALS[field] ?? `${INVALID}.refused`);

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
