import { useState } from "react";
import type { FieldValues } from "react-hook-form";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import EditIcon from "@mui/icons-material/DriveFileRenameOutline";
import ReportIcon from "@mui/icons-material/ReportProblemOutlined";
import {
  Form,
  Button as RaButton,
  SaveButton,
  TextInput,
  useListContext,
  useTranslate,
  useUnselectAll,
  type Validator,
} from "react-admin";
import type { Device } from "../../api/resources";
import { CUSTOM_BOX_NAME_MAX_LENGTH as MAX_BOX_NAME } from "../../api/rules";
import { ConfirmButton } from "../shared/ConfirmButton";
import { useAllowedRecords } from "../../access/useAllowedRecords";
import { useRecordAction } from "../shared/useRecordAction";
import { useCanAccessRecord } from "../../access/useCanAccessRecord";

/**
 * A reloaded record resets the form's untouched fields only. One object for every render: react-admin
 * resets the form (clearing its errors) whenever the options change.
 */
const KEEP_EDITS = { keepDirtyValues: true };

const DEVICES = "devices";

/** The service trims the name: so does the limit. */
const boxNameLength: Validator = (value) =>
  String(value ?? "").trim().length > MAX_BOX_NAME
    ? { message: "ra.validation.maxLength", args: { max: MAX_BOX_NAME } }
    : undefined;

/** Change the custom box name (change log: Admin), POST /api/devices/{id}/custom-name. */
export function RenameDeviceButton({ device }: { device: Device }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccessRecord({ resource: DEVICES, action: "rename", record: device });
  const rename = useRecordAction<string | null, Device>({
    resource: DEVICES,
    action: (dataProvider, name) => dataProvider.renameDevice(device.id, name, device.version),
    success: "resources.devices.rename.done",
    fields: ["customBoxName"],
    // On a conflict the dialog stays open with the typed name; the device reloads underneath.
    onSuccess: () => setOpen(false),
  });
  if (!canAccess) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setOpen(true)}>
        {translate("resources.devices.rename.button")}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="rename-title">
        <Form
          resource={DEVICES}
          record={{ id: device.id, customBoxName: device.customBoxName ?? "" }}
          resetOptions={KEEP_EDITS}
          onSubmit={(values: FieldValues) => rename.submit(String(values.customBoxName ?? "").trim() || null)}
          noValidate
        >
          <DialogTitle id="rename-title">{translate("resources.devices.rename.title")}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate("resources.devices.rename.help")}</DialogContentText>
            <TextInput source="customBoxName" validate={boxNameLength} autoFocus fullWidth />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate("resources.shared.cancel")}</Button>
            <SaveButton />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

/** Mark a device lost, after a confirmation. */
export function MarkLostButton({ device }: { device: Device }) {
  const { canAccess } = useCanAccessRecord({ resource: DEVICES, action: "markLost", record: device });
  const markLost = useRecordAction<void, Device>({
    resource: DEVICES,
    action: (dataProvider) => dataProvider.markDeviceLost(device.id, device.version),
    success: "resources.devices.markLost.done",
    successArgs: () => ({ smart_count: 1 }),
  });
  if (!canAccess) return null;
  return (
    <ConfirmButton
      label="resources.devices.markLost.button"
      icon={<ReportIcon />}
      color="error"
      title="resources.devices.markLost.title"
      content="resources.devices.markLost.body"
      translateOptions={{ name: device.customBoxName || device.serialNumber }}
      loading={markLost.isPending}
      onConfirm={() => markLost.run()}
    />
  );
}

/** Bulk action (one mutation, notify, unselect): mark the selected active devices lost. */
export function BulkMarkLostButton() {
  const { data = [], selectedIds, resource } = useListContext<Device>();
  const unselectAll = useUnselectAll(resource);
  const markLost = useRecordAction<Device[], Device[]>({
    resource: DEVICES,
    action: (dataProvider, devices) =>
      Promise.all(devices.map((device) => dataProvider.markDeviceLost(device.id, device.version))),
    success: "resources.devices.markLost.done",
    successArgs: (devices) => ({ smart_count: devices.length }),
    onSuccess: () => unselectAll(),
  });
  const selected = data.filter((device) => selectedIds.includes(device.id));
  const targets = useAllowedRecords(DEVICES, "markLost", selected) ?? [];
  return (
    <RaButton
      label="resources.devices.markLost.bulk"
      disabled={markLost.isPending || targets.length === 0}
      onClick={() => markLost.mutate(targets)}
    >
      <ReportIcon />
    </RaButton>
  );
}
