/**
 * What every journey file shares: one Chromium for the file's journeys, launched before them and
 * closed after, and fresh pages on it (each in its own context: no storage shared between them).
 * Every page is audited for accessibility as the journey goes (tests/e2e/axeAudit.ts); a journey
 * whose pages show a serious or critical axe violation fails at its end, listing them.
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newPage } from "./browser";
import { auditPage, type PageAuditor } from "./axeAudit";

export function journeyBrowser(): (baseURL: string) => ReturnType<typeof newPage> {
  let browser: Browser | undefined;
  let audited: PageAuditor[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const auditors = audited;
    audited = [];
    // A page the journey left open is audited where it ended.
    for (const auditor of auditors) await auditor.auditIfPending();
    const reports = auditors.map((auditor) => auditor.report()).filter((report) => report !== null);
    if (reports.length > 0) {
      throw new Error(`Serious or critical accessibility violations (axe-core):\n${reports.join("\n")}`);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async (baseURL) => {
    if (!browser) throw new Error("The journey's browser is not launched yet");
    const opened = await newPage(browser, baseURL);
    audited.push(auditPage(opened.context, opened.page));
    return opened;
  };
}
