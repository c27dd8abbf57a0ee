import { Box, Stack } from "@mui/material";
import { useTranslate } from "react-admin";
import type { User } from "../../api/resources";
import { fullName } from "../../authProvider/identity";
import { UserAvatar } from "../../custom/layout/UserAvatar";
import { DeleteRecordButton } from "../shared/DeleteRecordButton";
import { onlyFields } from "../shared/editableFields";
import { DateTimeText, FieldGrid, placeItems } from "../shared/fields";
import { PageHeader } from "../shared/PageHeader";
import { ContractInputs } from "../shared/ContractInput";
import { AccountOfBusinessPicker, BusinessPicker } from "../shared/pickers";
import { paths } from "../shared/paths";
import { editableUserFields } from "../shared/permissions";
import { RecordShow } from "../shared/RecordState";
import { Section } from "../shared/Section";
import { StatusChip } from "../shared/StatusChip";
import { useActor } from "../shared/useActor";
import { VersionedEditInSection } from "../shared/VersionedEdit";
import { ChangeRoleButton, DisableUserButton, NewInvitationLinkButton } from "./userActions";

/** The inputs the actor may change, nothing else (the service checks the same list). */
function UserFields({ fields }: { fields: (keyof User)[] }) {
  return (
    <ContractInputs
      resource="users"
      fields={fields}
      wide={["email"]}
      own={{ accountId: <AccountOfBusinessPicker />, businessId: <BusinessPicker /> }}
    />
  );
}

/** /users/:userId (spec §2: all; also My Profile): a person, their details and the actions on them. */
export default function UserShowPage() {
  return <RecordShow<User> resource="users">{(user) => <UserView user={user} />}</RecordShow>;
}

function UserView({ user }: { user: User }) {
  const translate = useTranslate();
  const actor = useActor();
  const name = fullName(user.firstName, user.lastName);
  const fields = editableUserFields(actor, user);
  const label = (field: string) => translate(`resources.users.fields.${field}`);
  const pick = onlyFields(["version", ...fields]);

  return (
    <Box sx={{ py: 2 }}>
      <PageHeader
        leading={<UserAvatar firstName={user.firstName} lastName={user.lastName} src={user.avatar} size={56} />}
        title={user.id === actor.id ? translate("resources.users.myProfile") : name}
        subtitle={
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }} flexWrap="wrap" useFlexGap>
            <span>{user.email}</span>
            <span>·</span>
            <span>{translate(`roles.${user.role}`)}</span>
            <StatusChip status={user.status} />
          </Stack>
        }
        actions={
          <>
            <NewInvitationLinkButton user={user} />
            <ChangeRoleButton user={user} />
            <DisableUserButton user={user} />
            <DeleteRecordButton
              resource="users"
              record={user}
              label="resources.users.delete"
              redirect={paths.users}
              recheck
            />
          </>
        }
      />
      <Stack spacing={2}>
        <Section title={translate("resources.users.details")}>
          <FieldGrid
            items={[
              { label: label("name"), value: name },
              { label: label("email"), value: user.email },
              { label: label("role"), value: translate(`roles.${user.role}`) },
              ...placeItems(label, user),
              { label: label("lastSignInAt"), value: <DateTimeText value={user.lastSignInAt} /> },
              { label: label("createdAt"), value: <DateTimeText value={user.createdAt} dateOnly /> },
            ]}
          />
        </Section>
        {fields.length > 0 && (
          <Section title={translate("ra.action.edit")}>
            <VersionedEditInSection resource="users" id={user.id} write="PUT /api/users/{id}" transform={pick}>
              <UserFields fields={fields} />
            </VersionedEditInSection>
          </Section>
        )}
      </Stack>
    </Box>
  );
}
