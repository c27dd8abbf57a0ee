import { AutocompleteInput, ReferenceInput, required } from "react-admin";

/** The service's lists search by `q`. */
const byName = (q: string) => ({ q });

interface AccountPickerProps {
  /** Default "accountId". */
  source?: string;
  /** An i18n key; default the resource's label for the field. */
  label?: string;
}

/** Search an account by name (super admins): required; options read as the accounts resource says. */
export function AccountPicker({ source = "accountId", label }: AccountPickerProps) {
  return (
    <ReferenceInput source={source} reference="accounts" sort={{ field: "name", order: "ASC" }}>
      <AutocompleteInput label={label} filterToQuery={byName} validate={required()} fullWidth />
    </ReferenceInput>
  );
}

/** One of the account's businesses (locations), optional. */
export function BusinessPicker({ accountId }: { accountId: string }) {
  return (
    <ReferenceInput source="businessId" reference="businesses" filter={{ accountId }}>
      <AutocompleteInput filterToQuery={byName} fullWidth />
    </ReferenceInput>
  );
}
