/** Devices: the testing boxes (docs/api-resources.md "Devices"). */
import { DEVICE_STATUSES } from "../resources";
import { declareResource } from "./declare";
import * as field from "./fields";
import { ID, NAME_TEXT, OPTIONAL_ID } from "./limits";
import { CUSTOM_BOX_NAME_MAX_LENGTH, SERIAL_NUMBER_MAX_LENGTH } from "../rules";

/** q searches serial number, custom box name and phone model. */
export const devicesContract = declareResource({
  name: "devices",
  label: "device",
  description: "Testing devices: register, edit, rename, lost and found, the owner's emails.",
  fields: {
    id: field.id(),
    version: field.version(),
    serialNumber: field.text({
      minLength: 1,
      maxLength: SERIAL_NUMBER_MAX_LENGTH,
      pattern: { source: "^[A-Za-z0-9._-]+$", message: "resources.shared.invalid.serialNumber" },
    }),
    /** Spec §3's device type code (5001 Dr. Watson…); the console names it. */
    typeCode: field.integer({ minimum: 1, maximum: 99999 }),
    /** The name the account gave the box (admins change it). */
    customBoxName: field.textOrNull({ maxLength: CUSTOM_BOX_NAME_MAX_LENGTH, optional: true, pattern: NAME_TEXT }),
    firmwareVersion: field.textOrNull(),
    accountId: field.id(ID),
    accountName: field.text(),
    businessId: field.textOrNull(OPTIONAL_ID),
    businessName: field.textOrNull(),
    status: field.oneOf(DEVICE_STATUSES, "status"),
    lastSeenAt: field.dateOrNull(),
    /** The phone last used with the box. */
    phoneBrand: field.textOrNull(),
    phoneModel: field.textOrNull(),
    phoneOs: field.textOrNull(),
    /** Whether its owner gets its emails (marked lost, new firmware); their unsubscribe link turns it off. */
    notifyOwner: field.boolean(),
    /** Whether test records name it (deleted ones included): such a device cannot be deleted, only marked lost. */
    hasTests: field.boolean(),
    createdAt: field.date(),
  },
  columns: [
    "serialNumber",
    "typeCode",
    "customBoxName",
    "firmwareVersion",
    "accountName",
    "businessName",
    "status",
    "phoneModel",
    "phoneOs",
    "lastSeenAt",
    "createdAt",
  ],
  hiddenColumns: ["phoneOs", "createdAt", "firmwareVersion"],
  sorts: [
    "serialNumber",
    "typeCode",
    "customBoxName",
    "firmwareVersion",
    "status",
    "lastSeenAt",
    "createdAt",
    "accountName",
    "businessName",
    "phoneModel",
    "phoneOs",
  ],
  defaultSort: ["lastSeenAt", "DESC"],
  filters: {
    status: "exact",
    typeCode: "exact",
    accountId: "exact",
    businessId: "exact",
    firmwareVersion: "exact",
    lastSeenAt: "range",
  },
  search: true,
  representation: "serialNumber",
  references: { accountId: "accounts", businessId: "businesses" },
  editable: ["serialNumber", "typeCode", "customBoxName", "accountId", "businessId", "status"],
  access: {
    list: "signedIn",
    get: "signedIn",
    export: ["SuperAdmin", "Admin"],
    create: ["SuperAdmin"],
    update: ["SuperAdmin"],
    delete: ["SuperAdmin"],
    actions: {
      "mark-lost": ["SuperAdmin", "Admin"],
      "notify-owner": ["SuperAdmin", "Admin"],
      "custom-name": ["SuperAdmin", "Admin"],
      "mark-found": ["SuperAdmin"],
    },
  },
});
export type Device = field.RecordOf<typeof devicesContract.fields>;
