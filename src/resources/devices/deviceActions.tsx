import { useState, type FormEvent } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import EditIcon from "@mui/icons-material/DriveFileRenameOutline";
import ReportIcon from "@mui/icons-material/ReportProblemOutlined";
import { Button as RaButton, useListContext, useTranslate, useUnselectAll } from "react-admin";
import type { Device } from "../../api/resources";
import { ConfirmButton } from "../shared/ConfirmButton";
import { canMarkLost, canRenameDevice } from "../shared/permissions";
import { useActor } from "../shared/useActor";
import { useRecordAction } from "../shared/useRecordAction";

const INVALIDATES = ["devices"];
const MAX_BOX_NAME = 60;

/** Change the custom box name (change log: Admin), POST /api/devices/{id}/custom-name. */
export function RenameDeviceButton({ device }: { device: Device }) {
  const translate = useTranslate();
  const actor = useActor();
  const { run, running } = useRecordAction();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(device.customBoxName ?? "");
  if (!canRenameDevice(actor, device)) return null;
  const tooLong = name.trim().length > MAX_BOX_NAME;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    const done = await run(
      (dataProvider) => dataProvider.renameDevice(device.id, name.trim() || null, device.version),
      {
        success: "resources.devices.rename.done",
        invalidate: INVALIDATES,
      },
    );
    // On a conflict the dialog stays open with the typed name; the device reloads underneath.
    if (done) setOpen(false);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<EditIcon />}
        onClick={() => {
          setName(device.customBoxName ?? "");
          setOpen(true);
        }}
      >
        {translate("resources.devices.rename.button")}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="rename-title">
        <form onSubmit={save} noValidate>
          <DialogTitle id="rename-title">{translate("resources.devices.rename.title")}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate("resources.devices.rename.help")}</DialogContentText>
            <TextField
              autoFocus
              fullWidth
              label={translate("resources.devices.fields.customBoxName")}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={tooLong}
              helperText={tooLong ? translate("ra.validation.maxLength", { max: MAX_BOX_NAME }) : " "}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate("resources.shared.cancel")}</Button>
            <Button type="submit" variant="contained" disabled={running || tooLong}>
              {translate("resources.shared.save")}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

/** Mark a device lost, after a confirmation. */
export function MarkLostButton({ device }: { device: Device }) {
  const actor = useActor();
  const { run, running } = useRecordAction();
  if (!canMarkLost(actor, device)) return null;
  return (
    <ConfirmButton
      label="resources.devices.markLost.button"
      icon={<ReportIcon />}
      color="error"
      title="resources.devices.markLost.title"
      content="resources.devices.markLost.body"
      translateOptions={{ name: device.customBoxName || device.serialNumber }}
      disabled={running}
      onConfirm={() =>
        run((dataProvider) => dataProvider.markDeviceLost(device.id, device.version), {
          success: "resources.devices.markLost.done",
          successArgs: { smart_count: 1 },
          invalidate: INVALIDATES,
        })
      }
    />
  );
}

/** Bulk action: mark the selected active devices lost. */
export function BulkMarkLostButton() {
  const { data = [], selectedIds, resource } = useListContext<Device>();
  const actor = useActor();
  const unselectAll = useUnselectAll(resource);
  const { run, running } = useRecordAction();
  const targets = data.filter((device) => selectedIds.includes(device.id) && canMarkLost(actor, device));
  return (
    <RaButton
      label="resources.devices.markLost.bulk"
      disabled={running || targets.length === 0}
      onClick={async () => {
        const done = await run(
          (dataProvider) =>
            Promise.all(targets.map((device) => dataProvider.markDeviceLost(device.id, device.version))),
          {
            success: "resources.devices.markLost.done",
            successArgs: { smart_count: targets.length },
            invalidate: INVALIDATES,
          },
        );
        if (done) unselectAll();
      }}
    >
      <ReportIcon />
    </RaButton>
  );
}
