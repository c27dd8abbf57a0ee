import { useState } from "react";
import type { FieldValues } from "react-hook-form";
import { Button, DialogContentText } from "@mui/material";
import EditIcon from "@mui/icons-material/DriveFileRenameOutline";
import ReportIcon from "@mui/icons-material/ReportProblemOutlined";
import { regex, TextInput, useTranslate, type Validator } from "react-admin";
import { NAME_TEXT } from "../../api/contract/limits";
import type { Device } from "../../api/resources";
import { CUSTOM_BOX_NAME_MAX_LENGTH as MAX_BOX_NAME } from "../../api/rules";
import { ActionFormDialog } from "../shared/ActionFormDialog";
import { BulkRecordActionButton } from "../shared/BulkRecordActionButton";
import { ConfirmedActionButton } from "../shared/ConfirmedActionButton";
import { GraceGuard } from "../shared/GraceNote";
import { deviceName } from "../shared/deviceName";
import { useRecordAction } from "../shared/useRecordAction";
import { useCanAccessRecord } from "../../access/useCanAccessRecord";

const DEVICES = "devices";

/** The service trims the name: so does the limit. */
const boxNameLength: Validator = (value) =>
  String(value ?? "").trim().length > MAX_BOX_NAME
    ? { message: "ra.validation.maxLength", args: { max: MAX_BOX_NAME } }
    : undefined;

/** A box's name reads as written in every list: no NUL, no text-direction control (as every name). */
const BOX_NAME_CHECKS = [boxNameLength, regex(new RegExp(NAME_TEXT.source), NAME_TEXT.message)];

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
      <GraceGuard write="POST /api/devices/{id}/custom-name">
        <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setOpen(true)}>
          {translate("resources.devices.rename.button")}
        </Button>
      </GraceGuard>
      <ActionFormDialog
        open={open}
        onClose={() => setOpen(false)}
        titleId="rename-title"
        title={translate("resources.devices.rename.title")}
        resource={DEVICES}
        record={{ id: device.id, customBoxName: device.customBoxName ?? "" }}
        onSubmit={(values: FieldValues) => rename.submit(String(values.customBoxName ?? "").trim() || null)}
      >
        <DialogContentText sx={{ mb: 2 }}>{translate("resources.devices.rename.help")}</DialogContentText>
        <TextInput source="customBoxName" validate={BOX_NAME_CHECKS} autoFocus fullWidth />
      </ActionFormDialog>
    </>
  );
}

/** Mark a device lost, after a confirmation. */
export function MarkLostButton({ device }: { device: Device }) {
  const { canAccess } = useCanAccessRecord({ resource: DEVICES, action: "markLost", record: device });
  if (!canAccess) return null;
  return (
    <ConfirmedActionButton
      resource={DEVICES}
      action={(dataProvider) => dataProvider.markDeviceLost(device.id, device.version)}
      success="resources.devices.markLost.done"
      successArgs={() => ({ smart_count: 1 })}
      write="POST /api/devices/{id}/mark-lost"
      note="start"
      label="resources.devices.markLost.button"
      icon={<ReportIcon />}
      color="error"
      title="resources.devices.markLost.title"
      content="resources.devices.markLost.body"
      translateOptions={{ name: deviceName(device) }}
    />
  );
}

/** Bulk action (one mutation, notify, unselect): mark the selected active devices lost. */
export function BulkMarkLostButton() {
  return (
    <BulkRecordActionButton<Device>
      resource={DEVICES}
      access="markLost"
      write="POST /api/devices/{id}/mark-lost"
      call={(dataProvider, device) => dataProvider.markDeviceLost(device.id, device.version)}
      success="resources.devices.markLost.done"
      label="resources.devices.markLost.bulk"
      icon={<ReportIcon />}
    />
  );
}
