/**
 * Country names (accounts, businesses, the country pickers): the console's own English names, so
 * the accounts list's first rows never wait for the browser's region data; the browser names only
 * a code outside the list, once.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { COUNTRY_CODES, COUNTRY_NAMES, isCountryCode } from "../../src/api/countries";
import { countryName } from "../../src/resources/shared/country";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the country list", () => {
  it("names each of the 249 ISO 3166-1 codes in use once, by a name of its own", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(COUNTRY_CODES).toEqual([...COUNTRY_CODES].sort());
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
    const names = [...COUNTRY_NAMES.values()];
    for (const name of names) expect(name).toMatch(/^\S.*\S$/);
    expect(new Set(names).size).toBe(names.length);
    expect(isCountryCode("GB")).toBe(true);
    expect(isCountryCode("XK")).toBe(false);
  });
});

describe("countryName", () => {
  it("names every listed code from the list, never asking the browser", () => {
    const of = vi.spyOn(Intl.DisplayNames.prototype, "of");
    expect(countryName("za")).toBe("South Africa");
    expect(countryName("GB")).toBe("United Kingdom");
    for (const code of COUNTRY_CODES) expect(countryName(code)).toBe(COUNTRY_NAMES.get(code));
    expect(of).not.toHaveBeenCalled();
  });

  it("asks the browser once for a code outside the list, and shows an unknown or empty one as itself", () => {
    const of = vi.spyOn(Intl.DisplayNames.prototype, "of");
    expect(countryName("XK")).toBe("Kosovo");
    expect(countryName("XK")).toBe("Kosovo");
    expect(of).toHaveBeenCalledTimes(1);
    expect(countryName("not a country")).toBe("not a country");
    expect(countryName(null)).toBe("");
  });
});
