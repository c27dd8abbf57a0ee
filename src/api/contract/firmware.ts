/** Firmware builds, one device type each (docs/api-resources.md "Firmware"). */
import type { Static } from "typebox";
import { FIRMWARE_STATUSES } from "../resources";
import { declareResource, everyRouteFor } from "./declare";
import * as fieldSchema from "./fields";

/**
 * `firmwareVersion` is the build's own version ("4.2.1"); `version` is the record's concurrency
 * version, as on every record.
 */
export const firmwareRecord = fieldSchema.record("firmware", {
  id: fieldSchema.id(),
  version: fieldSchema.version(),
  firmwareVersion: fieldSchema.text(),
  deviceTypeCode: fieldSchema.integer(),
  releaseNotes: fieldSchema.text(),
  fileName: fieldSchema.text(),
  /** Bytes. */
  fileSize: fieldSchema.integer(),
  /** Hex SHA-256 of the file, computed by the service. */
  sha256: fieldSchema.text(),
  status: fieldSchema.oneOf(FIRMWARE_STATUSES),
  uploadedById: fieldSchema.id(),
  uploadedByName: fieldSchema.text(),
  uploadedAt: fieldSchema.date(),
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
  access: everyRouteFor(["SuperAdmin"]),
});
