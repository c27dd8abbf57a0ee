import { useEffect, useMemo, useState } from "react";
import { Alert, Box, Button, Paper, Stack, Typography } from "@mui/material";
import MarkEmailReadIcon from "@mui/icons-material/MarkEmailReadOutlined";
import DoneIcon from "@mui/icons-material/CheckCircleOutline";
import { useMutation } from "@tanstack/react-query";
import { useFormContext, useWatch } from "react-hook-form";
import { HttpError, required, TextInput, useDataProvider, useNotify, useTranslate } from "react-admin";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import {
  DELETE_REQUEST_CODE_MINUTES,
  DELETE_REQUEST_RESEND_SECONDS,
  type DeleteRequestConfirmed,
} from "../../api/deleteRequest";
import { useCurrentUser } from "../../authProvider/useCurrentUser";
import type { ConsoleDataProvider } from "../../dataProvider";
import { errorMessage } from "../errorMessage";
import { formatDate, formatTime } from "../format";
import { cleanCode, codeSentOf, codeTiming, type CodeSent } from "./codeTiming";
import { BusyButton } from "../guestForms/BusyButton";
import { IconHeading } from "../guestForms/IconHeading";
import { Refusal } from "../guestForms/Refusal";
import { RequestEmailInput } from "./RequestEmailInput";
import { GuestLink } from "../guestForms/GuestLink";
import { GuestForm } from "../guestForms/GuestForm";

const validateCode = [
  required(),
  (value: unknown) => (String(value ?? "").length === 6 ? undefined : "deleteRequest.codeShape"),
];

/** The time now, once a second while `ticking`: the resend countdown and the expiry follow it. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/**
 * /delete-request-confirmation?email=… (spec §2, everyone; "uses a validation code input"): the
 * 6-digit code from the email confirms the request. Resend asks for a new code after the
 * cool-down, with the seconds left on the button; an expired code says so. Once confirmed, the
 * page says what will be deleted and when.
 */
export default function DeleteRequestConfirmationPage() {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const location = useLocation();
  const user = useCurrentUser();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const sent = useMemo(() => codeSentOf(location.state), [location.state]);
  const confirm = useMutation({
    mutationFn: ({ email, code }: { email: string; code: string }) => dataProvider.confirmDataDeletion(email, code),
  });
  const submit = async (values: Record<string, unknown>) => {
    try {
      await confirm.mutateAsync({ email: String(values.email ?? "").trim(), code: String(values.code ?? "") });
    } catch {
      // confirm.error says it above the button; the form keeps what was typed.
    }
  };
  const email = search.get("email") ?? user?.email ?? "";
  // One object while the email stands: react-admin resets the form when its defaults change.
  const defaultValues = useMemo(() => ({ email, code: "" }), [email]);

  return (
    <Box sx={{ display: "flex", justifyContent: "center", pt: { xs: 2, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: "100%", maxWidth: 520 }}>
        {confirm.data ? (
          <Confirmed answer={confirm.data} />
        ) : (
          <GuestForm defaultValues={defaultValues} onSubmit={submit}>
            <Stack spacing={2.5}>
              <IconHeading icon={<MarkEmailReadIcon color="primary" />}>
                {translate("deleteRequest.confirmTitle")}
              </IconHeading>
              <Typography sx={{ overflowWrap: "anywhere" }}>
                {translate(email ? "deleteRequest.codeSentTo" : "deleteRequest.codeIntro", { email })}
              </Typography>
              <RequestEmailInput />
              <TextInput
                source="code"
                label="deleteRequest.code"
                parse={cleanCode}
                validate={validateCode}
                autoComplete="one-time-code"
                autoFocus={email !== ""}
                helperText={false}
                fullWidth
                slotProps={{
                  htmlInput: {
                    inputMode: "numeric",
                    // No maxLength: the browser would cut a pasted " 694 590 " to six characters
                    // before cleanCode drops the spaces, losing a digit; cleanCode keeps six.
                    style: { fontSize: 24, letterSpacing: "0.4em", fontVariantNumeric: "tabular-nums" },
                  },
                }}
              />
              <CodeStatus sent={sent} />
              <Refusal message={confirm.error && errorMessage(confirm.error)} />
              <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
                <BusyButton type="submit" color="error" busy={confirm.isPending} sx={{ flex: 1 }}>
                  {translate("deleteRequest.confirm")}
                </BusyButton>
                <ResendButton sent={sent} />
              </Stack>
            </Stack>
          </GuestForm>
        )}
      </Paper>
    </Box>
  );
}

/** When the code stops working, or that it has: known when the page was opened from the request. */
function CodeStatus({ sent }: { sent: CodeSent | undefined }) {
  const translate = useTranslate();
  const now = useNow(sent !== undefined);
  if (!sent) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate("deleteRequest.codeLifetime", { minutes: DELETE_REQUEST_CODE_MINUTES })}
      </Typography>
    );
  }
  const timing = codeTiming(sent, now);
  if (timing.expired) {
    return (
      <Alert severity="warning" role="status" data-testid="code-expired">
        {translate("deleteRequest.expired")}
      </Alert>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" data-testid="code-expiry">
      {translate("deleteRequest.expiresAt", { time: formatTime(timing.expiresAt) })}
    </Typography>
  );
}

/** Resend: the same request again, after the cool-down; the seconds left are on the button. */
function ResendButton({ sent }: { sent: CodeSent | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { trigger, getValues } = useFormContext();
  const email = String(useWatch({ name: "email" }) ?? "").trim();
  const now = useNow(sent !== undefined);
  const resendIn = sent ? codeTiming(sent, now).resendIn : 0;
  // A new code restarts the clock: the page's state says when it was sent.
  const restart = (state: CodeSent) =>
    navigate(`${location.pathname}?${new URLSearchParams({ email })}`, { replace: true, state });
  const resend = useMutation({
    mutationFn: () => dataProvider.requestDataDeletion(email),
    onSuccess: (answer) => {
      restart({
        sentAt: Date.now(),
        codeExpiresInSeconds: answer.codeExpiresInSeconds,
        resendAfterSeconds: answer.resendAfterSeconds,
      });
      notify("deleteRequest.resent", { type: "info", messageArgs: { email } });
    },
    onError: (error) => {
      const retryAfter =
        error instanceof HttpError ? (error.body as { retryAfterSeconds?: unknown })?.retryAfterSeconds : undefined;
      if (typeof retryAfter === "number") {
        // Sent moments ago (from another tab, or before a reload): wait what the service says.
        restart({
          sentAt: Date.now() - (DELETE_REQUEST_RESEND_SECONDS - retryAfter) * 1000,
          codeExpiresInSeconds: sent?.codeExpiresInSeconds ?? DELETE_REQUEST_CODE_MINUTES * 60,
          resendAfterSeconds: DELETE_REQUEST_RESEND_SECONDS,
        });
      }
      notify(errorMessage(error), { type: "error" });
    },
  });
  const onClick = async () => {
    if (!(await trigger("email"))) return;
    if (getValues("email")) resend.mutate();
  };
  const waiting = resendIn > 0;
  return (
    <Button
      variant="outlined"
      size="large"
      onClick={() => void onClick()}
      disabled={waiting || resend.isPending}
      data-testid="resend-code"
      sx={{ flex: 1 }}
    >
      {waiting ? translate("deleteRequest.resendIn", { seconds: resendIn }) : translate("deleteRequest.resend")}
    </Button>
  );
}

/** Confirmed: what will be deleted, and when. */
function Confirmed({ answer }: { answer: DeleteRequestConfirmed }) {
  const translate = useTranslate();
  const user = useCurrentUser();
  const date = formatDate(answer.runAt);
  return (
    <Stack spacing={2.5} data-testid="delete-request-confirmed">
      <IconHeading icon={<DoneIcon color="success" />}>{translate("deleteRequest.doneTitle")}</IconHeading>
      <Alert severity="success" role="status">
        {translate(answer.kind === "account-deletion" ? "deleteRequest.doneAccount" : "deleteRequest.doneUser", {
          account: answer.accountName,
          date,
        })}
      </Alert>
      <Typography>{translate("deleteRequest.doneUntil", { date })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate("deleteRequest.doneEmail")}
      </Typography>
      <GuestLink to={user ? "/" : "/login"} label={user ? "deleteRequest.home" : "guestForm.goToLogin"} />
    </Stack>
  );
}
