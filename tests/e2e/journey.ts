/**
 * What every journey file shares: one Chromium for the file's journeys, launched before them and
 * closed after, and fresh pages on it (each in its own context: no storage shared between them).
 * Every page is audited for accessibility as the journey goes (tests/e2e/axeAudit.ts); a journey
 * whose pages show a serious or critical axe violation fails at its end, listing them. Every `/api`
 * answer its pages get is held against the service's OpenAPI document (tests/e2e/apiContract.ts);
 * a journey that got one the document does not describe fails at its end too, listing them.
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newPage } from "./browser";
import { auditPage, type PageAuditor } from "./axeAudit";
import { auditApi, type ApiAuditor } from "./apiContract";

export function journeyBrowser(): (baseURL: string) => ReturnType<typeof newPage> {
  let browser: Browser | undefined;
  let audited: PageAuditor[] = [];
  let apiAudited: ApiAuditor[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const auditors = audited;
    const apiAuditors = apiAudited;
    audited = [];
    apiAudited = [];
    // A page the journey left open is audited where it ended.
    for (const auditor of auditors) await auditor.auditIfPending();
    for (const auditor of apiAuditors) await auditor.settled();
    const reports = auditors.map((auditor) => auditor.report()).filter((report) => report !== null);
    const apiReports = apiAuditors.map((auditor) => auditor.report()).filter((report) => report !== null);
    const failures = [
      ...(reports.length > 0
        ? [`Serious or critical accessibility violations (axe-core):\n${reports.join("\n")}`]
        : []),
      ...(apiReports.length > 0
        ? [
            `API answers the service's OpenAPI document (/api/docs/openapi.json) does not describe:\n${apiReports.join("\n")}`,
          ]
        : []),
    ];
    if (failures.length > 0) throw new Error(failures.join("\n\n"));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async (baseURL) => {
    if (!browser) throw new Error("The journey's browser is not launched yet");
    const opened = await newPage(browser, baseURL);
    // The API auditor first: the axe auditor's close (audit, then close) then runs before its own
    // (wait for the checks under way, then close).
    apiAudited.push(auditApi(opened.context, baseURL));
    audited.push(auditPage(opened.context, opened.page));
    return opened;
  };
}
