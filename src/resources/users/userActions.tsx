import { useState } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from "@mui/material";
import BadgeIcon from "@mui/icons-material/BadgeOutlined";
import BlockIcon from "@mui/icons-material/Block";
import CheckCircleIcon from "@mui/icons-material/CheckCircleOutline";
import { Button as RaButton, useListContext, useTranslate, useUnselectAll } from "react-admin";
import type { User } from "../../api/resources";
import type { Role } from "../../api/types";
import { fullName } from "../../authProvider/identity";
import { ConfirmButton } from "../shared/ConfirmButton";
import { assignableRoles, canChangeRole, canDisableUser } from "../shared/permissions";
import { useActor } from "../shared/useActor";
import { useRecordAction } from "../shared/useRecordAction";

const INVALIDATES = ["users"];

/** Change role (change log: Admin; super admins too): a dialog with the roles the actor may give. */
export function ChangeRoleButton({ user }: { user: User }) {
  const translate = useTranslate();
  const actor = useActor();
  const { run, running } = useRecordAction();
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<Role>(user.role);
  if (!canChangeRole(actor, user)) return null;
  const name = fullName(user.firstName, user.lastName);
  const save = async () => {
    const done = await run((dataProvider) => dataProvider.changeUserRole(user.id, role, user.version), {
      success: "resources.users.changeRole.done",
      successArgs: { role: translate(`roles.${role}`) },
      invalidate: INVALIDATES,
    });
    if (done) setOpen(false);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<BadgeIcon />}
        onClick={() => {
          setRole(user.role);
          setOpen(true);
        }}
      >
        {translate("resources.users.changeRole.button")}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="role-title">
        <DialogTitle id="role-title">{translate("resources.users.changeRole.title", { name })}</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            margin="dense"
            label={translate("resources.users.changeRole.role")}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
          >
            {assignableRoles(actor).map((option) => (
              <MenuItem key={option} value={option}>
                {translate(`roles.${option}`)}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate("resources.shared.cancel")}</Button>
          <Button variant="contained" onClick={save} disabled={running || role === user.role}>
            {translate("resources.users.changeRole.save")}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Disable a user (confirm first), or enable a disabled one. */
export function DisableUserButton({ user }: { user: User }) {
  const actor = useActor();
  const { run, running } = useRecordAction();
  if (!canDisableUser(actor, user)) return null;
  if (user.status === "disabled") {
    return (
      <ConfirmButton
        label="resources.users.enable.button"
        icon={<CheckCircleIcon />}
        title="resources.shared.confirmTitle"
        content="resources.users.enable.button"
        disabled={running}
        onConfirm={() =>
          run((dataProvider) => dataProvider.enableUser(user.id, user.version), {
            success: "resources.users.enable.done",
            invalidate: INVALIDATES,
          })
        }
      />
    );
  }
  return (
    <ConfirmButton
      label="resources.users.disable.button"
      icon={<BlockIcon />}
      color="error"
      title="resources.users.disable.title"
      content="resources.users.disable.body"
      translateOptions={{ name: fullName(user.firstName, user.lastName) }}
      disabled={running}
      onConfirm={() =>
        run((dataProvider) => dataProvider.disableUser(user.id, user.version), {
          success: "resources.users.disable.done",
          successArgs: { smart_count: 1 },
          invalidate: INVALIDATES,
        })
      }
    />
  );
}

/** Bulk action: disable the selected users the actor may disable (one POST each, with its version). */
export function BulkDisableButton() {
  const { data = [], selectedIds, resource } = useListContext<User>();
  const actor = useActor();
  const unselectAll = useUnselectAll(resource);
  const { run, running } = useRecordAction();
  const targets = data.filter(
    (user) => selectedIds.includes(user.id) && user.status !== "disabled" && canDisableUser(actor, user),
  );
  return (
    <RaButton
      label="resources.users.disable.bulk"
      disabled={running || targets.length === 0}
      onClick={async () => {
        const done = await run(
          (dataProvider) => Promise.all(targets.map((user) => dataProvider.disableUser(user.id, user.version))),
          {
            success: "resources.users.disable.done",
            successArgs: { smart_count: targets.length },
            invalidate: INVALIDATES,
          },
        );
        if (done) unselectAll();
      }}
    >
      <BlockIcon />
    </RaButton>
  );
}
