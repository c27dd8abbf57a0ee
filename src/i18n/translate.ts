import Polyglot from "node-polyglot";
import type { I18nProvider, TranslationMessages } from "react-admin";
import { startMessages } from "./startMessages";

/**
 * The console's one translator: react-admin's i18nProvider (providers.ts) and the translate() below
 * share it, so every message is flattened once. It starts with the words of what is drawn before
 * react-admin loads (startMessages.ts) and takes the console's own when the console's code arrives
 * (Console.tsx): /login's files do not carry the ~50 KB of messages only the console shows.
 */
const polyglot = new Polyglot({
  locale: "en",
  // react-admin translates "" to "" (ra-i18n-polyglot does the same).
  phrases: { "": "", ...startMessages },
  allowMissing: true,
});

export const i18nProvider: I18nProvider = {
  translate: (key, options = {}) => polyglot.t(key, options),
  // One language (spec §9): nothing to switch to.
  changeLocale: () => Promise.resolve(),
  getLocale: () => "en",
  getLocales: () => [{ locale: "en", name: "English" }],
};

/** Adds the console's messages (react-admin's and ours) to the translator. */
export function addMessages(messages: TranslationMessages): void {
  polyglot.extend(messages);
}

/**
 * Translation for the parts that render outside react-admin's <Admin> (start-up screens, the
 * sign-in page, the guest top bar), so /login does not have to load react-admin. Inside <Admin>,
 * useTranslate reads the same messages.
 */
export const translate = (key: string, options?: Polyglot.InterpolationOptions): string =>
  i18nProvider.translate(key, options);
