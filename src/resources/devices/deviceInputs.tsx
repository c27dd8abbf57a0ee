import { SelectInput, TextInput, maxLength, required } from "react-admin";
import { DEVICE_STATUSES } from "../../api/resources";
import { AccountPicker, BusinessPicker } from "../shared/pickers";
import { statusLabelKey } from "../shared/status";
import { DEVICE_TYPE_CHOICES } from "./deviceTypes";
import { CUSTOM_BOX_NAME_MAX_LENGTH, SERIAL_NUMBER_MAX_LENGTH } from "../../api/rules";

/** The super admin's device form. */
export function DeviceFields({ accountId }: { accountId?: string }) {
  return (
    <>
      <TextInput source="serialNumber" validate={[required(), maxLength(SERIAL_NUMBER_MAX_LENGTH)]} />
      <SelectInput source="typeCode" choices={DEVICE_TYPE_CHOICES} validate={required()} />
      <TextInput source="customBoxName" validate={maxLength(CUSTOM_BOX_NAME_MAX_LENGTH)} />
      <AccountPicker />
      {accountId && <BusinessPicker accountId={accountId} />}
      <SelectInput
        source="status"
        choices={DEVICE_STATUSES.map((status) => ({ id: status, name: statusLabelKey(status) }))}
        validate={required()}
      />
    </>
  );
}
