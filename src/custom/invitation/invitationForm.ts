import { PASSWORD_MIN_LENGTH as MIN_PASSWORD_LENGTH } from "../../api/rules";

export { MIN_PASSWORD_LENGTH };

export interface InvitationValues {
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}

export type InvitationErrors = Partial<Record<keyof InvitationValues, string>>;

/** Client-side checks before accepting, as i18n keys (with MIN_PASSWORD_LENGTH as `min`); the service has the last word. */
export function validateInvitation({
  firstName,
  lastName,
  password,
  confirmPassword,
}: InvitationValues): InvitationErrors {
  const errors: InvitationErrors = {};
  if (!firstName.trim()) errors.firstName = "invitation.firstNameRequired";
  if (!lastName.trim()) errors.lastName = "invitation.lastNameRequired";
  if (!password) errors.password = "invitation.passwordRequired";
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = "invitation.passwordTooShort";
  if (!confirmPassword) errors.confirmPassword = "invitation.confirmRequired";
  else if (password && confirmPassword !== password) errors.confirmPassword = "invitation.passwordMismatch";
  return errors;
}
