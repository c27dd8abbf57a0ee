import { describe, expect, it } from "vitest";
import { fillWeeks, periodStart, phoneModelPath, sharePercent, weekOf } from "../../src/api/phones";

describe("Top Phones Used rules (src/api/phones.ts)", () => {
  it("names a week by its Monday (UTC), as PostgreSQL's date_trunc('week') does", () => {
    expect(weekOf(new Date("2026-11-23T00:00:00Z"))).toBe("2026-11-23"); // a Monday
    expect(weekOf(new Date("2026-11-29T23:59:59Z"))).toBe("2026-11-23"); // the Sunday after
    expect(weekOf(new Date("2026-01-01T12:00:00Z"))).toBe("2025-12-29"); // across a year
  });

  it("fills every week of a period, zeros included", () => {
    const weeks = fillWeeks(
      new Map([["2026-11-09", 3]]),
      new Date("2026-11-04T10:00:00Z"),
      new Date("2026-11-24T10:00:00Z"),
    );
    expect(weeks).toEqual([
      { week: "2026-11-02", tests: 0 },
      { week: "2026-11-09", tests: 3 },
      { week: "2026-11-16", tests: 0 },
      { week: "2026-11-23", tests: 0 },
    ]);
  });

  it("starts periods N days back, all time nowhere", () => {
    const now = new Date("2026-11-24T10:00:00Z");
    expect(periodStart("7d", now)?.toISOString()).toBe("2026-11-17T10:00:00.000Z");
    expect(periodStart("1y", now)?.toISOString()).toBe("2025-11-24T10:00:00.000Z");
    expect(periodStart("all", now)).toBeNull();
  });

  it("encodes both path segments and rounds shares to one decimal", () => {
    expect(phoneModelPath("Apple", "iPhone 15/Pro")).toBe("/top-phones-used/Apple/iPhone%2015%2FPro");
    expect(sharePercent(1, 3)).toBe(33.3);
    expect(sharePercent(0, 0)).toBe(0);
  });
});
