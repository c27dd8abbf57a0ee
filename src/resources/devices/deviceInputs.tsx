import { SelectInput, required } from "react-admin";
import { ContractInputs } from "../shared/ContractInput";
import { AccountOfBusinessPicker, BusinessPicker } from "../shared/pickers";
import { DEVICE_TYPE_CHOICES } from "./deviceTypes";

/** The super admin's device form, to register a device and to edit one. */
export function DeviceFields() {
  return (
    <ContractInputs
      resource="devices"
      own={{
        typeCode: <SelectInput source="typeCode" choices={DEVICE_TYPE_CHOICES} validate={required()} />,
        accountId: <AccountOfBusinessPicker />,
        businessId: <BusinessPicker />,
      }}
    />
  );
}
