import { describe, expect, it } from "vitest";
import { isValid, parse } from "date-fns";
import {
  badgeCount,
  entryDate,
  isNew,
  visibleEntries,
  type ChangeLogEntry,
} from "../../src/custom/changeLog/changeLog";
import { CHANGE_LOG } from "../../src/custom/changeLog/entries";

const entries: ChangeLogEntry[] = [
  { title: "For all, recent", date: "11-10-2026", content: "" },
  { title: "Super admin, recent", date: "11-15-2026", content: "", hasAccess: ["SuperAdmin"] },
  { title: "Admins, 29 days old", date: "10-22-2026", content: "", hasAccess: ["Admin", "SuperAdmin"] },
  { title: "For all, old", date: "09-01-2026", content: "", hasAccess: [] },
];
const now = new Date(2026, 10, 20, 12, 0);

describe("change log (spec §2, §4)", () => {
  it("shows entries with no role list to everyone, and role-listed ones only to those roles, newest first", () => {
    expect(visibleEntries(entries, "User").map((entry) => entry.title)).toEqual(["For all, recent", "For all, old"]);
    expect(visibleEntries(entries, "SuperAdmin").map((entry) => entry.title)).toEqual([
      "Super admin, recent",
      "For all, recent",
      "Admins, 29 days old",
      "For all, old",
    ]);
  });

  it("marks entries within 30 days as new", () => {
    expect(isNew(entries[2], now)).toBe(true);
    expect(isNew({ title: "", content: "", date: "10-21-2026" }, now)).toBe(false);
    expect(isNew(entries[3], now)).toBe(false);
  });

  it("counts the role's entries of the last 30 days when the drawer was never opened", () => {
    expect(badgeCount(entries, "SuperAdmin", null, now)).toBe(3);
    expect(badgeCount(entries, "Admin", null, now)).toBe(2);
    expect(badgeCount(entries, "User", null, now)).toBe(1);
  });

  it("is 0 once the drawer was opened after the latest entry the role sees", () => {
    expect(badgeCount(entries, "SuperAdmin", new Date(2026, 10, 16), now)).toBe(0);
    expect(badgeCount(entries, "User", new Date(2026, 10, 11), now)).toBe(0);
  });

  it("counts again when an entry came after the last opening", () => {
    expect(badgeCount(entries, "SuperAdmin", new Date(2026, 10, 12), now)).toBe(3);
  });

  it("ships entries with valid dates, titles and content", () => {
    for (const entry of CHANGE_LOG) {
      expect(entry.date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(entry.title.length).toBeGreaterThan(0);
      expect(entry.content.length).toBeGreaterThan(0);
    }
    expect(() => visibleEntries(CHANGE_LOG, "SuperAdmin")).not.toThrow();
  });
});

describe("entryDate reads MM-DD-YYYY as date-fns' parse did (issue 13: parse left the bundle)", () => {
  const samples = ["11-10-2026", "1-5-2026", "02-29-2024", "12-31-1999", "02-30-2026", "13-01-2026", "00-10-2026"];
  const refused = ["2026-11-10", "11/10/2026", "", "11-10-2026x", "aa-bb-cccc"];
  it.each(samples)("%s", (date) => {
    const expected = parse(date, "MM-dd-yyyy", new Date(0));
    if (isValid(expected)) expect(entryDate({ title: "", content: "", date })).toEqual(expected);
    else expect(() => entryDate({ title: "", content: "", date })).toThrow(/invalid date/);
  });
  it.each(refused)("refuses %j", (date) => {
    expect(isValid(parse(date, "MM-dd-yyyy", new Date(0)))).toBe(false);
    expect(() => entryDate({ title: "t", content: "", date })).toThrow(/invalid date/);
  });
});
