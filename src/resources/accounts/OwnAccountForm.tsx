import { useQueryClient } from "@tanstack/react-query";
import type { Account } from "../../api/resources";
import { OWN_ACCOUNT } from "../../dataProvider/resourceRoutes";
import { ContractInput } from "../shared/ContractInput";
import { VersionedEditInSection } from "../shared/VersionedEdit";
import { OwnerInput } from "./accountInputs";

/**
 * The account owner's form on their own account (change log: "Account owner: change account
 * owner and name"): PUT /api/account with the version read, the same 409 rule as every form. It
 * edits the resource "account", which react-admin's edit asks about (the owner's rule).
 */
export function OwnAccountForm({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  return (
    <VersionedEditInSection
      resource={OWN_ACCOUNT}
      id={account.id}
      write="PUT /api/account"
      placeholder={account}
      // The page shows the account as "accounts" reads it: its name, in the header too.
      onSaved={() => void queryClient.invalidateQueries({ queryKey: ["accounts"] })}
    >
      <ContractInput resource="accounts" source="name" fullWidth />
      <OwnerInput accountId={account.id} />
    </VersionedEditInSection>
  );
}
