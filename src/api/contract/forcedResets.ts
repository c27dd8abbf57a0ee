/** Forced resets of the device apps, super admins only (docs/api.md "Advanced settings"). */
import type { Static } from "typebox";
import { FORCED_RESET_STATUSES, FORCED_RESET_TARGETS, FORCED_RESETS } from "../advancedSettings";
import { declareResource } from "./declare";
import * as fieldSchema from "./fields";

/** A forced reset as GET forced-resets answers it: what it targets, who asked, and what became of it. */
export const forcedResetRecord = fieldSchema.record("forced reset", {
  id: fieldSchema.id(),
  target: fieldSchema.oneOf(FORCED_RESET_TARGETS),
  /** The target in words: the user's name, the device's box name (or serial), brand and model, the OS. */
  targetName: fieldSchema.text(),
  /** target user: the user; target phone: the device (its account either way). */
  userId: fieldSchema.textOrNull(),
  userName: fieldSchema.textOrNull(),
  deviceId: fieldSchema.textOrNull(),
  deviceSerialNumber: fieldSchema.textOrNull(),
  accountId: fieldSchema.textOrNull(),
  accountName: fieldSchema.textOrNull(),
  /** target phone_model: brand and model; target os_version: the OS version. */
  phoneBrand: fieldSchema.textOrNull(),
  phoneModel: fieldSchema.textOrNull(),
  phoneOs: fieldSchema.textOrNull(),
  status: fieldSchema.oneOf(FORCED_RESET_STATUSES),
  requestedById: fieldSchema.id(),
  requestedByName: fieldSchema.text(),
  createdAt: fieldSchema.date(),
  /** The device app's call that picked it up: when, which device, signed in as whom. */
  pickedUpAt: fieldSchema.dateOrNull(),
  pickedUpDeviceId: fieldSchema.textOrNull(),
  pickedUpDeviceSerialNumber: fieldSchema.textOrNull(),
  pickedUpByName: fieldSchema.textOrNull(),
  canceledAt: fieldSchema.dateOrNull(),
  canceledById: fieldSchema.textOrNull(),
  canceledByName: fieldSchema.textOrNull(),
});
export type ForcedReset = Static<typeof forcedResetRecord>;

/** q searches the target's name, who asked and the target device's serial number. */
export const forcedResetsContract = declareResource<ForcedReset>()({
  name: FORCED_RESETS,
  label: "forced reset",
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
