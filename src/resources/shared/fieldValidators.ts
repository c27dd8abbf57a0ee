/**
 * A form input's checks, from its field's declared limits (src/api/contract/fields.ts): the same
 * limits the service validates the write with, so what the form accepts the service accepts.
 */
import { email, maxLength, maxValue, minLength, minValue, regex, required, type Validator } from "react-admin";
import type { FieldDeclaration } from "../../api/contract/fields";
import { INT32_MAX, INT32_MIN } from "../../api/rules";

/** Required unless the field may be null or left empty; a yes/no input always holds a value. */
export const isRequired = (field: FieldDeclaration): boolean =>
  !field.nullable && !field.limits?.optional && field.kind !== "boolean";

/** Spaces alone are no text: the service trims what it is sent, and refuses what is left empty. */
export const notOnlySpaces: Validator = (value: unknown) =>
  typeof value === "string" && value !== "" && value.trim() === "" ? "ra.validation.required" : undefined;

/** A minimum length counted as the service counts it: spaces around the text aside. */
const trimmedMinLength = (min: number): Validator => {
  const check = minLength(min);
  return (value: unknown, values) => check(typeof value === "string" ? value.trim() : value, values);
};

/** A whole number (a redemption limit of 1.5 is none), empty left to `required`. */
const wholeNumber: Validator = (value: unknown) =>
  value === null || value === undefined || value === "" || Number.isInteger(Number(value))
    ? undefined
    : "resources.shared.wholeNumber";

export function validatorsOf(field: FieldDeclaration): Validator[] {
  const limits = field.limits ?? {};
  const checks: Validator[] = [];
  if (isRequired(field)) checks.push(required());
  if (isRequired(field) && field.kind === "text") checks.push(notOnlySpaces);
  // minLength 1 is `required`'s: an empty input says "Required", not "at least 1 character".
  if (limits.minLength !== undefined && limits.minLength > 1) checks.push(trimmedMinLength(limits.minLength));
  if (limits.maxLength !== undefined) checks.push(maxLength(limits.maxLength));
  if (field.kind === "integer") checks.push(wholeNumber);
  // An integer field without its own bounds has the service's: PostgreSQL's integer.
  const [minimum, maximum] =
    field.kind === "integer"
      ? [limits.minimum ?? INT32_MIN, limits.maximum ?? INT32_MAX]
      : [limits.minimum, limits.maximum];
  if (minimum !== undefined) checks.push(minValue(minimum));
  if (maximum !== undefined) checks.push(maxValue(maximum));
  if (limits.format === "email") checks.push(email());
  else if (limits.pattern) checks.push(regex(new RegExp(limits.pattern.source), limits.pattern.message));
  return checks;
}
