import { Alert, Button, Stack, Typography } from "@mui/material";
import PasswordIcon from "@mui/icons-material/PasswordOutlined";
import TaskAltIcon from "@mui/icons-material/TaskAltOutlined";
import { useMutation } from "@tanstack/react-query";
import { useDataProvider, useTranslate } from "react-admin";
import { Link } from "react-router-dom";
import type { ConsoleDataProvider } from "../../dataProvider";
import { GuestCard } from "../guestForms/GuestCard";
import { fieldErrorsOfRequest, refusalOf } from "../guestForms/validators";
import { BusyButton } from "../guestForms/BusyButton";
import { NewPasswordInputs } from "../guestForms/NewPasswordInputs";
import { Refusal } from "../guestForms/Refusal";
import { GuestLink } from "../guestForms/GuestLink";
import { GuestForm } from "../guestForms/GuestForm";
import { deadLinkMessage } from "../guestForms/deadLink";
import { LINK_NOT_VALID } from "../../api/register";

/**
 * /forgot-password?token=… — the reset email's link: a new password, typed twice. Once changed,
 * every sign-in of the account has ended, and the person signs in with the new one. A link that
 * expired or was used says so, with the way to ask for a new one; what was typed stays.
 */
export function NewPasswordForm({ token }: { token: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const reset = useMutation({ mutationFn: (password: string) => dataProvider.resetPassword(token, password) });

  if (reset.isSuccess) {
    return (
      <GuestCard icon={<TaskAltIcon color="success" />} title={translate("forgotPassword.done.title")}>
        <Alert severity="success" role="status">
          {translate("forgotPassword.done.body")}
        </Alert>
        <Button component={Link} to="/login" variant="contained" size="large">
          {translate("forgotPassword.done.signIn")}
        </Button>
      </GuestCard>
    );
  }

  const submit = (values: Record<string, unknown>) =>
    fieldErrorsOfRequest(reset.mutateAsync(String(values.password ?? "")));
  const refusal =
    deadLinkMessage(reset.error, { field: "token", dead: LINK_NOT_VALID, deadStatuses: [404, 410] }) ??
    refusalOf(reset.error);
  const busy = reset.isPending;
  return (
    <GuestCard icon={<PasswordIcon color="primary" />} title={translate("forgotPassword.reset.title")}>
      <Typography color="text.secondary">{translate("forgotPassword.reset.intro")}</Typography>
      <GuestForm defaultValues={{ password: "", confirmPassword: "" }} onSubmit={submit}>
        <Stack spacing={1.5}>
          <Refusal
            message={refusal}
            action={
              <GuestLink to="/forgot-password" label="forgotPassword.reset.newLink" sx={{ alignSelf: "center" }} />
            }
          />
          <NewPasswordInputs words="forgotPassword.reset" />
          <BusyButton type="submit" busy={busy}>
            {translate("forgotPassword.reset.submit")}
          </BusyButton>
        </Stack>
      </GuestForm>
    </GuestCard>
  );
}
