/**
 * User Settings (spec §2 /user-settings, everyone; docs/api.md "User settings"): the signed-in
 * user's interface preferences and email notifications, stored on the service per user so they
 * follow the user to every device, and the rules of the avatar and password changes. Shared by the
 * console, the service and the tests; the shapes are the schemas' (src/api/schemas/userSettings.ts).
 */
import type { Static } from "typebox";
import type { preferencesUpdateSchema, userPreferencesSchema } from "./schemas/userSettings";
import type { Role } from "./types";

export const THEMES = ["light", "dark"] as const;

/**
 * The page sizes a user may choose for lists; react-admin's pagination offers the same ones, so
 * the chosen size is always one of its options.
 */
export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50] as const;

/**
 * The emails the product sends a console user, each on or off. A kind a user never turned off is
 * on: a new kind reaches everyone until they say otherwise.
 */
export const EMAIL_NOTIFICATION_KINDS = [
  "device-lost",
  "firmware-released",
  "test-shared",
  "payment-receipt",
  "payment-failed",
  "weekly-digest",
] as const;
export type EmailNotificationKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];

/**
 * Who each email concerns: payments are seen by super admins and admins only (spec §2), so only
 * they are offered the payment emails. The service stores any kind for anyone; the console shows
 * a user the ones that concern them.
 */
export const EMAIL_NOTIFICATION_ROLES: Record<EmailNotificationKind, readonly Role[] | "all"> = {
  "device-lost": "all",
  "firmware-released": "all",
  "test-shared": "all",
  "payment-receipt": ["SuperAdmin", "Admin"],
  "payment-failed": ["SuperAdmin", "Admin"],
  "weekly-digest": "all",
};

export const emailKindsFor = (role: Role): EmailNotificationKind[] =>
  EMAIL_NOTIFICATION_KINDS.filter((kind) => {
    const roles = EMAIL_NOTIFICATION_ROLES[kind];
    return roles === "all" || roles.includes(role);
  });

export type EmailNotifications = Record<EmailNotificationKind, boolean>;
export type UserPreferences = Static<typeof userPreferencesSchema>;
export type PreferencesUpdate = Static<typeof preferencesUpdateSchema>;

const allOn = (): EmailNotifications =>
  Object.fromEntries(EMAIL_NOTIFICATION_KINDS.map((kind) => [kind, true])) as EmailNotifications;

/**
 * What a user who never saved a preference has: light theme, sidebar open, 25 rows per page (the
 * lists' page size before preferences existed), every email on. Version 0: nothing stored yet.
 */
export const DEFAULT_PREFERENCES: UserPreferences = Object.freeze({
  theme: "light",
  sidebarOpen: true,
  rowsPerPage: 25,
  emailNotifications: Object.freeze(allOn()),
  version: 0,
}) as UserPreferences;

/** The stored switches with every kind present: a kind not stored is on; unknown kinds are dropped. */
export function emailNotificationsOf(stored: Readonly<Record<string, boolean>> | null | undefined): EmailNotifications {
  const result = allOn();
  for (const kind of EMAIL_NOTIFICATION_KINDS) {
    if (typeof stored?.[kind] === "boolean") result[kind] = stored[kind];
  }
  return result;
}

/** The preferences after an update: fields the update leaves out stay as they are. */
export function applyPreferencesUpdate(
  current: UserPreferences,
  update: Omit<PreferencesUpdate, "version">,
): Omit<UserPreferences, "version"> {
  return {
    theme: update.theme ?? current.theme,
    sidebarOpen: update.sidebarOpen ?? current.sidebarOpen,
    rowsPerPage: update.rowsPerPage ?? current.rowsPerPage,
    emailNotifications: { ...emailNotificationsOf(current.emailNotifications), ...update.emailNotifications },
  };
}

/**
 * What changed, as the activity log records it: `{ theme: ["light", "dark"] }`, an email by its
 * kind (`"emailNotifications.weekly-digest": [true, false]`). Empty when nothing changed.
 */
export function preferencesChanges(
  before: Omit<UserPreferences, "version">,
  after: Omit<UserPreferences, "version">,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of ["theme", "sidebarOpen", "rowsPerPage"] as const) {
    if (before[key] !== after[key]) changes[key] = [before[key], after[key]];
  }
  for (const kind of EMAIL_NOTIFICATION_KINDS) {
    const was = before.emailNotifications[kind];
    const now = after.emailNotifications[kind];
    if (was !== now) changes[`emailNotifications.${kind}`] = [was, now];
  }
  return changes;
}

// ---------------------------------------------------------------------------------------------
// Avatar

/** An avatar is shown at 100 px at most (spec §9): 2 MiB is plenty for a photo of a face. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The images an avatar may be: the image formats of the test-file upload (spec §5). */
export const AVATAR_EXTENSIONS = [".jpg", ".jpeg", ".png"] as const;

/** The multipart field of POST users/me/avatar. */
export const AVATAR_FIELD = "file";
