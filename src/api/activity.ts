/**
 * An activity entry as GET /api/activity answers it (docs/api-resources.md "Activity feed"): who
 * did what to which record, and when; `link` is the console path of the record's page, or null
 * when its type has none or the record is gone.
 */
import { BOX_TYPE_SETTINGS, FORCED_RESETS } from "./advancedSettings";
import { RESOURCES } from "./resources";

export const ACTIVITY = "activity";

/**
 * GET activity counts the entries up to this many (past the page asked for); a larger total is
 * answered as "*" in Content-Range, and the console says "more than" this.
 */
export const ACTIVITY_EXACT_TOTAL = 1000;

/** The record types the activity log names (each resource's API name). */
export const ACTIVITY_RESOURCES = [...RESOURCES, "tests", BOX_TYPE_SETTINGS, FORCED_RESETS] as const;
export type ActivityResource = (typeof ACTIVITY_RESOURCES)[number];

/** The actions the service logs today (the console names them; any other is shown as it is). */
export const ACTIVITY_ACTIONS = [
  "create",
  "update",
  "delete",
  "invite",
  "accept-invitation",
  "role",
  "disable",
  "enable",
  "custom-name",
  "mark-lost",
  "mark-found",
  "refund",
  "cancel",
  "resume",
  "restore",
  "pick-up",
  "sign-in",
  "sign-out",
  "password-check",
  "upload",
  "delete-file",
  "share",
  "ai-run",
  "purge",
  "save-query",
  "delete-query",
  "bookmarks",
  "bulk-download",
  "past-due",
  "cancel-scheduled",
  "run-scheduled",
  "change-password",
  "avatar",
  "preferences",
  "notify-owner",
  "unsubscribe",
  "delete-request",
  "register",
  "reset-password",
] as const;

/** The record types with a page of their own (spec §2), and its path before the id. */
export const ACTIVITY_LINKS = {
  accounts: "/accounts/",
  businesses: "/accounts/business/",
  users: "/users/",
  devices: "/devices/",
  payments: "/payment/",
  subscriptions: "/subscription/",
  tests: "/gallery/item/",
  // The box type's tab of Advanced Settings.
  [BOX_TYPE_SETTINGS]: "/advanced-settings?type=",
} as const satisfies Partial<Record<ActivityResource, string>>;

// The entry is declared once, in src/api/contract/activity.ts (its TypeBox schema); this is its type.
export type { ActivityEntry } from "./contract/activity";
