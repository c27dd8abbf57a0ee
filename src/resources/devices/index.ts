import { lazy } from "react";
import { lazyPage } from "../../custom/startup/lazyPage";
import { loadDeviceList } from "../../custom/startup/routeCode";
import DevicesIcon from "@mui/icons-material/DevicesOtherOutlined";
import type { Device } from "../../api/resources";
import type { ResourceConfig } from "../shared/resourceConfig";

/** Devices (spec §2: /devices and /devices/:deviceId for all). */
export const devices = {
  icon: DevicesIcon,
  recordRepresentation: (record: Device) => record.customBoxName || record.serialNumber,
  list: lazyPage(loadDeviceList),
  edit: lazy(() => import("./DeviceShow")),
} satisfies ResourceConfig;
