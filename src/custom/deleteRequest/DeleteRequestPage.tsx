import { useMemo } from "react";
import { Alert, Stack, Typography } from "@mui/material";
import DeleteIcon from "@mui/icons-material/DeleteForeverOutlined";
import { useMutation } from "@tanstack/react-query";
import { useDataProvider, useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import { DATA_DELETION_DAYS } from "../../api/deleteRequest";
import { useCurrentUser } from "../../authProvider/useCurrentUser";
import type { ConsoleDataProvider } from "../../dataProvider";
import { errorMessage } from "../errorMessage";
import type { CodeSent } from "./codeTiming";
import { BusyButton } from "../guestForms/BusyButton";
import { GuestCard } from "../guestForms/GuestCard";
import { Refusal } from "../guestForms/Refusal";
import { RequestEmailInput } from "./RequestEmailInput";
import { GuestLink } from "../guestForms/GuestLink";
import { GuestForm } from "../guestForms/GuestForm";

/** Where the code is typed, for this email. */
export const confirmationPath = (email: string) => `/delete-request-confirmation?${new URLSearchParams({ email })}`;

/**
 * /delete-request (spec §2, everyone): a person asks for their data to be deleted. A signed-in
 * user finds their own email filled in. The service emails a code (its answer is the same for
 * any email), and the confirmation page takes it from there.
 */
export default function DeleteRequestPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const ask = useMutation({
    mutationFn: (email: string) => dataProvider.requestDataDeletion(email),
    onSuccess: (answer, email) => {
      const sent: CodeSent = {
        sentAt: Date.now(),
        codeExpiresInSeconds: answer.codeExpiresInSeconds,
        resendAfterSeconds: answer.resendAfterSeconds,
      };
      navigate(confirmationPath(email), { state: sent });
    },
  });
  const submit = async (values: Record<string, unknown>) => {
    try {
      await ask.mutateAsync(String(values.email ?? "").trim());
    } catch {
      // ask.error says it above the button; the form keeps the email.
    }
  };
  const busy = ask.isPending || ask.isSuccess;
  // One object while the user stands: react-admin resets the form when its defaults change.
  const defaultValues = useMemo(() => ({ email: user?.email ?? "" }), [user?.email]);

  return (
    <GuestCard icon={<DeleteIcon color="error" />} title={translate("deleteRequest.title")} maxWidth={520}>
      <GuestForm defaultValues={defaultValues} onSubmit={submit}>
        <Stack spacing={2.5}>
          <Typography>{translate("deleteRequest.intro")}</Typography>
          <Typography color="text.secondary" variant="body2">
            {translate("deleteRequest.what", { days: DATA_DELETION_DAYS })}
          </Typography>
          {user?.email && (
            <Alert severity="info" data-testid="signed-in-note" sx={{ overflowWrap: "anywhere" }}>
              {translate("deleteRequest.signedIn", { email: user.email })}
            </Alert>
          )}
          <RequestEmailInput />
          <Refusal message={ask.error && errorMessage(ask.error)} />
          <BusyButton type="submit" color="error" busy={busy}>
            {translate("deleteRequest.send")}
          </BusyButton>
          <GuestLink to="/delete-request-confirmation" label="deleteRequest.haveCode" />
        </Stack>
      </GuestForm>
    </GuestCard>
  );
}
