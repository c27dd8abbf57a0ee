import { useState } from "react";
import { Stack, Typography } from "@mui/material";
import type { FieldValues } from "react-hook-form";
import LockResetIcon from "@mui/icons-material/LockResetOutlined";
import { Form, PasswordInput, SaveButton, required, useDataProvider, useNotify, useTranslate } from "react-admin";
import { PASSWORD_MIN_LENGTH } from "../../api/rules";
import type { ConsoleDataProvider } from "../../dataProvider";
import { Section } from "../../resources/shared/Section";
import { fieldErrorsOf } from "../../resources/shared/concurrency";
import { errorMessage } from "../errorMessage";
import { newPassword } from "../guestForms/validators";
import { differsFromCurrent, repeatsNewPassword, type PasswordFormValues } from "./passwordRules";

/**
 * Change password: the current one, the new one twice. The service keeps this session signed in
 * and signs out every other one; a wrong current password shows under its field.
 */
export function PasswordSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  // A new, empty form after each change: passwords do not stay on screen.
  const [formKey, setFormKey] = useState(0);

  const change = async (values: PasswordFormValues) => {
    try {
      const signedOut = await dataProvider.changePassword(values.currentPassword ?? "", values.newPassword ?? "");
      notify(signedOut > 0 ? "userSettings.password.changedOthers" : "userSettings.password.changed", {
        type: "success",
        messageArgs: { smart_count: signedOut },
      });
      setFormKey((key) => key + 1);
      return undefined;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) return fields;
      notify(errorMessage(error), { type: "error" });
      return undefined;
    }
  };

  return (
    <Section title={translate("userSettings.password.title")}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate("userSettings.password.help")}
      </Typography>
      <Form key={formKey} onSubmit={(values: FieldValues) => change(values as PasswordFormValues)}>
        <Stack sx={{ maxWidth: 420 }}>
          <PasswordInput
            source="currentPassword"
            label="userSettings.password.current"
            autoComplete="current-password"
            validate={required()}
          />
          <PasswordInput
            source="newPassword"
            label="userSettings.password.new"
            autoComplete="new-password"
            helperText={translate("userSettings.password.rule", { min: PASSWORD_MIN_LENGTH })}
            // The new password's rule and words are every form's (a reset's, an invitation's).
            validate={[required(), newPassword, differsFromCurrent]}
          />
          <PasswordInput
            source="confirmPassword"
            label="userSettings.password.confirm"
            autoComplete="new-password"
            validate={[required(), repeatsNewPassword]}
          />
          <div>
            <SaveButton label="userSettings.password.submit" icon={<LockResetIcon />} />
          </div>
        </Stack>
      </Form>
    </Section>
  );
}
