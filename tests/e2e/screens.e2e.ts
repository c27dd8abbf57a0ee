/**
 * WCAG 2.2 AA on every screen (issue 25): as each role, every screen of its menu, then the record
 * a row of each of its lists opens (a page, or a dialog over the list), and the tabs of a record
 * page, each audited by axe with the journeys' rules (tests/e2e/axeAudit.ts: target size, label in
 * name and axe's defaults). A serious or critical finding on any of them fails the role's journey.
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_USERS, DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import type { Role } from "../../src/api/types";
import { auditorOf } from "./axeAudit";
import { signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();

/** The first demo user of each role belongs to an account with an active subscription. */
const emailFor = (role: Role) => DEMO_USERS.find((user) => user.role === role)!.email;

/** The lists whose rows open a record, and what their first row's opener opens. */
const LISTS: Record<string, "page" | "dialog"> = {
  "/accounts": "page",
  "/users": "page",
  "/devices": "page",
  "/payments": "page",
  "/firmware": "dialog",
  "/discounts": "dialog",
};

/** The opener of a list's first row: the first link or dialog button of its body's first row. */
async function firstRowOpener(page: Page, kind: "page" | "dialog") {
  const row = page.getByRole("main").locator("table tbody tr").first();
  const opener = kind === "page" ? row.getByRole("link").first() : row.locator("button[aria-haspopup=dialog]");
  await opener.waitFor();
  return opener;
}

describe("every screen, audited with WCAG 2.2 AA rules (issue 25)", () => {
  for (const role of ["SuperAdmin", "Admin", "Manager", "User"] as Role[]) {
    it(`as ${role}: the menu's screens, a record of each list, the record pages' tabs`, async () => {
      const { context, page } = await openPage(baseUrl);
      await signIn(page, emailFor(role), DEMO_PASSWORD);
      const nav = page.getByRole("navigation", { name: "Main menu" });
      await nav.getByRole("link").first().waitFor();
      const screens = await nav.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
      const records: string[] = [];
      for (const screen of screens) {
        await page.goto(screen);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        const kind = LISTS[screen];
        if (kind === "page") {
          records.push((await (await firstRowOpener(page, kind)).getAttribute("href"))!);
        } else if (kind === "dialog") {
          await (await firstRowOpener(page, kind)).click();
          const dialog = page.getByRole("dialog");
          await dialog.getByRole("button", { name: "Save" }).waitFor();
          await auditorOf(page)!.audit();
          await page.keyboard.press("Escape");
          await dialog.waitFor({ state: "detached" });
        }
      }
      // The account page's tabs hold the related records' lists (the own account's, for all but super admins).
      const account = role === "SuperAdmin" ? records.find((path) => path.startsWith("/accounts/")) : "/account";
      expect(account).toBeDefined();
      for (const record of [...records, account!]) {
        await page.goto(record);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
      }
      const tabs = page.getByRole("tab");
      for (let at = 1; at < (await tabs.count()); at += 1) {
        const name = (await tabs.nth(at).textContent())!;
        await tabs.nth(at).click();
        await expect.poll(() => tabs.nth(at).getAttribute("aria-selected")).toBe("true");
        // A tab of related records is seen once its rows are in, or it says there are none.
        if (/^(businesses|users|devices|payments)$/i.test(name)) {
          const main = page.getByRole("main");
          await main
            .locator("table tbody tr")
            .first()
            .getByRole("link")
            .first()
            .or(main.getByText(/^No .* found$/))
            .waitFor();
        }
        await auditorOf(page)!.audit();
      }
      await context.close();
    }, 240_000); // A dozen screens and records, each audited: a few minutes on a busy machine.
  }

  it("the audit itself reports a planted violation, naming its rule", async () => {
    const { context, page } = await openPage(baseUrl);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    // A button with no name and grey text on white: critical and serious for axe.
    await page.evaluate(() => {
      // Styled through the CSSOM: the console's policy refuses inline style attributes.
      const faint = document.createElement("p");
      faint.textContent = "Faint words";
      faint.style.color = "#ccc";
      faint.style.background = "#fff";
      document.body.append(document.createElement("button"), faint);
    });
    const auditor = auditorOf(page)!;
    await auditor.audit();
    const report = auditor.report() ?? "";
    expect(report).toContain("button-name");
    expect(report).toContain("color-contrast");
    auditor.clear(); // Planted on purpose: the journey itself passes.
    await context.close();
  });
});
