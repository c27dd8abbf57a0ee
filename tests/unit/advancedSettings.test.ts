/** Advanced Settings' pure rules (src/resources/advancedSettings): what the forms send and say. */
import { describe, expect, it } from "vitest";
import { BOX_SETTING_LIMITS, DEFAULT_BOX_TYPE_SETTINGS } from "../../src/api/advancedSettings";
import { resetBody, targetDetail } from "../../src/resources/advancedSettings/resetRules";
import { settingProblem, settingsBody } from "../../src/resources/advancedSettings/settingsRules";

describe("resetBody", () => {
  it("sends the target and only its own fields, trimmed", () => {
    const typed = {
      target: "phone_model",
      phoneBrand: " Apple ",
      phoneModel: "iPhone 13 ",
      userId: "u-1",
      phoneOs: "iOS",
    };
    expect(resetBody(typed)).toEqual({ target: "phone_model", phoneBrand: "Apple", phoneModel: "iPhone 13" });
    expect(resetBody({ target: "os_version", phoneOs: " iOS 17.5", deviceId: "d-1" })).toEqual({
      target: "os_version",
      phoneOs: "iOS 17.5",
    });
    expect(resetBody({ target: "phone", deviceId: "d-1" })).toEqual({ target: "phone", deviceId: "d-1" });
    expect(resetBody({ target: "user", userId: "u-1" })).toEqual({ target: "user", userId: "u-1" });
  });

  it("leaves out a field the person did not fill in (the service says it is missing)", () => {
    expect(resetBody({ target: "user" })).toEqual({ target: "user" });
    expect(JSON.stringify(resetBody({ target: "user", userId: null }))).toBe('{"target":"user"}');
  });
});

describe("targetDetail", () => {
  it("says where a user or a phone belongs; nothing for a model or an OS", () => {
    expect(targetDetail({ target: "user", accountName: "Brilliant Gems Ltd", deviceSerialNumber: null })).toBe(
      "Brilliant Gems Ltd",
    );
    expect(targetDetail({ target: "phone", accountName: "Brilliant Gems Ltd", deviceSerialNumber: "SH-1" })).toBe(
      "SH-1 · Brilliant Gems Ltd",
    );
    expect(targetDetail({ target: "phone_model", accountName: null, deviceSerialNumber: null })).toBeNull();
    expect(targetDetail({ target: "os_version", accountName: null, deviceSerialNumber: null })).toBeNull();
  });
});

describe("settingProblem", () => {
  it("accepts whole numbers within the bounds, edges included", () => {
    for (const [setting, { min, max }] of Object.entries(BOX_SETTING_LIMITS)) {
      const key = setting as keyof typeof BOX_SETTING_LIMITS;
      expect(settingProblem(key, min)).toBeUndefined();
      expect(settingProblem(key, max)).toBeUndefined();
      for (const wrong of [min - 1, max + 1, min + 0.5, null, undefined, "", String(min)]) {
        expect(settingProblem(key, wrong)).toEqual({ message: "advancedSettings.boxTypes.range", args: { min, max } });
      }
    }
  });
});

describe("settingsBody", () => {
  it("sends every setting and the version read, nothing else of the record", () => {
    const record = {
      id: 5001,
      typeCode: 5001,
      typeName: "Dr. Watson",
      settings: { ...DEFAULT_BOX_TYPE_SETTINGS, jpegQuality: 70 },
      isDefault: true,
      version: 0,
      updatedAt: null,
    };
    expect(settingsBody(record)).toEqual({ settings: { ...DEFAULT_BOX_TYPE_SETTINGS, jpegQuality: 70 }, version: 0 });
  });
});
