import { useState } from "react";
import { Stack, Typography } from "@mui/material";
import LockResetIcon from "@mui/icons-material/LockResetOutlined";
import { TextInput, useDataProvider, useTranslate } from "react-admin";
import type { ConsoleDataProvider } from "../../dataProvider";
import { EmailSent } from "../guestForms/EmailSent";
import { GuestCard } from "../guestForms/GuestCard";
import { useEmailedRequest } from "../guestForms/useEmailedRequest";
import { emailAddress, refusalOf } from "../guestForms/validators";
import { BusyButton } from "../guestForms/BusyButton";
import { Refusal } from "../guestForms/Refusal";
import { GuestLink } from "../guestForms/GuestLink";
import { GuestForm } from "../guestForms/GuestForm";

/**
 * /forgot-password (spec §2, guests only): the email to send a reset link to, then "Check your
 * email" — the same whether or not an account uses the address, as the service's answer is.
 */
export function RequestResetForm() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [email, setEmail] = useState("");
  const { request, sentTo, send, again } = useEmailedRequest((address: string) =>
    dataProvider.requestPasswordReset(address),
  );

  const submit = (values: Record<string, unknown>) => {
    const typed = String(values.email ?? "").trim();
    setEmail(typed);
    return send(typed, typed);
  };

  if (sentTo !== null) {
    return <EmailSent words="forgotPassword" email={sentTo} onAgain={again} />;
  }

  const refusal = refusalOf(request.error);
  const busy = request.isPending;
  return (
    <GuestCard icon={<LockResetIcon color="primary" />} title={translate("forgotPassword.title")}>
      <Typography color="text.secondary">{translate("forgotPassword.intro")}</Typography>
      <GuestForm defaultValues={{ email }} onSubmit={submit}>
        <Stack spacing={1.5}>
          <Refusal message={refusal} />
          <TextInput
            source="email"
            label="forgotPassword.email"
            type="email"
            autoComplete="email"
            validate={emailAddress}
            fullWidth
          />
          <BusyButton type="submit" busy={busy}>
            {translate("forgotPassword.submit")}
          </BusyButton>
          <GuestLink to="/login" label="guestForm.backToLogin" sx={{ alignSelf: "center", pt: 1 }} />
        </Stack>
      </GuestForm>
    </GuestCard>
  );
}
