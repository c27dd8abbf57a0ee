/** One translator for the whole console: its messages are flattened once at start-up (issue 13). */
import { describe, expect, it } from "vitest";
import { createConsoleProviders } from "../../src/providers";
import { createMemoryStorage } from "../../src/authProvider/session";
import { i18nProvider, translate } from "../../src/i18n/translate";

describe("the console's translator", () => {
  it("is the one react-admin is given and the one outside react-admin uses", () => {
    expect(createConsoleProviders({ storage: createMemoryStorage() }).i18nProvider).toBe(i18nProvider);
    expect(translate("resources.shared.bookmarks.add")).toBe(i18nProvider.translate("resources.shared.bookmarks.add"));
    expect(translate("resources.shared.bookmarks.add")).toBe("Bookmark");
  });
});
