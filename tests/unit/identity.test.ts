import { describe, expect, it } from "vitest";
import { fullName, initials } from "../../src/authProvider/identity";
import { createSelectedItemsStore } from "../../src/authProvider/selectedItems";

describe("initials", () => {
  it.each([
    ["ada", "lovelace", "AL"],
    ["  Grace ", " Hopper", "GH"],
    ["Ada", "", "A"],
    ["", "Hopper", "H"],
    [null, undefined, ""],
    ["élodie", "ørsted", "ÉØ"],
  ])("%s %s → %s", (first, last, expected) => expect(initials(first, last)).toBe(expected));
});

describe("fullName", () => {
  it("joins the non-empty parts", () => {
    expect(fullName("Ada", "Lovelace")).toBe("Ada Lovelace");
    expect(fullName("Ada", "")).toBe("Ada");
    expect(fullName(null, null)).toBe("");
  });
});

describe("selected items", () => {
  it("toggles, de-duplicates and clears", () => {
    const store = createSelectedItemsStore();
    store.set(["a", "a", "b"]);
    expect(store.get()).toEqual(["a", "b"]);
    store.toggle("a");
    store.toggle("c");
    expect(store.get()).toEqual(["b", "c"]);
    store.clear();
    expect(store.get()).toEqual([]);
  });
});
