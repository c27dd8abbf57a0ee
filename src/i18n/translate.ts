import Polyglot from "node-polyglot";
import { en } from "./en";

const polyglot = new Polyglot({ phrases: en, locale: "en", allowMissing: true });

/**
 * Translation for the parts that render outside react-admin's <Admin> (start-up screens, the
 * sign-in page, the guest top bar), so /login does not have to load react-admin. Inside <Admin>,
 * useTranslate reads the same messages.
 */
export const translate = (key: string, options?: Polyglot.InterpolationOptions): string => polyglot.t(key, options);
