/** Forced resets of the device apps, super admins only (docs/api.md "Advanced settings"). */
import { FORCED_RESET_STATUSES, FORCED_RESET_TARGETS, FORCED_RESETS } from "../advancedSettings";
import { declareResource } from "./declare";
import * as field from "./fields";

/** q searches the target's name, who asked and the target device's serial number. */
export const forcedResetsContract = declareResource({
  name: FORCED_RESETS,
  label: "forced reset",
  description: "Forced resets of the device app, per user, phone, phone model or OS version.",
  /** A forced reset as GET forced-resets answers it: what it targets, who asked, and what became of it. */
  fields: {
    id: field.id(),
    target: field.oneOf(FORCED_RESET_TARGETS),
    /** The target in words: the user's name, the device's box name (or serial), brand and model, the OS. */
    targetName: field.text(),
    /** target user: the user; target phone: the device (its account either way). */
    userId: field.textOrNull(),
    userName: field.textOrNull(),
    deviceId: field.textOrNull(),
    deviceSerialNumber: field.textOrNull(),
    accountId: field.textOrNull(),
    accountName: field.textOrNull(),
    /** target phone_model: brand and model; target os_version: the OS version. */
    phoneBrand: field.textOrNull(),
    phoneModel: field.textOrNull(),
    phoneOs: field.textOrNull(),
    status: field.oneOf(FORCED_RESET_STATUSES),
    requestedById: field.id(),
    requestedByName: field.text(),
    createdAt: field.date(),
    /** The device app's call that picked it up: when, which device, signed in as whom. */
    pickedUpAt: field.dateOrNull(),
    pickedUpDeviceId: field.textOrNull(),
    pickedUpDeviceSerialNumber: field.textOrNull(),
    pickedUpByName: field.textOrNull(),
    canceledAt: field.dateOrNull(),
    canceledById: field.textOrNull(),
    canceledByName: field.textOrNull(),
  },
  sorts: ["createdAt", "pickedUpAt", "canceledAt", "target", "targetName", "requestedByName"],
  defaultSort: ["createdAt", "DESC"],
  filters: {
    status: "exact",
    target: "exact",
    userId: "exact",
    deviceId: "exact",
    requestedById: "exact",
    createdAt: "range",
  },
  search: true,
  representation: "targetName",
  references: {
    userId: "users",
    deviceId: "devices",
    accountId: "accounts",
    requestedById: "users",
    pickedUpDeviceId: "devices",
    canceledById: "users",
  },
  access: {
    list: ["SuperAdmin"],
    get: ["SuperAdmin"],
    export: ["SuperAdmin"],
    create: ["SuperAdmin"],
    // Withdrawing a pending reset, after a password re-check.
    actions: { cancel: ["SuperAdmin"] },
  },
});
export type ForcedReset = field.RecordOf<typeof forcedResetsContract.fields>;
