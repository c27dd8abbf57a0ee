import CheckCircleIcon from "@mui/icons-material/CheckCircleOutline";
import type { Device } from "../../api/resources";
import { LOST_DEVICES, type LostDevice } from "../../api/lostDevices";
import { ConfirmButton } from "../shared/ConfirmButton";
import { deviceName } from "../shared/deviceName";
import { useRecordAction } from "../shared/useRecordAction";

/**
 * Mark a lost device found, after a confirmation: POST devices/{id}/mark-found with the version
 * the row shows (a stale one is refused with 409: the list reloads and says so). On success the
 * list reloads and the device leaves it. The caller asks canAccess (super admins only).
 */
export function MarkFoundButton({ device }: { device: LostDevice }) {
  const markFound = useRecordAction<void, Device>({
    resource: LOST_DEVICES,
    alsoChanges: ["devices"],
    action: (dataProvider) => dataProvider.markDeviceFound(device.id, device.version),
    success: "resources.lost-devices.markFound.done",
  });
  return (
    <ConfirmButton
      label="resources.lost-devices.markFound.button"
      icon={<CheckCircleIcon />}
      color="success"
      title="resources.lost-devices.markFound.title"
      content="resources.lost-devices.markFound.body"
      translateOptions={{ name: deviceName(device) }}
      loading={markFound.isPending}
      onConfirm={() => markFound.run()}
    />
  );
}
