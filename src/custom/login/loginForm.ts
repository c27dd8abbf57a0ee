export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side checks before sending a sign-in, as i18n keys; the service has the last word. */
export function validateLogin({ email, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = "login.emailRequired";
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = "login.emailInvalid";
  if (!password) errors.password = "login.passwordRequired";
  return errors;
}
