/**
 * Advanced Settings (spec §2 /advanced-settings and §6's change log: super admins edit settings per
 * box type and force resets per user, phone, phone model or OS version), as docs/api.md "Advanced
 * settings" describes them. Shared by the console, the service and the tests; the shapes of the
 * settings and of the device app's call are the schemas' (src/api/schemas/advancedSettings.ts).
 */
import type { Static } from "typebox";
import type {
  boxTypeSettingsSchema,
  boxTypeSettingsUpdateSchema,
  boxTypeSettingsValuesSchema,
  deviceConfigSchema,
  forcedResetCreateSchema,
} from "./schemas/advancedSettings";
import { DEVICE_TYPES } from "./tests";

export const BOX_TYPE_SETTINGS = "box-type-settings";

/** The box types a super admin edits: spec §3's device types, in type-code order. */
export const BOX_TYPE_CODES: readonly number[] = Object.keys(DEVICE_TYPES)
  .map(Number)
  .sort((a, b) => a - b);
export const FORCED_RESETS = "forced-resets";

/** The update channel a box's firmware follows: tested builds only, or the beta ones too. */
export const FIRMWARE_CHANNELS = ["stable", "beta"] as const;

/** The bounds of the numeric settings, inclusive (both sides check them). */
export const BOX_SETTING_LIMITS = {
  /** How long the device app waits for the box to finish a test before it gives up. */
  testTimeoutSeconds: { min: 10, max: 600 },
  /** The JPEG quality of the photos the app uploads: lower is smaller and blurrier. */
  jpegQuality: { min: 50, max: 100 },
  /** How often the app downloads its configuration again on its own (a forced reset is sooner). */
  configRefreshMinutes: { min: 5, max: 1440 },
} as const;

export type BoxTypeSettingsValues = Static<typeof boxTypeSettingsValuesSchema>;

/** What a box type uses until a super admin changes it (a type with no stored settings). */
export const DEFAULT_BOX_TYPE_SETTINGS: BoxTypeSettingsValues = {
  testTimeoutSeconds: 120,
  aiAnalysis: true,
  jpegQuality: 90,
  firmwareChannel: "stable",
  configRefreshMinutes: 60,
};

/** The settings' fields in the order the form shows them. */
export const BOX_SETTING_FIELDS = Object.keys(DEFAULT_BOX_TYPE_SETTINGS) as (keyof BoxTypeSettingsValues)[];

/** One box type's settings as GET box-type-settings answers them (the id is the type code). */
export type BoxTypeSettings = Static<typeof boxTypeSettingsSchema>;
/** PUT box-type-settings/{typeCode}: every setting, and the version read (0 while on the defaults). */
export type BoxTypeSettingsUpdate = Static<typeof boxTypeSettingsUpdateSchema>;

/**
 * What a forced reset reaches: every device app signed in as a user, one device's phone, every
 * phone of a brand and model, or every phone on an OS version.
 */
export const FORCED_RESET_TARGETS = ["user", "phone", "phone_model", "os_version"] as const;
export type ForcedResetTarget = (typeof FORCED_RESET_TARGETS)[number];

/** Pending until a matching device app calls (picked up) or a super admin cancels it. */
export const FORCED_RESET_STATUSES = ["pending", "picked-up", "canceled"] as const;

/** A phone brand, model or OS version as a reset names it. */
export const PHONE_TEXT_MAX_LENGTH = 100;

/** The fields of a reset that name its target. */
export type ForcedResetField = Exclude<keyof ForcedResetCreate, "target">;

/** The body fields each target needs (any other target's field is refused). */
export const FORCED_RESET_FIELDS: Record<ForcedResetTarget, readonly ForcedResetField[]> = {
  user: ["userId"],
  phone: ["deviceId"],
  phone_model: ["phoneBrand", "phoneModel"],
  os_version: ["phoneOs"],
};

/** POST forced-resets. */
export type ForcedResetCreate = Static<typeof forcedResetCreateSchema>;

// Declared once, in src/api/contract/forcedResets.ts (its TypeBox schema); this is its type.
export type { ForcedReset } from "./contract/forcedResets";

/** GET device-config: the device app's configuration, and whether it must reset. */
export type DeviceConfig = Static<typeof deviceConfigSchema>;
