import { lazy } from "react";
import { lazyPage } from "../../custom/startup/lazyPage";
import { loadFirmwareList } from "../../custom/startup/routeCode";
import FirmwareIcon from "@mui/icons-material/MemoryOutlined";
import type { Firmware } from "../../api/resources";
import type { ResourceConfig } from "../shared/resourceConfig";

/** Firmware (spec §2: /firmware, super admin). */
export const firmware = {
  icon: FirmwareIcon,
  recordRepresentation: (record: Firmware) => record.firmwareVersion,
  list: lazyPage(loadFirmwareList),
} satisfies ResourceConfig;

/** /firmware/upload: the spec's route for creating one. */
export const FirmwareUploadPage = lazy(() => import("./FirmwareUpload"));
