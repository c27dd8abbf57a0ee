import { TextInput, maxLength, required } from "react-admin";
import { AccountPicker, ReferencePicker } from "../shared/pickers";
import { userOptionText } from "../accounts/accountInputs";
import { CountryInput } from "../shared/CountryInput";
import { ADDRESS_MAX_LENGTH, CITY_MAX_LENGTH, PHONE_MAX_LENGTH, RECORD_NAME_MAX_LENGTH } from "../../api/rules";

/** The fields of a business (a location of an account). */
export function BusinessFields({ accountId, chooseAccount = false }: { accountId?: string; chooseAccount?: boolean }) {
  return (
    <>
      <TextInput source="name" validate={[required(), maxLength(RECORD_NAME_MAX_LENGTH)]} fullWidth />
      {chooseAccount && <AccountPicker />}
      <TextInput source="address" validate={[required(), maxLength(ADDRESS_MAX_LENGTH)]} fullWidth />
      <TextInput source="city" validate={[required(), maxLength(CITY_MAX_LENGTH)]} />
      <CountryInput fullWidth />
      <TextInput source="phone" validate={maxLength(PHONE_MAX_LENGTH)} />
      {accountId && (
        <ReferencePicker
          source="ownerId"
          reference="users"
          filter={{ accountId }}
          optionText={userOptionText}
          fullWidth
        />
      )}
    </>
  );
}
