import { useState, type FormEvent } from "react";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import type { Invitation, InvitationCreate } from "../../api/resources";
import type { Role } from "../../api/types";
import type { ConsoleDataProvider } from "../../dataProvider";
import { AccountPicker } from "../shared/AccountPicker";
import { classifySaveError } from "../shared/concurrency";
import { paths } from "../shared/paths";
import { assignableRoles } from "../shared/permissions";
import { useActor } from "../shared/useActor";

const EMPTY = { email: "", firstName: "", lastName: "", role: "User" as Role, accountId: "" };

/**
 * Invite a user (POST /api/invitations): the service creates the invited user and a code; the
 * person accepts on the public /invitation/{code} page. Super admins name the account.
 */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const actor = useActor();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const superAdmin = actor.role === "SuperAdmin";

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    setInvitation(null);
    onClose();
  };
  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues({ ...values, [name]: event.target.value });
      setErrors({ ...errors, [name]: "" });
    },
    error: Boolean(errors[name]),
    helperText: errors[name] || " ",
    label: translate(`resources.users.fields.${name}`),
    fullWidth: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const required = (["email", "firstName", "lastName"] as const).filter((name) => !values[name].trim());
    if (superAdmin && !values.accountId.trim()) required.push("accountId" as never);
    if (required.length > 0) {
      setErrors(Object.fromEntries(required.map((name) => [name, translate("ra.validation.required")])));
      return;
    }
    const body: InvitationCreate = {
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      role: values.role,
      ...(superAdmin ? { accountId: values.accountId.trim() } : {}),
    };
    setSending(true);
    try {
      const sent = await dataProvider.inviteUser(body);
      setInvitation(sent);
      notify("resources.users.invite.sent", { type: "success", messageArgs: { email: sent.email } });
      await queryClient.invalidateQueries({ queryKey: ["users"] });
    } catch (error) {
      const failure = classifySaveError(error, translate("app.errors.generic"));
      if (failure.kind === "validation") setErrors(failure.errors);
      else notify(failure.message, { type: "error" });
    } finally {
      setSending(false);
    }
  };

  const link = invitation ? `${window.location.origin}${paths.invitation(invitation.code)}` : "";
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="invite-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="invite-title">{translate("resources.users.invite.title")}</DialogTitle>
        <DialogContent>
          {invitation ? (
            <Stack spacing={2}>
              <Alert severity="success">{translate("resources.users.invite.sent", { email: invitation.email })}</Alert>
              <TextField
                label={translate("resources.users.invite.link")}
                value={link}
                fullWidth
                slotProps={{ input: { readOnly: true } }}
              />
            </Stack>
          ) : (
            <Stack spacing={1}>
              <DialogContentText sx={{ mb: 1 }}>{translate("resources.users.invite.body")}</DialogContentText>
              <TextField {...field("email")} type="email" autoFocus required />
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <TextField {...field("firstName")} required />
                <TextField {...field("lastName")} required />
              </Stack>
              <TextField {...field("role")} select>
                {assignableRoles(actor).map((role) => (
                  <MenuItem key={role} value={role}>
                    {translate(`roles.${role}`)}
                  </MenuItem>
                ))}
              </TextField>
              {superAdmin && (
                <AccountPicker
                  label={translate("resources.users.fields.accountId")}
                  value={values.accountId}
                  onChange={(accountId) => {
                    setValues({ ...values, accountId });
                    setErrors({ ...errors, accountId: "" });
                  }}
                  error={errors.accountId}
                />
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {invitation ? (
            <>
              <Button onClick={() => void navigator.clipboard?.writeText(link)}>
                {translate("resources.users.invite.copy")}
              </Button>
              <Button variant="contained" onClick={close}>
                {translate("resources.shared.close")}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={close}>{translate("resources.shared.cancel")}</Button>
              <Button type="submit" variant="contained" disabled={sending}>
                {translate("resources.users.invite.send")}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
