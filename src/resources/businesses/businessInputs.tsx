import { ReferencePicker } from "../shared/pickers";
import { userOptionText } from "../accounts/accountInputs";
import { ContractInputs } from "../shared/ContractInput";

/** The fields of a business (a location of an account); its owner is one of the account's users. */
export function BusinessFields({ accountId }: { accountId?: string }) {
  return (
    <ContractInputs
      resource="businesses"
      fields={["name", "address", "city", "country", "phone", "ownerId"]}
      wide={["name", "address", "country"]}
      own={{
        ownerId: accountId ? (
          <ReferencePicker
            source="ownerId"
            reference="users"
            filter={{ accountId }}
            optionText={userOptionText}
            fullWidth
          />
        ) : null,
      }}
    />
  );
}
