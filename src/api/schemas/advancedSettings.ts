/** Advanced Settings shapes (src/api/advancedSettings.ts; docs/api.md "Advanced settings"). */
import Type from "typebox";
import {
  BOX_SETTING_LIMITS,
  FIRMWARE_CHANNELS,
  FORCED_RESET_TARGETS,
  PHONE_TEXT_MAX_LENGTH,
} from "../advancedSettings";
import { nullable, stringEnum } from "./common";

/** Text a person typed: bounded, and never a NUL (PostgreSQL text cannot hold one). */
// The handler refuses a blank one itself, in its own words (server/src/http/validation.ts OWN_BLANK_REFUSAL).
const text = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, pattern: "^[^\\u0000]*$", description, "x-ownBlankRefusal": true });

const bounded = (limits: { min: number; max: number }, description: string) =>
  Type.Integer({ minimum: limits.min, maximum: limits.max, description });

/** Every setting of a box type: a write sends them all (no partial settings are stored). */
export const boxTypeSettingsValuesSchema = Type.Object(
  {
    testTimeoutSeconds: bounded(
      BOX_SETTING_LIMITS.testTimeoutSeconds,
      "Seconds the device app waits for the box to finish a test (default 120).",
    ),
    aiAnalysis: Type.Boolean({ description: "Whether the app asks for the AI analysis of each test (default true)." }),
    jpegQuality: bounded(BOX_SETTING_LIMITS.jpegQuality, "JPEG quality of the uploaded photos (default 90)."),
    firmwareChannel: stringEnum(FIRMWARE_CHANNELS, {
      description: "Firmware builds the box is offered: stable only, or beta too (default stable).",
    }),
    configRefreshMinutes: bounded(
      BOX_SETTING_LIMITS.configRefreshMinutes,
      "Minutes between the app's own downloads of its configuration (default 60).",
    ),
  },
  { additionalProperties: false },
);

const typeCode = Type.Integer({ description: "The device type code (spec §3)." });

/** One box type's settings: stored ones, or the defaults (version 0) until a super admin saves. */
export const boxTypeSettingsSchema = Type.Object({
  id: Type.Integer({ description: "The type code: the record's id." }),
  typeCode,
  typeName: Type.String(),
  settings: boxTypeSettingsValuesSchema,
  isDefault: Type.Boolean({ description: "True while nothing is stored for this type: the defaults apply." }),
  version: Type.Integer({ minimum: 0, description: "0 while on the defaults; sent back with a write." }),
  updatedAt: nullable("string", { format: "date-time" }),
  updatedById: nullable("string"),
  updatedByName: nullable("string"),
});

export const boxTypeSettingsUpdateSchema = Type.Object(
  {
    settings: boxTypeSettingsValuesSchema,
    version: Type.Integer({ minimum: 0, description: "The version read (0 while on the defaults); 409 when stale." }),
  },
  { additionalProperties: false },
);

export const typeCodeParams = Type.Object(
  { typeCode: Type.Integer({ minimum: 0, maximum: 99_999 }) },
  { additionalProperties: false },
);

const idField = (description: string) =>
  Type.String({ minLength: 1, maxLength: 100, pattern: "^[^\\u0000]*$", description });

/** POST forced-resets: the target and only its own fields (FORCED_RESET_FIELDS). */
export const forcedResetCreateSchema = Type.Object(
  {
    target: stringEnum(FORCED_RESET_TARGETS),
    userId: Type.Optional(idField("target user: the user.")),
    deviceId: Type.Optional(idField("target phone: the device whose phone resets.")),
    phoneBrand: Type.Optional(text(PHONE_TEXT_MAX_LENGTH, "target phone_model: the brand, e.g. Apple.")),
    phoneModel: Type.Optional(text(PHONE_TEXT_MAX_LENGTH, "target phone_model: the model, e.g. iPhone 15 Pro.")),
    phoneOs: Type.Optional(text(PHONE_TEXT_MAX_LENGTH, "target os_version: the OS version, e.g. iOS 17.5.")),
  },
  { additionalProperties: false },
);

export const deviceConfigQuerySchema = Type.Object(
  { serialNumber: text(100, "The serial number of the box the app is paired with.") },
  { additionalProperties: false },
);

/** The device app's configuration: its box type's settings, and whether it must reset first. */
export const deviceConfigSchema = Type.Object({
  serialNumber: Type.String(),
  typeCode,
  typeName: Type.String(),
  settings: boxTypeSettingsValuesSchema,
  settingsVersion: Type.Integer({ minimum: 0, description: "The box type's settings version (0: the defaults)." }),
  reset: Type.Boolean({
    description: "True when a pending forced reset matched this call: drop the cached configuration and start over.",
  }),
  resetIds: Type.Array(Type.String(), { description: "The forced resets this call picked up." }),
});
