/**
 * Country names (accounts, users): the browser's region names, asked once per code, and made ready
 * by start-up while its calls are out (issue 13), never for a signed-out visitor.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

// Start-up's page code is not what this file is about (and must not load after it has finished).
vi.mock("../../src/custom/startup/lazyPage", () => ({ loadPage: () => Promise.resolve(undefined) }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.resetModules();
});

describe("countryName", () => {
  it("names a code once, and shows an unknown or empty one as itself", async () => {
    const of = vi.spyOn(Intl.DisplayNames.prototype, "of");
    const { countryName } = await import("../../src/resources/shared/country");
    expect(countryName("gb")).toBe("United Kingdom");
    expect(countryName("gb")).toBe("United Kingdom");
    expect(of).toHaveBeenCalledTimes(1);
    expect(countryName("not a country")).toBe("not a country");
    expect(countryName(null)).toBe("");
  });
});

describe("start-up", () => {
  it("gets the region names ready while its calls are out, for a signed-in page only", async () => {
    vi.useFakeTimers();
    const created = vi.fn();
    const Real = Intl.DisplayNames;
    vi.spyOn(Intl, "DisplayNames").mockImplementation(function (
      this: unknown,
      ...args: ConstructorParameters<typeof Intl.DisplayNames>
    ) {
      created();
      return new Real(...args);
    } as unknown as typeof Intl.DisplayNames);
    const { preloadRouteCode } = await import("../../src/custom/startup/routeCode");
    void preloadRouteCode("/login", false);
    void preloadRouteCode("/accounts", false);
    await vi.runOnlyPendingTimersAsync();
    expect(created).not.toHaveBeenCalled();
    void preloadRouteCode("/accounts", true);
    await vi.runOnlyPendingTimersAsync();
    expect(created).toHaveBeenCalledTimes(1);
  });
});
