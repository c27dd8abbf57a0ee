import { describe, expect, it } from "vitest";
import { phoneColumns, PHONE_COLUMNS } from "../../src/resources/shared/PhoneTable";

/** What a phone draws of a list's columns (issue 26: the first two; a row's own action kept). */
describe("a phone's columns", () => {
  const names = ["name", "device", "deletedAt", "daysLeft", "action"];
  const drawn = [0, 1, 2, 3, 4];

  it("are the first ones drawn, in their order", () => {
    expect(PHONE_COLUMNS).toBe(2);
    expect(phoneColumns(drawn, names, [])).toEqual([0, 1]);
    // As the Columns chooser left them: moved and hidden ones too.
    expect(phoneColumns([3, 0, 4], names, [])).toEqual([3, 0]);
  });

  it("keep a column the list asks for in place of the last, never past the phone's count", () => {
    expect(phoneColumns(drawn, names, ["action"])).toEqual([0, 4]);
    // Kept only while drawn: hidden by the chooser, it is not brought back.
    expect(phoneColumns([0, 1, 2], names, ["action"])).toEqual([0, 1]);
  });
});
