/** Devices: the testing boxes (docs/api-resources.md "Devices"). */
import type { Static } from "typebox";
import { DEVICE_STATUSES } from "../resources";
import { declareResource } from "./declare";
import * as fieldSchema from "./fields";

export const deviceRecord = fieldSchema.record("device", {
  id: fieldSchema.id(),
  version: fieldSchema.version(),
  serialNumber: fieldSchema.text(),
  /** Spec §3's device type code (5001 Dr. Watson…); the console names it. */
  typeCode: fieldSchema.integer(),
  /** The name the account gave the box (admins change it). */
  customBoxName: fieldSchema.textOrNull(),
  firmwareVersion: fieldSchema.textOrNull(),
  accountId: fieldSchema.id(),
  accountName: fieldSchema.text(),
  businessId: fieldSchema.textOrNull(),
  businessName: fieldSchema.textOrNull(),
  status: fieldSchema.oneOf(DEVICE_STATUSES),
  lastSeenAt: fieldSchema.dateOrNull(),
  /** The phone last used with the box. */
  phoneBrand: fieldSchema.textOrNull(),
  phoneModel: fieldSchema.textOrNull(),
  phoneOs: fieldSchema.textOrNull(),
  /** Whether its owner gets its emails (marked lost, new firmware); their unsubscribe link turns it off. */
  notifyOwner: fieldSchema.boolean(),
  createdAt: fieldSchema.date(),
});
export type Device = Static<typeof deviceRecord>;

/** q searches serial number, custom box name and phone model. */
export const devicesContract = declareResource<Device>()({
  name: "devices",
  label: "device",
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
    typeCode: "exact",
    status: "exact",
    accountId: "exact",
    businessId: "exact",
    firmwareVersion: "exact",
    lastSeenAt: "range",
  },
  search: true,
  representation: "serialNumber",
  references: { accountId: "accounts", businessId: "businesses" },
  editable: ["serialNumber", "typeCode", "accountId", "businessId", "customBoxName", "status"],
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
