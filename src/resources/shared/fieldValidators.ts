/**
 * A form input's checks, from its field's declared limits (src/api/contract/fields.ts): the same
 * limits the service validates the write with, so what the form accepts the service accepts.
 */
import { email, maxLength, maxValue, minLength, minValue, regex, required, type Validator } from "react-admin";
import type { FieldDeclaration } from "../../api/contract/fields";

/** Required unless the field may be null or left empty; a yes/no input always holds a value. */
export const isRequired = (field: FieldDeclaration): boolean =>
  !field.nullable && !field.limits?.optional && field.kind !== "boolean";

export function validatorsOf(field: FieldDeclaration): Validator[] {
  const limits = field.limits ?? {};
  const checks: Validator[] = [];
  if (isRequired(field)) checks.push(required());
  // minLength 1 is `required`'s: an empty input says "Required", not "at least 1 character".
  if (limits.minLength !== undefined && limits.minLength > 1) checks.push(minLength(limits.minLength));
  if (limits.maxLength !== undefined) checks.push(maxLength(limits.maxLength));
  if (limits.minimum !== undefined) checks.push(minValue(limits.minimum));
  if (limits.maximum !== undefined) checks.push(maxValue(limits.maximum));
  if (limits.format === "email") checks.push(email());
  else if (limits.pattern) checks.push(regex(new RegExp(limits.pattern.source), limits.pattern.message));
  return checks;
}
