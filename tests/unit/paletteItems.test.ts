/**
 * The command palette's rules (src/custom/palette/paletteItems.ts): how typed text matches and
 * orders the offered items, how picks are remembered and read back, and how the groups are made.
 */
import { describe, expect, it } from "vitest";
import {
  filterItems,
  matchRank,
  paletteGroups,
  readRecent,
  RECENT_LIMIT,
  recordItem,
  recordPath,
  remember,
  screenItem,
  type PaletteItem,
} from "../../src/custom/palette/paletteItems";

const screens = ["Home", "Activity Feed", "Devices", "Lost Devices", "Discounts", "User Settings"].map((label) =>
  screenItem(`/${label.toLowerCase().replace(/ /g, "-")}`, label),
);
const account = recordItem({ kind: "accounts", id: "a 1", title: "Brilliant Gems Ltd", detail: "x@example.com" });

describe("matchRank", () => {
  it("ranks a start before a word's start before anywhere, in any case, and misses as null", () => {
    expect(matchRank("Devices", "dev")).toBe(0);
    expect(matchRank("Lost Devices", "DEV")).toBe(1);
    expect(matchRank("Activity Feed", "ivi")).toBe(2);
    expect(matchRank("Home", "x")).toBeNull();
    expect(matchRank("Home", "  ho ")).toBe(0);
    expect(matchRank("Home", "")).toBe(0);
  });

  it("takes what is typed literally (no pattern), and words after any non-letter", () => {
    expect(matchRank("Device (lost)", "(lost")).toBe(1);
    expect(matchRank("a.b", ".")).toBe(2);
    expect(matchRank("GT-5001-1", "5001")).toBe(1);
    expect(matchRank("Home", "h.me")).toBeNull();
  });
});

describe("filterItems", () => {
  it("keeps the matches, best first, in their own order within a rank", () => {
    expect(filterItems(screens, "dev").map((item) => item.label)).toEqual(["Devices", "Lost Devices"]);
    expect(filterItems(screens, "s").map((item) => item.label)).toEqual([
      "User Settings",
      "Devices",
      "Lost Devices",
      "Discounts",
    ]);
    expect(filterItems(screens, "")).toEqual(screens);
  });
});

describe("the recent picks", () => {
  it("puts a pick first, once, and keeps at most RECENT_LIMIT", () => {
    let recent: PaletteItem[] = [];
    for (const item of screens) recent = remember(recent, item);
    expect(recent.map((item) => item.label)).toEqual(
      [...screens]
        .reverse()
        .slice(0, RECENT_LIMIT)
        .map((item) => item.label),
    );
    recent = remember(recent, screens[3]!);
    expect(recent[0]).toBe(screens[3]);
    expect(recent.filter((item) => item.key === screens[3]!.key)).toHaveLength(1);
  });

  it("reads back only well-formed items from storage", () => {
    expect(readRecent(null)).toEqual([]);
    expect(readRecent("x")).toEqual([]);
    expect(readRecent([null, 1, { key: "k" }, { key: "k", label: "L", type: "other" }, account])).toEqual([account]);
    expect(readRecent(Array.from({ length: 9 }, () => account))).toHaveLength(RECENT_LIMIT);
  });
});

describe("paletteGroups", () => {
  const actions = [{ type: "action", key: "action:newAccount", label: "New account", action: "newAccount" } as const];
  const device = recordItem({ kind: "devices", id: "d1", title: "GT-1", detail: "" });

  it("lists recent picks first, then screens, actions and records kind by kind, each item once", () => {
    const groups = paletteGroups({
      typed: "",
      recent: [screens[2]!, account],
      screens,
      actions: [...actions],
      records: [device, account],
    });
    expect(groups.map((group) => group.id)).toEqual(["recent", "screens", "actions", "devices"]);
    expect(groups[0]!.items).toEqual([screens[2], account]);
    expect(groups[1]!.items).not.toContainEqual(screens[2]);
  });

  it("drops a remembered screen or action the role is no longer offered, and filters the recent picks too", () => {
    const gone = screenItem("/firmware", "Firmware");
    const groups = paletteGroups({ typed: "", recent: [gone, account], screens, actions: [], records: [] });
    expect(groups[0]!.items).toEqual([account]);
    const typed = paletteGroups({ typed: "dev", recent: [account], screens, actions: [], records: [] });
    expect(typed.map((group) => group.id)).toEqual(["screens"]);
  });
});

describe("recordPath", () => {
  it("opens each kind's page of spec §2, the id encoded", () => {
    expect(recordPath("accounts", "a 1")).toBe("/accounts/a%201");
    expect(recordPath("businesses", "b")).toBe("/accounts/business/b");
    expect(recordPath("users", "u")).toBe("/users/u");
    expect(recordPath("devices", "d")).toBe("/devices/d");
    expect(recordPath("tests", "t/1")).toBe("/gallery/item/t%2F1");
  });
});
