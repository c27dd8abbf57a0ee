import { TextField } from "@mui/material";
import { useFormContext, useWatch } from "react-hook-form";
import { SelectInput, TextInput, maxLength, required, useTranslate } from "react-admin";
import { DEVICE_STATUSES } from "../../api/resources";
import { AccountPicker, BusinessPicker } from "../shared/pickers";
import { statusLabelKey } from "../shared/status";
import { DEVICE_TYPE_CHOICES } from "./deviceTypes";
import { CUSTOM_BOX_NAME_MAX_LENGTH, SERIAL_NUMBER_MAX_LENGTH } from "../../api/rules";

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
    <>
      <TextInput source="serialNumber" validate={[required(), maxLength(SERIAL_NUMBER_MAX_LENGTH)]} />
      <SelectInput source="typeCode" choices={DEVICE_TYPE_CHOICES} validate={required()} />
      <TextInput source="customBoxName" validate={maxLength(CUSTOM_BOX_NAME_MAX_LENGTH)} />
      <DeviceAccountInput />
      <DeviceBusinessInput />
      <SelectInput
        source="status"
        choices={DEVICE_STATUSES.map((status) => ({ id: status, name: statusLabelKey(status) }))}
        validate={required()}
      />
    </>
  );
}
