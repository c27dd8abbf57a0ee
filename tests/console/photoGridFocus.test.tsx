import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PhotoGrid } from "../../src/custom/testDetail/PhotoGrid";
import { renderInAdmin } from "./harness/renderInAdmin";
import { makeTest } from "./harness/testFixture";

/** The style of the rule drawing `button`'s focus-visible ::after, if a style sheet has one. */
function innerRing(button: HTMLElement): CSSStyleDeclaration | undefined {
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (!(rule instanceof CSSStyleRule) || !rule.selectorText.endsWith(".Mui-focusVisible::after")) continue;
      const owner = rule.selectorText.slice(0, -".Mui-focusVisible::after".length);
      if (owner.startsWith(".") && button.classList.contains(owner.slice(1))) return rule.style;
    }
  }
  return undefined;
}

/**
 * WCAG 2.4.7: a photo tile reached with the keyboard shows it. The photo fills the tile's button
 * and covers MUI's focus ripple, so the button itself is ringed (an inset outline, drawn over its
 * content).
 */
describe("the test's photo tiles (WCAG 2.4.7 focus visible)", () => {
  it("rings the tile reached with Tab, and only that one", async () => {
    const files = makeTest().files.filter((file) => file.type === "image");
    expect(files.length).toBeGreaterThan(1);
    renderInAdmin(
      <PhotoGrid files={files} selectable={false} selected={new Set()} onToggle={() => {}} onOpen={() => {}} />,
      { role: "User" },
    );
    const user = userEvent.setup();
    const [first, second] = screen.getAllByRole("button");
    expect(getComputedStyle(first!).outlineStyle).not.toBe("solid");

    await user.tab();
    expect(first).toHaveFocus();
    expect(first).toHaveClass("Mui-focusVisible");
    const ring = getComputedStyle(first!);
    expect(ring.outlineStyle).toBe("solid");
    expect(ring.outlineWidth).toBe("3px");
    expect(ring.outlineOffset).toBe("-3px");
    expect(ring.outlineColor).toBe("rgb(29, 53, 87)");
    expect(getComputedStyle(second!).outlineStyle).not.toBe("solid");
    // Inside the outline, a ring of the paper's colour (jsdom computes no pseudo-element's style:
    // the rule is read from the page's style sheets).
    const inner = innerRing(first!);
    expect(inner?.getPropertyValue("border-top-style")).toBe("solid");
    expect(inner?.getPropertyValue("border-top-width")).toBe("2px");
    expect(inner?.getPropertyValue("border-top-color")).toBe("rgb(255, 255, 255)");
    expect(inner?.getPropertyValue("position")).toBe("absolute");
  });
});
