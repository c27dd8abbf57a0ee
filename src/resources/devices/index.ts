import { lazy } from "react";
import DevicesIcon from "@mui/icons-material/DevicesOtherOutlined";
import type { Device } from "../../api/resources";
import type { ResourceConfig } from "../shared/resourceConfig";

/** Devices (spec §2: /devices and /devices/:deviceId for all). */
export const devices = {
  icon: DevicesIcon,
  recordRepresentation: (record: Device) => record.customBoxName || record.serialNumber,
  list: lazy(() => import("./DeviceList")),
  edit: lazy(() => import("./DeviceShow")),
} satisfies ResourceConfig;
