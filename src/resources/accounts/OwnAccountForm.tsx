import type { Account } from "../../api/resources";
import { OWN_ACCOUNT } from "../../dataProvider/resourceRoutes";
import { ContractInput } from "../shared/ContractInput";
import { VersionedEditInSection } from "../shared/VersionedEdit";
import { OwnerInput } from "./accountInputs";

/**
 * The account owner's form on their own account (change log: "Account owner: change account
 * owner and name"): PUT /api/account with the version read, the same 409 rule as every form. The
 * account page shows it to whoever may `editOwn` the account.
 */
export function OwnAccountForm({ account }: { account: Account }) {
  return (
    <VersionedEditInSection
      resource="accounts"
      id={account.id}
      write="PUT /api/account"
      meta={OWN_ACCOUNT}
      accessAskedByPage
    >
      <ContractInput resource="accounts" source="name" fullWidth />
      <OwnerInput accountId={account.id} />
    </VersionedEditInSection>
  );
}
