/**
 * The export's cells: RFC 4180 quoting, and no cell a spreadsheet would run as a formula
 * (OWASP's CSV injection list: =, +, -, @, tab and carriage return).
 */
import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "../../server/src/resources/csv";

describe("CSV cells", () => {
  for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
    it(`defuses a text cell starting with ${JSON.stringify(start)}`, () => {
      const cell = csvCell(`${start}SUM(A1)`);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1) : cell;
      expect(unquoted.startsWith("'")).toBe(true);
      expect(unquoted.slice(1)).toBe(`${start}SUM(A1)`);
    });
  }

  it("writes numbers and booleans as they are (-5 is a number, not a formula)", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling the quotes", () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("line\nnext")).toBe('"line\nnext"');
    expect(csvLine(["x", 1, null])).toBe("x,1,\r\n");
  });
});
