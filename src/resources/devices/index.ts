import DevicesIcon from "@mui/icons-material/DevicesOtherOutlined";
import type { Device } from "../../api/resources";

/** Devices (spec §2: /devices and /devices/:deviceId for all). */
export const devices = {
  name: "devices",
  icon: DevicesIcon,
  recordRepresentation: (record: Device) => record.customBoxName || record.serialNumber,
  list: () => import("./DeviceList"),
  show: () => import("./DeviceShow"),
};
export { DeviceTable } from "./DeviceTable";
