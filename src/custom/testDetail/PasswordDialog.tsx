import { DialogContentText } from "@mui/material";
import { TextInput, useDataProvider, useTranslate, type Validator } from "react-admin";
import type { ConsoleDataProvider } from "../../dataProvider";
import { errorMessage } from "../errorMessage";
import { DialogForm } from "./DialogForm";

interface PasswordDialogProps {
  open: boolean;
  onCancel: () => void;
  /** Runs once the service says the password is right. */
  onConfirmed: () => void;
  /** An i18n key saying what the password is for; default: an action that cannot be undone. */
  body?: string;
  /** The key's values (the amount a refund pays back). */
  bodyArgs?: Record<string, unknown>;
}

/**
 * Spec §5: Continue waits for a password. Not react-admin's required(), whose asterisk would
 * change the field's label; empty says nothing, the button is simply disabled.
 */
const passwordEntered: Validator = (value) => (value ? undefined : "ra.validation.required");

/**
 * The password re-check before a high-impact action (spec §6), as a react-admin form: a wrong
 * password is the field's error, "Incorrect password. Please try again." (spec §8).
 */
export function PasswordDialog({
  open,
  onCancel,
  onConfirmed,
  body = "testDetail.password.body",
  bodyArgs,
}: PasswordDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();

  // Errors returned here become the field's (react-admin's submission errors).
  const check = async (values: Record<string, unknown>) => {
    try {
      const correct = await dataProvider.checkPassword(String(values.password ?? ""));
      if (!correct) return { password: "testDetail.password.incorrect" };
    } catch (failure) {
      return { password: errorMessage(failure) };
    }
    onConfirmed();
  };

  return (
    <DialogForm
      open={open}
      onClose={onCancel}
      title="testDetail.password.title"
      maxWidth="xs"
      onSubmit={check}
      cancelLabel="testDetail.password.cancel"
      keepsTyping={false}
      submitLabel="testDetail.password.continue"
    >
      <DialogContentText sx={{ mb: 2 }}>{translate(body, bodyArgs)}</DialogContentText>
      <TextInput
        source="password"
        type="password"
        autoComplete="current-password"
        label="testDetail.password.label"
        validate={passwordEntered}
        autoFocus
      />
    </DialogForm>
  );
}
