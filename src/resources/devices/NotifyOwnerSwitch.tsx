import { FormControlLabel, Switch } from "@mui/material";
import { useTranslate } from "react-admin";
import type { Device } from "../../api/resources";
import { useCanAccessRecord } from "../../access/useCanAccessRecord";
import { useRecordAction } from "../shared/useRecordAction";
import { useGraceRefusal } from "../../access/useGraceRefusal";

/**
 * Whether the device's owner gets its emails (marked lost, new firmware; docs/api.md "Public
 * flows"): a switch for those who may change it (super admins, the account's admins), the word
 * for everyone else. The emails' unsubscribe link turns it off; this is the way back on.
 */
export function NotifyOwnerSwitch({ device }: { device: Device }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccessRecord({ resource: "devices", action: "notifyOwner", record: device });
  const toggle = useRecordAction<boolean, Device>({
    resource: "devices",
    action: (dataProvider, on) => dataProvider.setDeviceNotifyOwner(device.id, on, device.version),
    success: "resources.devices.notifyOwner.done",
    successArgs: (on) => ({
      state: translate(on ? "resources.devices.notifyOwner.on" : "resources.devices.notifyOwner.off"),
    }),
  });
  // While the grace period refuses the change, the switch shows the state, disabled, and why.
  const refused = useGraceRefusal("POST /api/devices/{id}/notify-owner");
  const state = translate(
    device.notifyOwner ? "resources.devices.notifyOwner.on" : "resources.devices.notifyOwner.off",
  );
  if (!canAccess) return <>{state}</>;
  return (
    <FormControlLabel
      // The switch's own padding sits in the margin, so its track lines up with the other values.
      sx={{ my: -1 }}
      control={
        <Switch
          checked={device.notifyOwner}
          disabled={toggle.isPending || refused !== null}
          onChange={(event) => void toggle.run(event.target.checked)}
          slotProps={{ input: { "aria-label": translate("resources.devices.notifyOwner.switch") } }}
        />
      }
      label={refused === null ? state : `${state} · ${refused}`}
    />
  );
}
