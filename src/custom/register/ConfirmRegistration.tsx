import { Stack, Typography } from "@mui/material";
import VerifiedIcon from "@mui/icons-material/VerifiedUserOutlined";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAuthProvider, useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import type { ConsoleAuthProvider } from "../../authProvider/authProvider";
import { errorMessage } from "../errorMessage";
import { GuestCard } from "../guestForms/GuestCard";
import { NEW_SUBSCRIPTION_PATH } from "../startup/subscription";
import { BusyButton } from "../guestForms/BusyButton";
import { Refusal } from "../guestForms/Refusal";
import { GuestLink } from "../guestForms/GuestLink";

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/**
 * /register?token=… — the link of the confirmation email. One click confirms (a mail scanner that
 * merely opens the link confirms nothing): the account is created, its owner signed in, and the
 * console opens /new-subscription, since a new account has no subscription yet.
 */
export function ConfirmRegistration({ token }: { token: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const authProvider = useAuthProvider<ConsoleAuthProvider>();
  const confirm = useMutation({
    mutationFn: async () => {
      if (!authProvider) throw new Error(translate("app.errors.generic"));
      await authProvider.confirmRegistration(token);
    },
    onSuccess: async () => {
      // react-admin still holds the guest's "not signed in": it checks again before the page opens.
      await queryClient.invalidateQueries({ queryKey: ["auth"] });
      navigate(NEW_SUBSCRIPTION_PATH, { replace: true });
    },
  });
  const busy = confirm.isPending || confirm.isSuccess;
  const taken = statusOf(confirm.error) === 409;

  return (
    <GuestCard icon={<VerifiedIcon color="primary" />} title={translate("register.confirm.title")}>
      {confirm.error ? (
        <Stack spacing={2}>
          <Refusal message={errorMessage(confirm.error)} />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} justifyContent="space-between">
            {taken ? (
              <GuestLink to="/forgot-password" label="register.confirm.resetPassword" />
            ) : (
              <GuestLink to="/register" label="register.confirm.registerAgain" />
            )}
            <GuestLink to="/login" label="guestForm.goToLogin" />
          </Stack>
        </Stack>
      ) : (
        <>
          <Typography>{translate("register.confirm.body")}</Typography>
          <BusyButton busy={busy} onClick={() => confirm.mutate()}>
            {translate("register.confirm.submit")}
          </BusyButton>
        </>
      )}
    </GuestCard>
  );
}
