/** Countries are ISO 3166-1 alpha-2 codes on the wire; people read their names (and pick them: CountryInput). */
import { COUNTRY_NAMES } from "../../api/countries";

let names: Intl.DisplayNames | null | undefined;
const named = new Map<string, string>();

/** The browser's names, for a code outside the console's own list only (they cost a long task to load). */
function displayNames(): Intl.DisplayNames | null {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(["en"], { type: "region" });
    } catch {
      names = null;
    }
  }
  return names;
}

/** "GB" → "United Kingdom"; an unknown code shows as itself. */
export function countryName(code: string | null | undefined): string {
  if (!code) return "";
  let name = COUNTRY_NAMES.get(code.toUpperCase()) ?? named.get(code);
  if (name === undefined) {
    try {
      name = displayNames()?.of(code.toUpperCase()) ?? code;
    } catch {
      name = code;
    }
    // Two-letter codes only: at most a few hundred, whatever the service sends.
    if (code.length === 2) named.set(code, name);
  }
  return name;
}
