import { TextField } from "@mui/material";
import { useFormContext, useWatch } from "react-hook-form";
import { SelectInput, required, useTranslate } from "react-admin";
import { ContractInputs } from "../shared/ContractInput";
import { AccountPicker, BusinessPicker } from "../shared/pickers";
import { DEVICE_TYPE_CHOICES } from "./deviceTypes";

/**
 * The device's location: one of the chosen account's businesses (optional). Until an account is
 * chosen there is none to offer.
 */
function DeviceBusinessInput() {
  const translate = useTranslate();
  const accountId = useWatch({ name: "accountId" }) as string | null | undefined;
  if (!accountId) {
    return (
      <TextField
        label={translate("resources.devices.fields.businessId")}
        helperText={translate("resources.devices.businessAfterAccount")}
        disabled
        fullWidth
      />
    );
  }
  return <BusinessPicker key={accountId} accountId={accountId} />;
}

/** The device's account: picking another clears a business of the one before (not a record's load). */
function DeviceAccountInput() {
  const { setValue } = useFormContext();
  return <AccountPicker onChange={() => setValue("businessId", null, { shouldDirty: true })} />;
}

/** The super admin's device form, to register a device and to edit one. */
export function DeviceFields() {
  return (
    <ContractInputs
      resource="devices"
      own={{
        typeCode: <SelectInput source="typeCode" choices={DEVICE_TYPE_CHOICES} validate={required()} />,
        accountId: <DeviceAccountInput />,
        businessId: <DeviceBusinessInput />,
      }}
    />
  );
}
