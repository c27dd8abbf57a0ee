import {
  isBlankPassword,
  PASSWORD_MIN_LENGTH as MIN_PASSWORD_LENGTH,
  PERSON_NAME_MAX_LENGTH as MAX_NAME_LENGTH,
} from "../../api/rules";

export { MIN_PASSWORD_LENGTH };

export interface InvitationValues {
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}

export type InvitationErrors = Partial<Record<keyof InvitationValues, string>>;

/**
 * Client-side checks before accepting, as i18n keys (with MIN_PASSWORD_LENGTH as `min`, the name's
 * MAX_NAME_LENGTH as `max`); the service has the last word.
 */
export function validateInvitation({
  firstName,
  lastName,
  password,
  confirmPassword,
}: InvitationValues): InvitationErrors {
  const errors: InvitationErrors = {};
  if (!firstName.trim()) errors.firstName = "invitation.firstNameRequired";
  else if (firstName.trim().length > MAX_NAME_LENGTH) errors.firstName = "invitation.nameTooLong";
  if (!lastName.trim()) errors.lastName = "invitation.lastNameRequired";
  else if (lastName.trim().length > MAX_NAME_LENGTH) errors.lastName = "invitation.nameTooLong";
  if (!password) errors.password = "invitation.passwordRequired";
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = "invitation.passwordTooShort";
  else if (isBlankPassword(password)) errors.password = "invitation.passwordBlank";
  if (!confirmPassword) errors.confirmPassword = "invitation.confirmRequired";
  else if (password && confirmPassword !== password) errors.confirmPassword = "invitation.passwordMismatch";
  return errors;
}

/** An error as react-admin's forms show it: an i18n key and its arguments. */
export interface InvitationFormError {
  message: string;
  args: { min: number; max: number };
}

/** The same checks as react-admin's record-level `validate` for the invitation form. */
export function validateInvitationForm(values: Record<string, unknown>): Record<string, InvitationFormError> {
  const text = (field: keyof InvitationValues) => (typeof values[field] === "string" ? (values[field] as string) : "");
  const errors = validateInvitation({
    firstName: text("firstName"),
    lastName: text("lastName"),
    password: text("password"),
    confirmPassword: text("confirmPassword"),
  });
  return Object.fromEntries(
    Object.entries(errors).map(([field, key]) => [
      field,
      { message: key, args: { min: MIN_PASSWORD_LENGTH, max: MAX_NAME_LENGTH } },
    ]),
  );
}
