import type { User } from "../../api/resources";
import { fullName } from "../../authProvider/identity";
import { ContractInputs } from "../shared/ContractInput";
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
    <ContractInputs
      resource="accounts"
      wide={["name", "email", "phone", "country"]}
      own={{
        ...(withStatus ? {} : { status: null }),
        ownerId: accountId ? (
          <OwnerInput accountId={accountId} helperText={noUsers ? "resources.accounts.ownerNoUsers" : undefined} />
        ) : null,
      }}
    />
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
