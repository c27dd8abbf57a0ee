import { useState } from "react";
import type { FieldValues } from "react-hook-form";
import { Button, Dialog, DialogTitle } from "@mui/material";
import BadgeIcon from "@mui/icons-material/BadgeOutlined";
import BlockIcon from "@mui/icons-material/Block";
import CheckCircleIcon from "@mui/icons-material/CheckCircleOutline";
import LinkIcon from "@mui/icons-material/Link";
import { SaveButton, SelectInput, required, useTranslate } from "react-admin";
import type { Invitation, User } from "../../api/resources";
import { ROLES, type Role } from "../../api/types";
import { useAllowedRecords } from "../../access/useAllowedRecords";
import { fullName } from "../../authProvider/identity";
import { ActionFormDialog } from "../shared/ActionFormDialog";
import { BulkRecordActionButton } from "../shared/BulkRecordActionButton";
import { ConfirmedActionButton } from "../shared/ConfirmedActionButton";
import { GraceGuard } from "../shared/GraceNote";
import { useRecordAction } from "../shared/useRecordAction";
import { useCanAccessRecord } from "../../access/useCanAccessRecord";
import { InvitationLinkPanel } from "./InvitationLink";

const USERS = "users";

const ROLE_OPTIONS = ROLES.map((role) => ({ id: role, role, name: `roles.${role}` }));

/** The roles the signed-in user may give (canAccess "assignRole"), as choices of a role input. */
export function useAssignableRoleChoices() {
  return useAllowedRecords(USERS, "assignRole", ROLE_OPTIONS) ?? [];
}

/** Change role (change log: Admin; super admins too): a dialog with the roles the actor may give. */
export function ChangeRoleButton({ user }: { user: User }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccessRecord({ resource: USERS, action: "changeRole", record: user });
  const roleChoices = useAssignableRoleChoices();
  const changeRole = useRecordAction<Role, User>({
    resource: USERS,
    action: (dataProvider, role) => dataProvider.changeUserRole(user.id, role, user.version),
    success: "resources.users.changeRole.done",
    successArgs: (role) => ({ role: translate(`roles.${role}`) }),
    fields: ["role"],
    onSuccess: () => setOpen(false),
  });
  if (!canAccess) return null;
  const name = fullName(user.firstName, user.lastName);
  return (
    <>
      <GraceGuard write="POST /api/users/{id}/role">
        <Button variant="outlined" startIcon={<BadgeIcon />} onClick={() => setOpen(true)}>
          {translate("resources.users.changeRole.button")}
        </Button>
      </GraceGuard>
      {/* A reloaded user (after a 409) resets the untouched role; the chosen one is kept. */}
      <ActionFormDialog
        open={open}
        onClose={() => setOpen(false)}
        titleId="role-title"
        title={translate("resources.users.changeRole.title", { name })}
        resource={USERS}
        record={{ id: user.id, role: user.role }}
        onSubmit={(values: FieldValues) => changeRole.submit(values.role as Role)}
        saveButton={<SaveButton label="resources.users.changeRole.save" icon={<BadgeIcon />} />}
      >
        <SelectInput
          source="role"
          label="resources.users.changeRole.role"
          choices={roleChoices}
          validate={required()}
          fullWidth
        />
      </ActionFormDialog>
    </>
  );
}

/**
 * New invitation link, for an invited user (docs/decisions.md "Invitations send no email"): asks
 * first, since the earlier link stops working, then shows the new link to share, as inviting does.
 */
export function NewInvitationLinkButton({ user }: { user: User }) {
  const translate = useTranslate();
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const { canAccess } = useCanAccessRecord({ resource: USERS, action: "reinvite", record: user });
  if (!canAccess) return null;
  const name = fullName(user.firstName, user.lastName);
  const close = () => setInvitation(null);
  return (
    <>
      <ConfirmedActionButton
        resource={USERS}
        action={(dataProvider) => dataProvider.reissueInvitation(user.id)}
        success="resources.users.reinvite.done"
        successArgs={(_variables, made) => ({ email: made.email })}
        onSuccess={(made) => setInvitation(made)}
        write="POST /api/users/{id}/invitation"
        label="resources.users.reinvite.button"
        icon={<LinkIcon />}
        title="resources.users.reinvite.title"
        content="resources.users.reinvite.body"
        translateOptions={{ name }}
      />
      <Dialog open={invitation !== null} onClose={close} maxWidth="sm" fullWidth aria-labelledby="reinvite-title">
        <DialogTitle id="reinvite-title">{translate("resources.users.reinvite.linkTitle", { name })}</DialogTitle>
        {invitation && (
          <InvitationLinkPanel
            invitation={invitation}
            message={translate("resources.users.reinvite.done", { email: invitation.email })}
            onClose={close}
          />
        )}
      </Dialog>
    </>
  );
}

/** Disable a user (confirm first), or enable a disabled one. */
export function DisableUserButton({ user }: { user: User }) {
  const { canAccess } = useCanAccessRecord({ resource: USERS, action: "disable", record: user });
  if (!canAccess) return null;
  return user.status === "disabled" ? <EnableButton user={user} /> : <DisableButton user={user} />;
}

function EnableButton({ user }: { user: User }) {
  return (
    <ConfirmedActionButton
      resource={USERS}
      action={(dataProvider) => dataProvider.enableUser(user.id, user.version)}
      success="resources.users.enable.done"
      write="POST /api/users/{id}/enable"
      note="start"
      label="resources.users.enable.button"
      icon={<CheckCircleIcon />}
      title="resources.shared.confirmTitle"
      content="resources.users.enable.button"
    />
  );
}

function DisableButton({ user }: { user: User }) {
  return (
    <ConfirmedActionButton
      resource={USERS}
      action={(dataProvider) => dataProvider.disableUser(user.id, user.version)}
      success="resources.users.disable.done"
      successArgs={() => ({ smart_count: 1 })}
      write="POST /api/users/{id}/disable"
      note="start"
      label="resources.users.disable.button"
      icon={<BlockIcon />}
      color="error"
      title="resources.users.disable.title"
      content="resources.users.disable.body"
      translateOptions={{ name: fullName(user.firstName, user.lastName) }}
    />
  );
}

/**
 * Bulk action (react-admin's bulk-button pattern: one mutation, notify, unselect): disable the
 * selected users the actor may disable, one POST each with its version (the service has no bulk
 * call).
 */
export function BulkDisableButton() {
  return (
    <BulkRecordActionButton<User>
      resource={USERS}
      access="disable"
      write="POST /api/users/{id}/disable"
      eligible={(user) => user.status !== "disabled"}
      call={(dataProvider, user) => dataProvider.disableUser(user.id, user.version)}
      success="resources.users.disable.done"
      label="resources.users.disable.bulk"
      icon={<BlockIcon />}
    />
  );
}
