import { email as validEmail, required, TextInput } from "react-admin";

const validateEmail = [required(), validEmail()];
/** Spaces around a pasted address are not part of it. */
const trimmed = (value: string) => value.trim();

/** The email a data-deletion request is for: asking for a code and confirming it. */
export function RequestEmailInput() {
  return (
    <TextInput
      source="email"
      label="deleteRequest.email"
      type="email"
      autoComplete="email"
      validate={validateEmail}
      parse={trimmed}
      fullWidth
    />
  );
}
