import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { auditorOf } from "./axeAudit";

export const SCREENSHOT_DIR = join("test-results", "e2e");

/** Debian's Chromium, and the flags this machine's closed network needs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Let dialogs and drawers finish their entrance transitions (MUI's take 225 ms).
  await page.waitForTimeout(400);
  // A state shown on purpose (a dialog, a filtered list) is audited too, even on an audited page.
  await auditorOf(page)?.audit();
  // The whole page, taken in a window as tall as the page rather than with Playwright's fullPage:
  // under load, Chromium's full-page capture passes the page through a 1 x 1 px window, which the
  // console reads as a phone and so folds its sidebar (spec §2), for the rest of the journey.
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (viewport && height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
  if (viewport && height > viewport.height) await page.setViewportSize(viewport);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The signed-in shell's title, not the menu: a dialog that opens at once (the Subscription
  // Warning) hides the rest of the page from role queries.
  await page
    .getByTestId("app-title")
    .filter({ hasText: "Admin" })
    .waitFor()
    .catch(async (error: unknown) => {
      // What the page shows instead says why (a refusal, the maintenance screen, a blank page).
      const text = await page
        .locator("body")
        .innerText({ timeout: 1000 })
        .catch(() => "(unreadable)");
      throw new Error(
        `No signed-in shell after signing in as ${email}: at ${page.url()} the page reads ${JSON.stringify(text.slice(0, 400))}`,
        { cause: error },
      );
    });
}
