/** One translator for the whole console: its messages are flattened once at start-up (issue 13). */
import { describe, expect, it } from "vitest";
import { createConsoleProviders } from "../../src/providers";
import { i18nProvider, translate } from "../../src/i18n/translate";

const memoryStorage = (): Storage => {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
};

describe("the console's translator", () => {
  it("is the one react-admin is given and the one outside react-admin uses", () => {
    expect(createConsoleProviders({ storage: memoryStorage() }).i18nProvider).toBe(i18nProvider);
    expect(translate("resources.shared.bookmarks.add")).toBe(i18nProvider.translate("resources.shared.bookmarks.add"));
    expect(translate("resources.shared.bookmarks.add")).toBe("Bookmark");
  });
});
