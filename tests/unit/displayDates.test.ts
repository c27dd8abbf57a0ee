import { describe, expect, it } from "vitest";
import { formatDateTime, formatDay, withDisplayDates } from "../../src/custom/format";

describe("dates inside the service's messages, as spec §9 writes them", () => {
  it("writes a day MM/DD/yyyy as it is written, with no time zone to move it", () => {
    expect(formatDay("2026-03-05")).toBe("03/05/2026");
    expect(() => formatDay("5 March 2026")).toThrow(RangeError);
    expect(withDisplayDates("read-only for 12 days more (until 2026-12-06): start")).toBe(
      "read-only for 12 days more (until 12/06/2026): start",
    );
    expect(withDisplayDates("2026-12-16 and 2027-01-02.")).toBe("12/16/2026 and 01/02/2027.");
  });

  it("writes a timestamp as the local date and time", () => {
    const at = "2026-12-16T09:00:00.000Z";
    expect(withDisplayDates(`due at ${at}.`)).toBe(`due at ${formatDateTime(at)}.`);
  });

  it("leaves what only looks like a date: codes, impossible months and days, longer numbers", () => {
    for (const text of ["SKU-2026-12-16", "2026-12-16-A", "v2026-12-16", "2026-13-01", "2026-12-32", "12026-12-16"])
      expect(withDisplayDates(text)).toBe(text);
  });
});
