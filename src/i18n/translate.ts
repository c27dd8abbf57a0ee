import polyglotI18nProvider from "ra-i18n-polyglot";
import type Polyglot from "node-polyglot";
import type { I18nProvider } from "react-admin";
import { en } from "./en";

/**
 * The console's one translator, made once: react-admin's i18nProvider (providers.ts) and the
 * translate() below share it. Two of them flattened every message twice at start-up (~20 ms each
 * on the path to the first row).
 */
export const i18nProvider: I18nProvider = polyglotI18nProvider(() => en, "en", { allowMissing: true });

/**
 * Translation for the parts that render outside react-admin's <Admin> (start-up screens, the
 * sign-in page, the guest top bar), so /login does not have to load react-admin. Inside <Admin>,
 * useTranslate reads the same messages.
 */
export const translate = (key: string, options?: Polyglot.InterpolationOptions): string =>
  i18nProvider.translate(key, options);
