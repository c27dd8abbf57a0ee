import { Alert, Button, DialogActions, DialogContent, Stack, TextField } from "@mui/material";
import { useTranslate } from "react-admin";
import type { Invitation } from "../../api/resources";
import { paths } from "../shared/paths";

/** The console's page where the invitation's guest accepts it, as a full link to share. */
const invitationLinkOf = (invitation: Pick<Invitation, "code">) =>
  `${window.location.origin}${paths.invitation(invitation.code)}`;

interface InvitationLinkPanelProps {
  invitation: Invitation;
  /** What the alert says above the link (translated). */
  message: string;
  onClose: () => void;
}

/**
 * A dialog's content once an invitation is made (invited, or a new link for an invited user): the
 * link to share, shown once since invitations send no email (docs/decisions.md), with Copy link
 * and Close.
 */
export function InvitationLinkPanel({ invitation, message, onClose }: InvitationLinkPanelProps) {
  const translate = useTranslate();
  const link = invitationLinkOf(invitation);
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="success">{message}</Alert>
          <TextField
            label={translate("resources.users.invite.link")}
            value={link}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(link)}>
          {translate("resources.users.invite.copy")}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate("resources.shared.close")}
        </Button>
      </DialogActions>
    </>
  );
}
