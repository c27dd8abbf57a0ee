import englishMessages from "ra-language-english";
import type { TranslationMessages } from "react-admin";

/**
 * Every user-visible string of the console. The spec's words (§2, §8) are kept verbatim.
 * Areas add their keys under their own prefix.
 */
export const appMessages = {
  app: {
    errors: {
      generic: "An error occurred",
    },
  },
};

export const en: TranslationMessages = { ...englishMessages, ...appMessages } as TranslationMessages;
