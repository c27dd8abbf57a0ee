/** The registration form's values as POST register takes them: names trimmed, an empty phone left out. */
import type { RegisterRequest } from "../../api/register";

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function toRegisterRequest(values: Record<string, unknown>): RegisterRequest {
  const phone = text(values.phone).trim();
  return {
    firstName: text(values.firstName).trim(),
    lastName: text(values.lastName).trim(),
    email: text(values.email).trim(),
    password: text(values.password),
    accountName: text(values.accountName).trim(),
    country: text(values.country),
    ...(phone ? { phone } : {}),
  };
}
