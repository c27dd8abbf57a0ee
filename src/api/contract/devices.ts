/** Devices: the testing boxes (docs/api-resources.md "Devices"). */
import type { Static } from "typebox";
import { DEVICE_STATUSES } from "../resources";
import { declareResource } from "./declare";
import { field, record } from "./fields";

export const deviceRecord = record("device", {
  id: field.id(),
  version: field.version(),
  serialNumber: field.text(),
  /** Spec §3's device type code (5001 Dr. Watson…); the console names it. */
  typeCode: field.integer(),
  /** The name the account gave the box (admins change it). */
  customBoxName: field.textOrNull(),
  firmwareVersion: field.textOrNull(),
  accountId: field.id(),
  accountName: field.text(),
  businessId: field.textOrNull(),
  businessName: field.textOrNull(),
  status: field.oneOf(DEVICE_STATUSES),
  lastSeenAt: field.dateOrNull(),
  /** The phone last used with the box. */
  phoneBrand: field.textOrNull(),
  phoneModel: field.textOrNull(),
  phoneOs: field.textOrNull(),
  /** Whether its owner gets its emails (marked lost, new firmware); their unsubscribe link turns it off. */
  notifyOwner: field.boolean(),
  createdAt: field.date(),
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
});
