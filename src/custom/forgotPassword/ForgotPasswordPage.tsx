import { useSearchParams } from "react-router-dom";
import { NewPasswordForm } from "./NewPasswordForm";
import { RequestResetForm } from "./RequestResetForm";

/**
 * /forgot-password (spec §2, guests only): asking for a reset link, or, with the reset email's
 * `?token=…`, choosing the new password (docs/api.md "Public flows").
 */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  // Keyed by the token: following "Ask for a new link" starts from a clean page.
  return token ? <NewPasswordForm key={token} token={token} /> : <RequestResetForm />;
}
