/** Firmware builds, one device type each (docs/api-resources.md "Firmware"). */
import type { Static } from "typebox";
import { FIRMWARE_STATUSES } from "../resources";
import { declareResource } from "./declare";
import { field, record } from "./fields";

/**
 * `firmwareVersion` is the build's own version ("4.2.1"); `version` is the record's concurrency
 * version, as on every record.
 */
export const firmwareRecord = record("firmware", {
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
  status: field.oneOf(FIRMWARE_STATUSES),
  uploadedById: field.id(),
  uploadedByName: field.text(),
  uploadedAt: field.date(),
});
export type Firmware = Static<typeof firmwareRecord>;

/** q searches firmware version and release notes. */
export const firmwareContract = declareResource<Firmware>()({
  name: "firmware",
  label: "firmware",
  sorts: ["firmwareVersion", "deviceTypeCode", "status", "fileSize", "uploadedAt", "uploadedByName"],
  defaultSort: ["uploadedAt", "DESC"],
  filters: { deviceTypeCode: "exact", status: "exact", uploadedAt: "range" },
  search: true,
  representation: "firmwareVersion",
  references: { uploadedById: "users" },
});
