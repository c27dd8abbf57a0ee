/**
 * The password form's rules that compare fields (react-admin validators: value, all values). The
 * new password's own rule is every password form's (guestForms/validators.ts `newPassword`); the
 * service checks the same and that the current password is right.
 */
export interface PasswordFormValues {
  currentPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

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
