import { AutocompleteInput, ReferenceInput, TextInput, maxLength, regex, required } from "react-admin";
import type { Account } from "../../api/resources";
import { userOptionText } from "../accounts/accountInputs";
import { COUNTRY_CODE_PATTERN } from "../shared/country";

/** The fields of a business (a location of an account). */
export function BusinessFields({ accountId, chooseAccount = false }: { accountId?: string; chooseAccount?: boolean }) {
  return (
    <>
      <TextInput source="name" validate={[required(), maxLength(120)]} fullWidth />
      {chooseAccount && (
        <ReferenceInput source="accountId" reference="accounts" sort={{ field: "name", order: "ASC" }}>
          <AutocompleteInput
            optionText={(account: Account) => account.name}
            filterToQuery={(q: string) => ({ q })}
            validate={required()}
            fullWidth
          />
        </ReferenceInput>
      )}
      <TextInput source="address" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="city" validate={[required(), maxLength(80)]} />
      <TextInput
        source="country"
        validate={[required(), regex(COUNTRY_CODE_PATTERN, "resources.shared.countryHelp")]}
        helperText="resources.shared.countryHelp"
        parse={(value: string) => value.toUpperCase()}
      />
      <TextInput source="phone" validate={maxLength(40)} />
      {accountId && (
        <ReferenceInput
          source="ownerId"
          reference="users"
          filter={{ accountId }}
          sort={{ field: "lastName", order: "ASC" }}
        >
          <AutocompleteInput optionText={userOptionText} filterToQuery={(q: string) => ({ q })} fullWidth />
        </ReferenceInput>
      )}
    </>
  );
}
