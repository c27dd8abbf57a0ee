/** Lost devices: the devices marked lost, super admins only (docs/api-resources.md "Lost devices"). */
import type { Static } from "typebox";
import { LOST_DEVICES } from "../lostDevices";
import { declareResource } from "./declare";
import * as fieldSchema from "./fields";

/** The device, when and by whom it was marked lost, and the last test made with it. */
export const lostDeviceRecord = fieldSchema.record("lost device", {
  id: fieldSchema.id(),
  /** The device's version: mark found sends it back (409 when stale). */
  version: fieldSchema.version(),
  serialNumber: fieldSchema.text(),
  /** Spec §3's device type code; the console names it. */
  typeCode: fieldSchema.integer(),
  customBoxName: fieldSchema.textOrNull(),
  accountId: fieldSchema.id(),
  accountName: fieldSchema.text(),
  /** The latest "mark-lost" activity entry; null for a device marked lost before the log. */
  lostAt: fieldSchema.dateOrNull(),
  lostById: fieldSchema.textOrNull(),
  lostByName: fieldSchema.textOrNull(),
  /** The last test made with the device (deleted ones left out); null when it made none. */
  lastTestId: fieldSchema.textOrNull(),
  lastTestName: fieldSchema.textOrNull(),
  lastTestDate: fieldSchema.dateOrNull(),
});
export type LostDevice = Static<typeof lostDeviceRecord>;

/** q searches the serial number and custom box name. */
export const lostDevicesContract = declareResource<LostDevice>()({
  name: LOST_DEVICES,
  label: "lost device",
  sorts: ["lostAt", "serialNumber", "typeCode", "customBoxName", "accountName", "lastTestDate"],
  defaultSort: ["lostAt", "DESC"],
  filters: { accountId: "exact", typeCode: "exact" },
  search: true,
  representation: "serialNumber",
  references: { accountId: "accounts", lostById: "users", lastTestId: "tests" },
  access: { list: ["SuperAdmin"], get: ["SuperAdmin"], export: ["SuperAdmin"] },
});
