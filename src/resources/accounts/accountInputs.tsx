import { SelectInput, TextInput, email, maxLength, required } from "react-admin";
import { ACCOUNT_STATUSES } from "../../api/resources";
import type { User } from "../../api/resources";
import { fullName } from "../../authProvider/identity";
import { CountryInput } from "../shared/CountryInput";
import { statusLabelKey } from "../shared/status";
import { PHONE_MAX_LENGTH, RECORD_NAME_MAX_LENGTH } from "../../api/rules";
import { ReferencePicker } from "../shared/pickers";

export const userOptionText = (user: User) => `${fullName(user.firstName, user.lastName)} (${user.email})`;

/**
 * The account fields a super admin creates and edits. The owner is one of the account's users, so
 * it is chosen on the account's page once someone is invited (`noUsers`: the field says so).
 */
export function AccountFields({
  withStatus = false,
  accountId,
  noUsers = false,
}: {
  withStatus?: boolean;
  accountId?: string;
  noUsers?: boolean;
}) {
  return (
    <>
      <TextInput source="name" validate={[required(), maxLength(RECORD_NAME_MAX_LENGTH)]} fullWidth />
      <TextInput source="email" type="email" validate={[required(), email()]} fullWidth />
      <TextInput source="phone" validate={maxLength(PHONE_MAX_LENGTH)} fullWidth />
      <CountryInput fullWidth />
      {withStatus && (
        <SelectInput
          source="status"
          choices={ACCOUNT_STATUSES.map((status) => ({ id: status, name: statusLabelKey(status) }))}
          validate={required()}
        />
      )}
      {accountId && (
        <OwnerInput accountId={accountId} helperText={noUsers ? "resources.accounts.ownerNoUsers" : undefined} />
      )}
    </>
  );
}

/** The owner: one of the account's users (invited ones too: the service takes any live user of it). */
export function OwnerInput({
  accountId,
  source = "ownerId",
  helperText,
}: {
  accountId: string;
  source?: string;
  helperText?: string;
}) {
  return (
    <ReferencePicker
      source={source}
      reference="users"
      filter={{ accountId }}
      optionText={userOptionText}
      helperText={helperText}
      fullWidth
    />
  );
}
