import { isBlankPassword } from "../../api/rules";

/**
 * The password form's rules that compare fields (react-admin validators: value, all values). The
 * lengths are the shared ones (src/api/rules.ts), applied with react-admin's own validators; the
 * service checks the same and that the current password is right.
 */
export interface PasswordFormValues {
  currentPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

/** A new password of spaces only is refused (the service refuses it too). */
export const notBlank = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" && isBlankPassword(value) ? "userSettings.password.blank" : undefined;

/** The new password must not be the current one (the service refuses it too). */
export const differsFromCurrent = (value: unknown, values: PasswordFormValues): string | undefined =>
  typeof value === "string" && value !== "" && value === values.currentPassword
    ? "userSettings.password.same"
    : undefined;

/** The confirmation must repeat the new password exactly. */
export const repeatsNewPassword = (value: unknown, values: PasswordFormValues): string | undefined =>
  typeof value === "string" && value !== "" && value !== values.newPassword
    ? "userSettings.password.mismatch"
    : undefined;
