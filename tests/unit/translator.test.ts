/**
 * One translator for the whole console, its messages flattened once (issue 13). It starts with the
 * words of what is drawn before react-admin loads and takes the console's own with the console's code.
 */
import { describe, expect, it } from "vitest";
import { createConsoleProviders } from "../../src/providers";
import { createMemoryStorage } from "../../src/authProvider/session";
import { i18nProvider, translate } from "../../src/i18n/translate";

describe("the console's translator", () => {
  it("is the one react-admin is given and the one outside react-admin uses", () => {
    expect(createConsoleProviders({ storage: createMemoryStorage() }).i18nProvider).toBe(i18nProvider);
    expect(translate("login.submit")).toBe(i18nProvider.translate("login.submit"));
    expect(translate("login.submit")).toBe("Sign in");
  });

  it("knows the console's words, react-admin's included, once the console's code is evaluated", async () => {
    expect(translate("resources.shared.bookmarks.add")).toBe("resources.shared.bookmarks.add");
    await import("../../src/Console");
    expect(translate("resources.shared.bookmarks.add")).toBe("Bookmark");
    expect(i18nProvider.translate("ra.action.save")).toBe("Save");
    // The start-up's words stay.
    expect(translate("login.submit")).toBe("Sign in");
    expect(i18nProvider.translate("")).toBe("");
  });
});
