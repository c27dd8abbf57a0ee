/**
 * What every journey file shares: one Chromium for the file's journeys, launched before them and
 * closed after, and fresh pages on it (each in its own context: no storage shared between them).
 */
import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newPage } from "./browser";

export function journeyBrowser(): (baseURL: string) => ReturnType<typeof newPage> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return (baseURL) => {
    if (!browser) throw new Error("The journey's browser is not launched yet");
    return newPage(browser, baseURL);
  };
}
