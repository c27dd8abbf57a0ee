import { afterEach, describe, expect, it } from "vitest";
import { keepTypeAhead, takeTypeAhead } from "../../src/custom/palette/typeAhead";

/**
 * Keys typed between opening the palette and its search box taking the focus (its code loading on
 * the first opening) are kept for the box, and kept from the page behind it; the journey
 * (palette.e2e) types at once after Ctrl+K in Chromium.
 */
const press = (key: string, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  document.activeElement!.dispatchEvent(event);
  return event;
};

describe("the palette's type-ahead", () => {
  afterEach(() => void takeTypeAhead());

  it("keeps printable keys and Backspace, away from the focused element, until taken", () => {
    const behind = document.body.appendChild(document.createElement("input"));
    behind.focus();
    const reached: string[] = [];
    behind.addEventListener("keydown", (event) => reached.push(event.key));
    keepTypeAhead();
    const kept = ["l", "a", "p", "x", "Backspace", "i", "s", " "].map((key) => press(key));
    expect(kept.every((event) => event.defaultPrevented)).toBe(true);
    expect(reached).toEqual([]);
    // Shortcuts, arrows and Enter are the page's (or the palette's) own.
    expect(press("c", { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(press("Enter").defaultPrevented).toBe(false);
    expect(takeTypeAhead()).toBe("lapis ");
    // Taken once: the keys are the page's again.
    expect(press("t").defaultPrevented).toBe(false);
    expect(takeTypeAhead()).toBe("");
    behind.remove();
  });

  it("stops keeping at a click anywhere: the person has moved on", () => {
    keepTypeAhead();
    press("a");
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(press("b").defaultPrevented).toBe(false);
    expect(takeTypeAhead()).toBe("");
  });
});
