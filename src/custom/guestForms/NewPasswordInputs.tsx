import { PasswordInput, useTranslate } from "react-admin";
import { PASSWORD_MIN_LENGTH } from "../../api/rules";
import { newPassword, samePassword } from "./validators";

/**
 * A new password, then the same again (register, reset password), with the shared password rule.
 * Their words are the page's: `{words}.password`, `{words}.passwordHelp`, `{words}.confirmPassword`.
 */
export function NewPasswordInputs({ words }: { words: "register" | "forgotPassword.reset" }) {
  const translate = useTranslate();
  return (
    <>
      <PasswordInput
        source="password"
        label={`${words}.password`}
        autoComplete="new-password"
        helperText={translate(`${words}.passwordHelp`, { min: PASSWORD_MIN_LENGTH })}
        validate={newPassword}
        fullWidth
      />
      <PasswordInput
        source="confirmPassword"
        label={`${words}.confirmPassword`}
        autoComplete="new-password"
        validate={samePassword}
        fullWidth
      />
    </>
  );
}
