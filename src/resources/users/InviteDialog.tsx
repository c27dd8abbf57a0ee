import { useState } from "react";
import { DialogContentText, Stack } from "@mui/material";
import SendIcon from "@mui/icons-material/Send";
import { useQueryClient } from "@tanstack/react-query";
import { SelectInput, required, useCanAccess, useCreate, useNotify, useTranslate } from "react-admin";
import type { Invitation, InvitationCreate } from "../../api/resources";
import { ContractInput } from "../shared/ContractInput";
import type { Role } from "../../api/types";
import { INVITATIONS } from "../../dataProvider/resourceRoutes";
import { AccountPicker } from "../shared/pickers";
import { ActionFormDialog } from "../shared/ActionFormDialog";
import { classifySaveError } from "../shared/concurrency";
import { SubmitButton } from "../shared/ConfirmButton";
import { InvitationLinkPanel } from "./InvitationLink";
import { useAssignableRoleChoices } from "./userActions";

interface InviteValues {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  accountId?: string;
}

const DEFAULTS: Partial<InviteValues> = { role: "User" };
/**
 * An account's first person is invited as its Admin: a new account's subscription is inactive and
 * only an Admin starts one (docs/decisions.md "Staffing a new account").
 */
const FIRST_USER_DEFAULTS: Partial<InviteValues> = { role: "Admin" };
const FIELDS = ["email", "firstName", "lastName", "role", "accountId"];

/** The account the dialog invites into, when it is opened from that account's page. */
export interface InviteAccount {
  id: string;
  name: string;
  userCount: number;
}

interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  /** From an account's page: the account is already chosen (no picker). */
  account?: InviteAccount;
}

/**
 * Invite a user (POST /api/invitations, react-admin's create on "invitations"): the service
 * creates the invited user and a code; the person accepts on the public /invitation/{code} page.
 * Super admins name the account, unless the dialog was opened from the account's page.
 */
export function InviteDialog({ open, onClose, account }: InviteDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [create] = useCreate<Invitation>();
  // The answer (not a form value): the dialog shows the link to share once it is created.
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  // Super admins invite into any account: they pick it.
  const { canAccess: superAdmin = false } = useCanAccess({ resource: "accounts", action: "list" });
  const roleChoices = useAssignableRoleChoices();

  const close = () => {
    setInvitation(null);
    onClose();
  };

  const submit = async (values: Record<string, unknown>) => {
    const typed = values as Partial<InviteValues>;
    const data: InvitationCreate = {
      email: String(typed.email ?? "").trim(),
      firstName: String(typed.firstName ?? "").trim(),
      lastName: String(typed.lastName ?? "").trim(),
      role: typed.role ?? "User",
      ...(superAdmin ? { accountId: account?.id ?? String(typed.accountId ?? "") } : {}),
    };
    try {
      const sent = await create(INVITATIONS, { data }, { returnPromise: true });
      if (!sent) return undefined;
      setInvitation(sent);
      notify("resources.users.invite.sent", { type: "success", messageArgs: { email: sent.email } });
      await queryClient.invalidateQueries({ queryKey: ["users"] });
      // The account's counters (its page's Users figure and empty state).
      await queryClient.invalidateQueries({ queryKey: ["accounts"] });
      return undefined;
    } catch (error) {
      const failure = classifySaveError(error, translate("app.errors.generic"));
      // Errors about the form's fields show under them; anything else is a toast.
      const onFields = failure.kind === "validation" && Object.keys(failure.errors).every((f) => FIELDS.includes(f));
      if (!onFields) notify(failure.message, { type: "error" });
      return failure.kind === "validation" ? failure.errors : undefined;
    }
  };

  return (
    <ActionFormDialog
      open={open}
      onClose={close}
      titleId="invite-title"
      title={
        account
          ? translate("resources.users.invite.titleInto", { account: account.name })
          : translate("resources.users.invite.title")
      }
      maxWidth="sm"
      resource="users"
      defaultValues={account?.userCount === 0 ? FIRST_USER_DEFAULTS : DEFAULTS}
      onSubmit={submit}
      saveButton={<SubmitButton label="resources.users.invite.send" icon={<SendIcon />} />}
      outcome={
        invitation && (
          <InvitationLinkPanel
            invitation={invitation}
            message={translate("resources.users.invite.sent", { email: invitation.email })}
            onClose={close}
          />
        )
      }
    >
      <DialogContentText sx={{ mb: 2 }}>{translate("resources.users.invite.body")}</DialogContentText>
      <ContractInput resource="users" source="email" autoFocus fullWidth />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <ContractInput resource="users" source="firstName" fullWidth />
        <ContractInput resource="users" source="lastName" fullWidth />
      </Stack>
      <SelectInput source="role" choices={roleChoices} validate={required()} fullWidth />
      {superAdmin && !account && <AccountPicker />}
    </ActionFormDialog>
  );
}
