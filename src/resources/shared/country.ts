/** Countries are ISO 3166-1 alpha-2 codes on the wire; people read their names. */
export { COUNTRY_CODE_PATTERN } from "../../api/rules";

let names: Intl.DisplayNames | null | undefined;

/** "GB" → "United Kingdom"; an unknown code shows as itself. */
export function countryName(code: string | null | undefined): string {
  if (!code) return "";
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(["en"], { type: "region" });
    } catch {
      names = null;
    }
  }
  try {
    return names?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
