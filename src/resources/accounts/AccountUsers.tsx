import { useState } from "react";
import { Button, Stack, Typography } from "@mui/material";
import PersonAddIcon from "@mui/icons-material/PersonAddAlt";
import GroupIcon from "@mui/icons-material/GroupOutlined";
import { useCanAccess, useTranslate } from "react-admin";
import type { Account } from "../../api/resources";
import { InviteDialog } from "../users/InviteDialog";
import { UserTable } from "../users/UserTable";
import { GraceGuard } from "../shared/GraceNote";
import { Section } from "../shared/Section";

/**
 * An account's Users tab: its people, those invited and not yet signed up among them (status
 * Invited: an invitation is its invited user), and Invite into this account for whoever may
 * (canAccess "users" "invite" with the account). An account with nobody says to invite its first
 * user, who can then be chosen as its owner.
 */
export function AccountUsers({ account }: { account: Account }) {
  const translate = useTranslate();
  // The dialog lives beside the table, not in the empty state: the first invitation replaces the
  // empty state with the table, and the dialog must stay open to show the link to share.
  const [inviting, setInviting] = useState(false);
  const { canAccess: mayInvite = false } = useCanAccess({
    resource: "users",
    action: "invite",
    record: { id: account.id, accountId: account.id },
  });
  const inviteButton = (variant: "text" | "contained") => (
    <GraceGuard write="POST /api/invitations" note="end">
      <Button variant={variant} startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
        {translate("resources.users.invite.button")}
      </Button>
    </GraceGuard>
  );
  const empty = (
    <Stack alignItems="center" spacing={1} sx={{ py: 4, color: "text.secondary", textAlign: "center" }}>
      <GroupIcon sx={{ fontSize: 48 }} color="disabled" />
      <Typography variant="h6" component="p" color="text.primary">
        {translate("resources.accounts.users.emptyTitle")}
      </Typography>
      <Typography sx={{ maxWidth: 520 }}>
        {translate(mayInvite ? "resources.accounts.users.emptyInvite" : "resources.accounts.users.emptyBody")}
      </Typography>
      {mayInvite && inviteButton("contained")}
    </Stack>
  );
  return (
    <>
      <Section
        title={translate("resources.accounts.tabs.users")}
        actions={mayInvite && account.userCount > 0 ? inviteButton("text") : undefined}
      >
        <UserTable empty={empty} />
      </Section>
      {mayInvite && <InviteDialog open={inviting} onClose={() => setInviting(false)} account={account} />}
    </>
  );
}
