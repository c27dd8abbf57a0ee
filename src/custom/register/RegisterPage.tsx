import { useSearchParams } from "react-router-dom";
import { ConfirmRegistration } from "./ConfirmRegistration";
import { RegisterForm } from "./RegisterForm";

/**
 * /register (spec §2, guests only): the registration form, or, with the confirmation email's
 * `?token=…`, the confirmation (docs/api.md "Public flows").
 */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return token ? <ConfirmRegistration token={token} /> : <RegisterForm />;
}
