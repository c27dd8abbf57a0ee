/** Lost devices: the devices marked lost, super admins only (docs/api-resources.md "Lost devices"). */
import { LOST_DEVICES } from "../lostDevices";
import { declareResource } from "./declare";
import * as field from "./fields";

/** q searches the serial number and custom box name. */
export const lostDevicesContract = declareResource({
  name: LOST_DEVICES,
  label: "lost device",
  description: "The devices marked lost.",
  /** The device, when and by whom it was marked lost, and the last test made with it. */
  fields: {
    id: field.id(),
    /** The device's version: mark found sends it back (409 when stale). */
    version: field.version(),
    serialNumber: field.text(),
    /** Spec §3's device type code; the console names it. */
    typeCode: field.integer(),
    customBoxName: field.textOrNull(),
    accountId: field.id(),
    accountName: field.text(),
    /** The latest "mark-lost" activity entry; null for a device marked lost before the log. */
    lostAt: field.dateOrNull(),
    lostById: field.textOrNull(),
    lostByName: field.textOrNull(),
    /** The last test made with the device (deleted ones left out); null when it made none. */
    lastTestId: field.textOrNull(),
    lastTestName: field.textOrNull(),
    lastTestDate: field.dateOrNull(),
  },
  columns: ["serialNumber", "typeCode", "customBoxName", "accountName", "lostAt", "lastTestDate"],
  sorts: ["lostAt", "serialNumber", "typeCode", "customBoxName", "accountName", "lastTestDate"],
  defaultSort: ["lostAt", "DESC"],
  filters: { accountId: "exact", typeCode: "exact" },
  search: true,
  representation: "serialNumber",
  references: { accountId: "accounts", lostById: "users", lastTestId: "tests" },
  access: { list: ["SuperAdmin"], get: ["SuperAdmin"], export: ["SuperAdmin"] },
});
export type LostDevice = field.RecordOf<typeof lostDevicesContract.fields>;
