/** Firmware builds, one device type each (docs/api-resources.md "Firmware"). */
import { FIRMWARE_STATUSES } from "../resources";
import { declareResource, everyRouteFor } from "./declare";
import * as field from "./fields";

/** q searches firmware version and release notes. */
export const firmwareContract = declareResource({
  name: "firmware",
  label: "firmware",
  description: "Device firmware builds: upload, edit, download, delete.",
  /**
   * `firmwareVersion` is the build's own version ("4.2.1"); `version` is the record's concurrency
   * version, as on every record.
   */
  fields: {
    id: field.id(),
    version: field.version(),
    firmwareVersion: field.text(),
    deviceTypeCode: field.integer(),
    releaseNotes: field.text(),
    fileName: field.text(),
    /** Bytes. */
    fileSize: field.integer(),
    /** Hex SHA-256 of the file, computed by the service. */
    sha256: field.text(),
    status: field.oneOf(FIRMWARE_STATUSES, "status"),
    uploadedById: field.id(),
    uploadedByName: field.text(),
    uploadedAt: field.date(),
  },
  columns: [
    "firmwareVersion",
    "deviceTypeCode",
    "status",
    "fileName",
    "fileSize",
    "sha256",
    "uploadedByName",
    "uploadedAt",
  ],
  hiddenColumns: ["sha256", "fileName"],
  sorts: ["firmwareVersion", "deviceTypeCode", "status", "fileSize", "uploadedAt", "uploadedByName"],
  defaultSort: ["uploadedAt", "DESC"],
  filters: { deviceTypeCode: "exact", status: "exact", uploadedAt: "range" },
  search: true,
  representation: "firmwareVersion",
  references: { uploadedById: "users" },
  access: everyRouteFor(["SuperAdmin"]),
});
export type Firmware = field.RecordOf<typeof firmwareContract.fields>;
