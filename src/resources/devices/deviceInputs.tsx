import { AutocompleteInput, ReferenceInput, SelectInput, TextInput, maxLength, required } from "react-admin";
import { DEVICE_STATUSES, type Account, type Business } from "../../api/resources";
import { statusLabelKey } from "../shared/status";
import { DEVICE_TYPE_CHOICES } from "./deviceTypes";

/** The super admin's device form. */
export function DeviceFields({ accountId }: { accountId?: string }) {
  return (
    <>
      <TextInput source="serialNumber" validate={[required(), maxLength(64)]} />
      <SelectInput source="typeCode" choices={DEVICE_TYPE_CHOICES} validate={required()} />
      <TextInput source="customBoxName" validate={maxLength(60)} />
      <ReferenceInput source="accountId" reference="accounts" sort={{ field: "name", order: "ASC" }}>
        <AutocompleteInput
          optionText={(account: Account) => account.name}
          filterToQuery={(q: string) => ({ q })}
          validate={required()}
          fullWidth
        />
      </ReferenceInput>
      {accountId && (
        <ReferenceInput source="businessId" reference="businesses" filter={{ accountId }}>
          <AutocompleteInput
            optionText={(business: Business) => business.name}
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceInput>
      )}
      <SelectInput
        source="status"
        choices={DEVICE_STATUSES.map((status) => ({ id: status, name: statusLabelKey(status) }))}
        validate={required()}
      />
    </>
  );
}
