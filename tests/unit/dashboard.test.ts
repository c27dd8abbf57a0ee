/** Home's period, month and zero-filled days (src/api/dashboard.ts): UTC, edges included. */
import { describe, expect, it } from "vitest";
import { countsOf, fillDays, monthOf, periodOf } from "../../src/api/dashboard";
import { compactCount } from "../../src/custom/format";

describe("periodOf", () => {
  it("is the last 30 UTC days, today included, whatever the hour", () => {
    expect(periodOf(new Date("2026-03-05T00:00:00.000Z"))).toEqual({ from: "2026-02-04", to: "2026-03-05" });
    expect(periodOf(new Date("2026-03-05T23:59:59.999Z"))).toEqual({ from: "2026-02-04", to: "2026-03-05" });
    // Across a year and a leap day.
    expect(periodOf(new Date("2027-01-10T12:00:00Z"))).toEqual({ from: "2026-12-12", to: "2027-01-10" });
    expect(periodOf(new Date("2028-03-01T08:00:00Z"))).toEqual({ from: "2028-02-01", to: "2028-03-01" });
  });
});

describe("monthOf", () => {
  it("runs from the month's first moment to its last millisecond (UTC)", () => {
    expect(monthOf(new Date("2026-03-05T14:07:00Z"))).toEqual({
      from: "2026-03-01T00:00:00.000Z",
      to: "2026-03-31T23:59:59.999Z",
    });
    expect(monthOf(new Date("2026-12-31T23:59:59.999Z"))).toEqual({
      from: "2026-12-01T00:00:00.000Z",
      to: "2026-12-31T23:59:59.999Z",
    });
    expect(monthOf(new Date("2028-02-10T00:00:00Z")).to).toBe("2028-02-29T23:59:59.999Z");
  });
});

describe("fillDays", () => {
  it("lists every day from the first to the last, days without tests as 0", () => {
    const days = fillDays(
      new Map([
        ["2026-02-27", 3],
        ["2026-03-01", 1],
      ]),
      "2026-02-27",
      "2026-03-02",
    );
    expect(days).toEqual([
      { day: "2026-02-27", tests: 3 },
      { day: "2026-02-28", tests: 0 },
      { day: "2026-03-01", tests: 1 },
      { day: "2026-03-02", tests: 0 },
    ]);
    expect(
      fillDays(new Map(), ...(Object.values(periodOf(new Date("2026-03-05T10:00:00Z"))) as [string, string])),
    ).toHaveLength(30);
  });
});

describe("countsOf", () => {
  it("lists every status in its list's order, zeros included, with their total", () => {
    expect(
      countsOf(
        ["active", "lost", "unsubscribed"],
        new Map([
          ["lost", 2],
          ["active", 5],
        ]),
      ),
    ).toEqual({
      total: 7,
      byStatus: [
        { status: "active", count: 5 },
        { status: "lost", count: 2 },
        { status: "unsubscribed", count: 0 },
      ],
    });
  });
});

describe("a count on a chart's axis", () => {
  it("is short enough for the tick at the chart's edge", () => {
    expect([0, 8, 950, 2000, 10_000, 12_345, 1_500_000].map(compactCount)).toEqual([
      "0",
      "8",
      "950",
      "2K",
      "10K",
      "12K",
      "1.5M",
    ]);
  });
});
