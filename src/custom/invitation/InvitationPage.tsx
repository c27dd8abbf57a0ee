import { useRef, type ReactNode } from "react";
import { Box, Stack, Typography } from "@mui/material";
import MailIcon from "@mui/icons-material/MailOutline";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TextInput, useAuthProvider, useGetOne, useTranslate } from "react-admin";
import { useNavigate, useParams } from "react-router-dom";
import type { InvitationAccept } from "../../api/resources";
import type { ConsoleAuthProvider } from "../../authProvider/authProvider";
import { PRODUCT_NAME } from "../../config";
import { INVITATIONS, type InvitationRecord } from "../../dataProvider/resourceRoutes";
import { errorMessage } from "../errorMessage";
import { deadLinkMessage } from "../guestForms/deadLink";
import { INVITATION_NOT_VALID } from "../../api/register";
import { PageLoader } from "../status/PageLoader";
import { GuestCard } from "../guestForms/GuestCard";
import { MIN_PASSWORD_LENGTH, validateInvitationForm } from "./invitationForm";
import { BusyButton } from "../guestForms/BusyButton";
import { Refusal } from "../guestForms/Refusal";
import { RefusedLink } from "../guestForms/RefusedLink";
import { GuestForm } from "../guestForms/GuestForm";

/** One thing the invitation says: its term, then its value (with the value's test id). */
function InvitationFact({ term, testId, children }: { term: string; testId: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }} data-testid={testId}>
        {children}
      </Typography>
    </>
  );
}

/**
 * /invitation/:inviteCode (spec §2, guests only): shows the invitation (react-admin's getOne on
 * "invitations", the code as id), and accepting it with a name and a password (a react-admin form)
 * signs the new user in, stored exactly as a sign-in, then opens home.
 */
export default function InvitationPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { inviteCode = "" } = useParams();
  const authProvider = useAuthProvider<ConsoleAuthProvider>();
  const queryClient = useQueryClient();
  const invitation = useGetOne<InvitationRecord>(INVITATIONS, { id: inviteCode }, { retry: false });
  const accept = useMutation({
    mutationFn: async (values: InvitationAccept) => {
      if (!authProvider) throw new Error(translate("app.errors.generic"));
      await authProvider.acceptInvitation(inviteCode, values);
    },
    onSuccess: async () => {
      // react-admin still holds the guest's "not signed in": it checks again before home opens.
      await queryClient.invalidateQueries({ queryKey: ["auth"] });
      navigate("/", { replace: true });
    },
  });

  const title = translate("invitation.title");
  const min = { min: MIN_PASSWORD_LENGTH };
  const invited = invitation.data;
  // The names the inviter typed are a starting point: the invitee may correct them.
  const defaultValues = invited && {
    firstName: invited.firstName ?? "",
    lastName: invited.lastName ?? "",
    password: "",
    confirmPassword: "",
  };

  // Set as a submit starts, before any re-render: two Enter presses a few milliseconds apart both
  // reach submit before the button is disabled, and an invitation is accepted once (the second
  // would be refused, the code being spent). Cleared when a refusal lets the user try again; kept
  // after an acceptance, which leaves the page.
  const sending = useRef(false);
  const submit = async (values: Record<string, unknown>) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await accept.mutateAsync({
        firstName: String(values.firstName ?? ""),
        lastName: String(values.lastName ?? ""),
        password: String(values.password ?? ""),
      });
    } catch {
      // accept.error says it above the form; the form keeps what was typed.
      sending.current = false;
    }
  };
  const busy = accept.isPending || accept.isSuccess;

  return (
    <GuestCard icon={<MailIcon color="primary" />} title={title}>
      {invitation.isPending && <PageLoader />}
      {invitation.error && (
        <RefusedLink
          message={
            deadLinkMessage(invitation.error, {
              field: "code",
              dead: INVITATION_NOT_VALID,
              deadStatuses: [400, 404, 410],
            }) ?? errorMessage(invitation.error)
          }
        />
      )}
      {invited && defaultValues && (
        <GuestForm defaultValues={defaultValues} validate={validateInvitationForm} onSubmit={submit}>
          <Stack spacing={2.5}>
            <Typography>
              {translate("invitation.intro", { account: invited.accountName, product: PRODUCT_NAME })}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2 }}>
              <InvitationFact term={translate("invitation.account")} testId="invitation-account">
                {invited.accountName}
              </InvitationFact>
              <InvitationFact term={translate("invitation.email")} testId="invitation-email">
                {invited.email}
              </InvitationFact>
              <InvitationFact term={translate("invitation.role")} testId="invitation-role">
                {translate(`roles.${invited.role}`)}
              </InvitationFact>
            </Box>
            <Refusal message={accept.error && errorMessage(accept.error)} />
            <TextInput source="firstName" label="invitation.firstName" autoComplete="given-name" fullWidth />
            <TextInput source="lastName" label="invitation.lastName" autoComplete="family-name" fullWidth />
            <TextInput
              source="password"
              label="invitation.password"
              type="password"
              autoComplete="new-password"
              helperText={translate("invitation.passwordHelp", min)}
              fullWidth
            />
            <TextInput
              source="confirmPassword"
              label="invitation.confirmPassword"
              type="password"
              autoComplete="new-password"
              fullWidth
            />
            <BusyButton type="submit" busy={busy}>
              {translate("invitation.submit")}
            </BusyButton>
          </Stack>
        </GuestForm>
      )}
    </GuestCard>
  );
}
