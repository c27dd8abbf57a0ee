import { AutocompleteInput, ReferenceInput, required } from "react-admin";
import type { Account } from "../../api/resources";

interface AccountPickerProps {
  /** Default "accountId". */
  source?: string;
  /** An i18n key; default the resource's label for the field. */
  label?: string;
}

/** Search an account by name (super admins): a react-admin input, required. */
export function AccountPicker({ source = "accountId", label }: AccountPickerProps) {
  return (
    <ReferenceInput source={source} reference="accounts" sort={{ field: "name", order: "ASC" }}>
      <AutocompleteInput
        label={label}
        optionText={(account: Account) => account.name}
        filterToQuery={(q: string) => ({ q })}
        validate={required()}
        fullWidth
      />
    </ReferenceInput>
  );
}
