import CheckCircleIcon from "@mui/icons-material/CheckCircleOutline";
import { LOST_DEVICES, type LostDevice } from "../../api/lostDevices";
import { ConfirmedActionButton } from "../shared/ConfirmedActionButton";
import { deviceName } from "../shared/deviceName";

/**
 * Mark a lost device found, after a confirmation: POST devices/{id}/mark-found with the version
 * the row shows (a stale one is refused with 409: the list reloads and says so). On success the
 * list reloads and the device leaves it. The caller asks canAccess (super admins only).
 */
export function MarkFoundButton({ device }: { device: LostDevice }) {
  return (
    <ConfirmedActionButton
      resource={LOST_DEVICES}
      alsoChanges={["devices"]}
      action={(dataProvider) => dataProvider.markDeviceFound(device.id, device.version)}
      success="resources.lost-devices.markFound.done"
      label="resources.lost-devices.markFound.button"
      icon={<CheckCircleIcon />}
      color="success"
      title="resources.lost-devices.markFound.title"
      content="resources.lost-devices.markFound.body"
      translateOptions={{ name: deviceName(device) }}
    />
  );
}
