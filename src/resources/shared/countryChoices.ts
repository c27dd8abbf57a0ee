/** The country list of every country picker (CountryInput): each code by its English name, in name order. */
import { COUNTRY_CODES, isCountryCode } from "../../api/countries";
import { countryName } from "./country";

export interface CountryChoice {
  id: string;
  name: string;
}

let choices: CountryChoice[] | undefined;

export function countryChoices(): CountryChoice[] {
  choices ??= COUNTRY_CODES.map((code) => ({ id: code, name: countryName(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, "en"),
  );
  return choices;
}

/** The browser's region ("en-GB" → GB) as a first guess, when it names a country; else "". */
export function likelyCountry(languages: readonly string[]): string {
  for (const language of languages) {
    const region = /^[a-z]{2,3}-([A-Z]{2})\b/i.exec(language)?.[1]?.toUpperCase();
    if (region && isCountryCode(region)) return region;
  }
  return "";
}
