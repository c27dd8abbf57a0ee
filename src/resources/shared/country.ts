/** Countries are ISO 3166-1 alpha-2 codes on the wire; people read their names (and pick them: CountryInput). */

let names: Intl.DisplayNames | null | undefined;
const named = new Map<string, string>();

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
  let name = named.get(code);
  if (name === undefined) {
    try {
      name = displayNames()?.of(code.toUpperCase()) ?? code;
    } catch {
      name = code;
    }
    // Two-letter codes only: at most a few thousand, whatever the service sends.
    if (code.length === 2) named.set(code, name);
  }
  return name;
}

/**
 * The browser's first region name loads its region data (~20 ms on the accounts list's path to its
 * first rows, issue 13): start-up does it while its calls are out and the main thread is idle.
 */
export function prepareCountryNames(): void {
  countryName("GB");
}
