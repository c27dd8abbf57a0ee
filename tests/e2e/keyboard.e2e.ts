import { describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");

const openPage = journeyBrowser();

/** The element that has the keyboard focus is inside `within`. */
const focusIsIn = (within: Locator) => within.evaluate((element) => element.contains(document.activeElement));

/** The element that has the keyboard focus is `target` itself. */
const focusIsOn = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Tabs forwards and backwards round a modal (more stops than it has) and answers whether the focus
 * ever left it: a modal that lets Tab reach the page behind it does not trap focus.
 */
async function tabStaysIn(page: Page, modal: Locator): Promise<boolean> {
  for (const key of [...Array<string>(12).fill("Tab"), ...Array<string>(12).fill("Shift+Tab")]) {
    await page.keyboard.press(key);
    if (!(await focusIsIn(modal))) return false;
  }
  return true;
}

describe("keyboard (issue 12: accessibility)", () => {
  it("selects in the gallery, opens a test, and uses its dialog, lightbox and AI switch by keyboard alone", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "admin@example.com", DEMO_PASSWORD);
    await page.goto("/gallery?pageSize=10&page=1");
    const card = page.getByTestId("gallery-grid").getByRole("article").first();
    await card.waitFor();

    // Gallery selection: Tab from the card's link reaches its checkbox; Space selects and unselects.
    const link = card.getByRole("link");
    const box = card.getByRole("checkbox");
    await link.focus();
    await page.keyboard.press("Tab");
    expect(await focusIsOn(box)).toBe(true);
    await page.keyboard.press("Space");
    const bar = page.getByRole("toolbar", { name: "1 test selected" });
    await bar.waitFor();
    expect(await box.isChecked()).toBe(true);
    await page.keyboard.press("Space");
    await bar.waitFor({ state: "detached" });
    expect(await box.isChecked()).toBe(false);

    // Enter on the card's link opens the test.
    await link.focus();
    await page.keyboard.press("Enter");
    const run = page.getByRole("region", { name: "Test Run #1" });
    await run.waitFor();

    // A dialog opened from the keyboard keeps Tab inside it, closes on Escape, and gives the focus
    // back to the button that opened it.
    const edit = page.getByRole("button", { name: "Edit", exact: true });
    await edit.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Edit Test" });
    await dialog.waitFor();
    expect(await focusIsIn(dialog)).toBe(true);
    expect(await tabStaysIn(page, dialog)).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => focusIsOn(edit)).toBe(true);

    // The lightbox: Enter on a thumbnail opens it, Tab stays in it, the arrow keys change the photo,
    // Escape closes it and the focus is back on the thumbnail.
    const thumbnail = run.getByRole("figure").first().getByRole("button");
    await thumbnail.focus();
    await page.keyboard.press("Enter");
    const lightbox = page.getByRole("dialog", { name: "Lightbox" });
    await lightbox.waitFor();
    await expect.poll(() => focusIsIn(lightbox)).toBe(true);
    const currentSlide = lightbox.locator(".yarl__slide_current");
    const first = await currentSlide.getAttribute("aria-label");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => currentSlide.getAttribute("aria-label")).not.toBe(first);
    expect(await tabStaysIn(page, lightbox)).toBe(true);
    await screenshot(page, "keyboard-lightbox");
    await page.keyboard.press("Escape");
    await lightbox.waitFor({ state: "detached" });
    await expect.poll(() => focusIsOn(thumbnail)).toBe(true);

    // The AI switch: Space turns it on and off.
    const ai = page.getByRole("switch", { name: "Show the AI result of Test Run #1" });
    await ai.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => ai.isChecked()).toBe(true);
    await page.keyboard.press("Space");
    await expect.poll(() => ai.isChecked()).toBe(false);
    await context.close();
  });
});
