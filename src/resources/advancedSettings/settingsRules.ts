/**
 * The box-type settings form's pure rules: the bounds the service holds the numeric settings to
 * (src/api/advancedSettings.ts), said before anything is sent, and what a save sends.
 */
import {
  BOX_SETTING_FIELDS,
  BOX_SETTING_LIMITS,
  type BoxTypeSettings,
  type BoxTypeSettingsUpdate,
  type BoxTypeSettingsValues,
} from "../../api/advancedSettings";

export type NumericSetting = keyof typeof BOX_SETTING_LIMITS;

/** An i18n message with its arguments, as react-admin validators answer. */
export interface Problem {
  message: string;
  args: Record<string, number>;
}

/** Undefined when the value is a whole number within the setting's bounds; else what to say. */
export function settingProblem(setting: NumericSetting, value: unknown): Problem | undefined {
  const { min, max } = BOX_SETTING_LIMITS[setting];
  const fine = typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
  return fine ? undefined : { message: "advancedSettings.boxTypes.range", args: { min, max } };
}

/** PUT box-type-settings' body: every setting from the form, and the version it was read at. */
export function settingsBody(values: Partial<BoxTypeSettings>): BoxTypeSettingsUpdate {
  const settings = Object.fromEntries(
    BOX_SETTING_FIELDS.map((field) => [field, values.settings?.[field]]),
  ) as BoxTypeSettingsValues;
  return { settings, version: values.version ?? 0 };
}
