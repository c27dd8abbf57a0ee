import FirmwareIcon from "@mui/icons-material/MemoryOutlined";
import type { Firmware } from "../../api/resources";

/** Firmware (spec §2: /firmware and /firmware/upload, super admin). */
export const firmware = {
  name: "firmware",
  icon: FirmwareIcon,
  recordRepresentation: (record: Firmware) => record.firmwareVersion,
  list: () => import("./FirmwareList"),
  upload: () => import("./FirmwareUpload"),
};
