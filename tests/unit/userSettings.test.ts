import { describe, expect, it } from "vitest";
import {
  applyPreferencesUpdate,
  DEFAULT_PREFERENCES,
  EMAIL_NOTIFICATION_KINDS,
  emailKindsFor,
  emailNotificationsOf,
  preferencesChanges,
  ROWS_PER_PAGE_OPTIONS,
} from "../../src/api/userSettings";
import { differsFromCurrent, repeatsNewPassword } from "../../src/custom/userSettings/passwordRules";
import { LIST_PAGE_SIZE } from "../../src/resources/shared/ResourceList";
import { en } from "../../src/i18n/en";
import { ACTIVITY_ACTIONS } from "../../src/api/activity";

describe("preferences", () => {
  it("defaults to what the console did before preferences: light, sidebar open, 25 rows, every email on", () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      theme: "light",
      sidebarOpen: true,
      rowsPerPage: LIST_PAGE_SIZE,
      emailNotifications: Object.fromEntries(EMAIL_NOTIFICATION_KINDS.map((kind) => [kind, true])),
      version: 0,
    });
    expect(ROWS_PER_PAGE_OPTIONS).toContain(DEFAULT_PREFERENCES.rowsPerPage);
  });

  it("reads stored switches with every kind present: a kind never stored is on, an unknown one dropped", () => {
    expect(emailNotificationsOf({ "weekly-digest": false, newsletter: false })).toEqual({
      ...DEFAULT_PREFERENCES.emailNotifications,
      "weekly-digest": false,
    });
    expect(emailNotificationsOf(null)).toEqual(DEFAULT_PREFERENCES.emailNotifications);
  });

  it("applies an update field by field, emails kind by kind", () => {
    const current = { ...DEFAULT_PREFERENCES, theme: "dark" as const, version: 4 };
    expect(applyPreferencesUpdate(current, { rowsPerPage: 10, emailNotifications: { "device-lost": false } })).toEqual({
      theme: "dark",
      sidebarOpen: true,
      rowsPerPage: 10,
      emailNotifications: { ...DEFAULT_PREFERENCES.emailNotifications, "device-lost": false },
    });
  });

  it("names what changed, an email by its kind, and nothing for a change that changes nothing", () => {
    const after = applyPreferencesUpdate(DEFAULT_PREFERENCES, {
      theme: "dark",
      sidebarOpen: true,
      emailNotifications: { "test-shared": false, "weekly-digest": true },
    });
    expect(preferencesChanges(DEFAULT_PREFERENCES, after)).toEqual({
      theme: ["light", "dark"],
      "emailNotifications.test-shared": [true, false],
    });
    expect(preferencesChanges(DEFAULT_PREFERENCES, applyPreferencesUpdate(DEFAULT_PREFERENCES, {}))).toEqual({});
  });

  it("offers payment emails to those who see payments only", () => {
    expect(emailKindsFor("Admin")).toEqual([...EMAIL_NOTIFICATION_KINDS]);
    expect(emailKindsFor("SuperAdmin")).toEqual([...EMAIL_NOTIFICATION_KINDS]);
    for (const role of ["Manager", "User"] as const) {
      expect(emailKindsFor(role)).toEqual(["device-lost", "firmware-released", "test-shared", "weekly-digest"]);
    }
  });

  it("names the activity of User Settings in the Activity Feed", () => {
    const actions = (en.resources as unknown as { activity: { actions: Record<string, string> } }).activity.actions;
    for (const action of ["change-password", "avatar", "preferences"] as const) {
      expect(ACTIVITY_ACTIONS).toContain(action);
      expect(actions[action], action).toMatch(/^Changed their /);
    }
  });

  it("names every email kind in words", () => {
    const kinds = en.userSettings as unknown as { email: { kinds: Record<string, { label: string; help: string }> } };
    expect(Object.keys(kinds.email.kinds)).toEqual([...EMAIL_NOTIFICATION_KINDS]);
  });
});

describe("the password form's rules", () => {
  it("wants a new password different from the current one", () => {
    expect(differsFromCurrent("same one", { currentPassword: "same one" })).toBe("userSettings.password.same");
    expect(differsFromCurrent("new one", { currentPassword: "old one" })).toBeUndefined();
    expect(differsFromCurrent("", { currentPassword: "" })).toBeUndefined();
  });

  it("wants the confirmation to repeat the new password exactly", () => {
    expect(repeatsNewPassword("secret 1", { newPassword: "secret 2" })).toBe("userSettings.password.mismatch");
    expect(repeatsNewPassword("secret 1", { newPassword: "secret 1" })).toBeUndefined();
    expect(repeatsNewPassword("Secret 1", { newPassword: "secret 1" })).toBe("userSettings.password.mismatch");
  });
});
