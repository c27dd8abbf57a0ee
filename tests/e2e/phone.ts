import type { Page } from "playwright-core";
import { expect } from "vitest";

/** A phone-sized screen (iPhone 12–15): the guest pages must work on one (issue 14). */
export const PHONE = { width: 390, height: 844 };

/** Nothing is wider than the screen: no sideways scrolling on a phone. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
