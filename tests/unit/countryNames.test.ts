/**
 * Country names (accounts, users): the browser's region names, asked once per code, and made ready
 * by start-up while its calls are out (issue 13), never for a signed-out visitor.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { preloadRouteCode } from "../../src/custom/startup/routeCode";
import { countryName } from "../../src/resources/shared/country";

// Start-up's page code is not what this file is about (and must not load after it has finished).
vi.mock("../../src/custom/startup/lazyPage", () => ({ loadPage: () => Promise.resolve(undefined) }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("countryName", () => {
  it("names a code once, and shows an unknown or empty one as itself", () => {
    const of = vi.spyOn(Intl.DisplayNames.prototype, "of");
    expect(countryName("za")).toBe("South Africa");
    expect(countryName("za")).toBe("South Africa");
    expect(of).toHaveBeenCalledTimes(1);
    expect(countryName("not a country")).toBe("not a country");
    expect(countryName(null)).toBe("");
  });
});

describe("start-up", () => {
  it("gets the region names ready while its calls are out, for a signed-in page only", async () => {
    vi.useFakeTimers();
    const of = vi.spyOn(Intl.DisplayNames.prototype, "of");
    void preloadRouteCode("/login", false);
    void preloadRouteCode("/accounts", false);
    await vi.runOnlyPendingTimersAsync();
    expect(of).not.toHaveBeenCalled();
    void preloadRouteCode("/accounts", true);
    await vi.runOnlyPendingTimersAsync();
    expect(of).toHaveBeenCalledTimes(1);
  });
});
