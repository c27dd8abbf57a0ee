import { SelectInput, TextInput, email, maxLength, required } from "react-admin";
import { ACCOUNT_STATUSES } from "../../api/resources";
import type { User } from "../../api/resources";
import { fullName } from "../../authProvider/identity";
import { CountryInput } from "../shared/CountryInput";
import { statusLabelKey } from "../shared/status";
import { PHONE_MAX_LENGTH, RECORD_NAME_MAX_LENGTH } from "../../api/rules";
import { ReferencePicker } from "../shared/pickers";

export const userOptionText = (user: User) => `${fullName(user.firstName, user.lastName)} (${user.email})`;

/** The account fields a super admin creates and edits. */
export function AccountFields({ withStatus = false, accountId }: { withStatus?: boolean; accountId?: string }) {
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
      {accountId && <OwnerInput accountId={accountId} />}
    </>
  );
}

/** The owner: one of the account's users. */
export function OwnerInput({ accountId, source = "ownerId" }: { accountId: string; source?: string }) {
  return (
    <ReferencePicker source={source} reference="users" filter={{ accountId }} optionText={userOptionText} fullWidth />
  );
}
