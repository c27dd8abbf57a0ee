/**
 * The checks of the guest forms (Register, Forgot password) before anything is sent, as
 * react-admin validators: each answers an i18n key (with its arguments) or undefined. The rules
 * are the service's (src/api/rules.ts, src/api/countries.ts); the service has the last word.
 */
import { isCountryCode } from "../../api/countries";
import {
  EMAIL_FORMAT,
  EMAIL_MAX_LENGTH,
  isBlankPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
} from "../../api/rules";
import { fieldErrorsOf } from "../../resources/shared/concurrency";
import { errorMessage } from "../errorMessage";

export type FormError = string | { message: string; args: Record<string, number> };
export type Check = (value: unknown, values: Record<string, unknown>) => FormError | undefined;

const text = (value: unknown) => (typeof value === "string" ? value : "");
const withArgs = (message: string, args: Record<string, number>): FormError => ({ message, args });

/** Digits, spaces and + ( ) . - (the service's pattern). */
const PHONE_PATTERN = /^[0-9+() .-]*$/;

/** Required: something other than spaces. */
export const filled =
  (key: string): Check =>
  (value) =>
    text(value).trim() ? undefined : key;

/** At most `max` characters (after trimming, as stored). */
export const atMost =
  (max: number): Check =>
  (value) =>
    text(value).trim().length > max ? withArgs("guestForm.tooLong", { max }) : undefined;

/** An email address the service takes (the shared EMAIL_FORMAT), said in the form's words. */
export const emailAddress: Check = (value) => {
  const email = text(value).trim();
  if (!email) return "guestForm.emailRequired";
  if (email.length > EMAIL_MAX_LENGTH) return withArgs("guestForm.tooLong", { max: EMAIL_MAX_LENGTH });
  return EMAIL_FORMAT.test(email) ? undefined : "guestForm.emailInvalid";
};

/** A new password: the shared rule, 8 to 256 characters, not only spaces. */
export const newPassword: Check = (value) => {
  const password = text(value);
  if (!password) return "guestForm.passwordRequired";
  if (password.length < PASSWORD_MIN_LENGTH)
    return withArgs("guestForm.passwordTooShort", { min: PASSWORD_MIN_LENGTH });
  if (password.length > PASSWORD_MAX_LENGTH) return withArgs("guestForm.tooLong", { max: PASSWORD_MAX_LENGTH });
  if (isBlankPassword(password)) return "guestForm.passwordBlank";
  return undefined;
};

/** The password typed again, in the field `password`. */
export const samePassword: Check = (value, values) => {
  if (!text(value)) return "guestForm.confirmRequired";
  return value === values.password ? undefined : "guestForm.passwordMismatch";
};

export const country: Check = (value) => (isCountryCode(text(value)) ? undefined : "guestForm.countryRequired");

/** Optional; when given, the service's characters and length. */
export const optionalPhone: Check = (value) => {
  const phone = text(value).trim();
  if (!PHONE_PATTERN.test(phone)) return "guestForm.phoneInvalid";
  return phone.length > PHONE_MAX_LENGTH ? withArgs("guestForm.tooLong", { max: PHONE_MAX_LENGTH }) : undefined;
};

/**
 * What a form shows above its fields for the service's refusal: its message, unless the refusal
 * names fields (those show under each field instead); null when there is no refusal.
 */
export function refusalOf(error: unknown): string | null {
  return error && !fieldErrorsOf(error) ? errorMessage(error) : null;
}

/**
 * A guest form's submit, once its request is sent: nothing when it went through, else the fields
 * the service refused, which react-admin shows under each (any other refusal shows above the
 * form, through refusalOf).
 */
export async function fieldErrorsOfRequest(request: Promise<unknown>): Promise<Record<string, string> | undefined> {
  try {
    await request;
    return undefined;
  } catch (error) {
    return fieldErrorsOf(error) ?? undefined;
  }
}
