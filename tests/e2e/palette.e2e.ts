/**
 * The command palette (issue 25 item 1) in Chromium against the service: Ctrl+K, part of an
 * account's name, Enter opens the account; the same for a device by its serial and a test by its
 * SKU; a manager's palette finds its own account's records and never another's. The open palette
 * is audited by axe (the journeys' audit, at each screenshot).
 */
import { describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { SEED_IDS } from "../../server/src/db/seed";
import type { SearchAnswer } from "../../src/api/search";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";
import { accessTokenOf, ownDevice, serviceApi } from "./serviceApi";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();
const api = serviceApi(baseUrl);
const SUPER_ADMIN = { email: "superadmin@example.com", password: DEMO_PASSWORD };
const TITLE = "Search screens, actions and records";

/** Ctrl+K from the page, and the palette's text box once it has the focus. */
async function openPalette(page: Page): Promise<{ dialog: Locator; box: Locator }> {
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: TITLE });
  await dialog.waitFor();
  const box = dialog.getByRole("combobox", { name: TITLE });
  await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
  return { dialog, box };
}

/** Types into the palette, waits until `option` is offered and active, and opens it with Enter. */
async function typeAndOpen(page: Page, text: string, option: string): Promise<void> {
  const { dialog, box } = await openPalette(page);
  await box.pressSequentially(text);
  const wanted = dialog.getByRole("option", { name: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
  await wanted.first().waitFor();
  await expect.poll(() => wanted.first().getAttribute("aria-selected")).toBe("true");
  await page.keyboard.press("Enter");
  await dialog.waitFor({ state: "detached" });
}

/** A seeded test that its SKU alone finds (nothing else matches it), for the super admin. */
async function testFoundBySku(token: string): Promise<{ id: string; name: string; sku: string }> {
  const tests = await api<{ id: string; name: string; sku: string }[]>(
    `tests?range=${encodeURIComponent("[0,29]")}`,
    token,
  );
  for (const test of tests) {
    if (!test.sku) continue;
    const { results } = await api<SearchAnswer>(`search?q=${encodeURIComponent(test.sku)}`, token);
    if (results.length === 1 && results[0]!.id === test.id) return test;
  }
  throw new Error("no seeded test is found by its SKU alone");
}

describe("command palette (issue 25 item 1)", () => {
  it("opens an account by part of its name, a device by its serial and a test by its SKU, from Ctrl+K and Enter", async () => {
    const device = await ownDevice(baseUrl, {
      superAdmin: SUPER_ADMIN,
      accountId: SEED_IDS.accounts.lapisTraders,
      businessId: SEED_IDS.businesses.lapisMain,
      customBoxName: "Palette journey box",
    });
    const test = await testFoundBySku(await accessTokenOf(baseUrl, SUPER_ADMIN));
    const { context, page } = await openPage(baseUrl);
    await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password);

    // The palette as it opens: screens and actions, audited by axe.
    const { dialog, box } = await openPalette(page);
    await dialog
      .getByRole("group", { name: "Screens" })
      .getByRole("option", { name: "Accounts", exact: true })
      .waitFor();
    await dialog.getByRole("group", { name: "Actions" }).getByRole("option", { name: "New account" }).waitFor();
    await screenshot(page, "palette-open");
    // Records as they are found, audited too.
    await box.pressSequentially("lapis tra");
    await dialog
      .getByRole("group", { name: "Accounts" })
      .getByRole("option", { name: /^Lapis Traders/ })
      .waitFor();
    await dialog
      .getByRole("status")
      .filter({ hasText: /results?/ })
      .waitFor();
    await screenshot(page, "palette-records");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await page.waitForURL(`**/accounts/${SEED_IDS.accounts.lapisTraders}`);
    await page.getByRole("heading", { name: "Lapis Traders" }).first().waitFor();

    // A device by the end of its serial number.
    await typeAndOpen(page, device.serialNumber.slice(-8).toLowerCase(), device.serialNumber);
    await page.waitForURL(`**/devices/${device.id}`);
    await page.getByText(device.serialNumber).first().waitFor();

    // A test by its SKU.
    await typeAndOpen(page, test.sku, test.name);
    await page.waitForURL(`**/gallery/item/${test.id}`);
    await page.getByRole("heading", { name: test.name }).first().waitFor();

    // Recent picks come first next time; Escape gives the focus back to the Search button.
    const search = page.getByRole("banner").getByRole("button", { name: /^Search/ });
    await search.click();
    const reopened = page.getByRole("dialog", { name: TITLE });
    const recent = reopened.getByRole("group", { name: "Recent" }).getByRole("option");
    await recent.first().waitFor();
    expect(await recent.allInnerTexts()).toEqual([
      expect.stringContaining(test.name),
      expect.stringContaining(device.serialNumber),
      expect.stringContaining("Lapis Traders"),
    ]);
    await page.keyboard.press("Escape");
    await reopened.waitFor({ state: "detached" });
    await expect.poll(() => search.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it("keeps what is typed at once after Ctrl+K, while its code loads, out of the list's search box behind it", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.goto(`${baseUrl}/accounts`);
    // By its field, not its role: the open palette hides the page from the accessibility tree.
    const listSearch = page.locator("main input[name=q]");
    await listSearch.focus();
    // As a person does: the shortcut and the words in one go, not waiting for the palette.
    await page.keyboard.press("Control+k");
    await page.keyboard.type("lapis tra");
    const dialog = page.getByRole("dialog", { name: TITLE });
    await dialog
      .getByRole("group", { name: "Accounts" })
      .getByRole("option", { name: /^Lapis Traders/ })
      .waitFor();
    expect(await dialog.getByRole("combobox", { name: TITLE }).inputValue()).toBe("lapis tra");
    expect(await listSearch.inputValue()).toBe("");
    await context.close();
  });

  it("a manager's palette finds its own account's records and never another account's", async () => {
    const lapisDevice = await ownDevice(baseUrl, {
      superAdmin: SUPER_ADMIN,
      accountId: SEED_IDS.accounts.lapisTraders,
      businessId: SEED_IDS.businesses.lapisMain,
      customBoxName: "Not the manager's box",
    });
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "manager@example.com", DEMO_PASSWORD);
    const { dialog, box } = await openPalette(page);
    await dialog.getByRole("group", { name: "Screens" }).getByRole("option", { name: "Users", exact: true }).waitFor();
    await screenshot(page, "palette-manager-open");
    expect(await dialog.getByRole("group", { name: "Actions" }).count()).toBe(0);

    // Their own account's business is found…
    await box.pressSequentially("brilliant");
    await dialog.getByRole("group", { name: "Businesses" }).getByRole("option").first().waitFor();
    const own = await dialog.getByRole("option").allInnerTexts();
    expect(own.length).toBeGreaterThan(0);
    expect(own.join("\n")).not.toMatch(/Lapis|Obsidian|Gemtest HQ/);

    // …another account's never: by its name, its business, its device's serial.
    for (const text of ["Lapis", "Showroom", lapisDevice.serialNumber]) {
      await box.fill("");
      await box.pressSequentially(text);
      await dialog
        .getByRole("status")
        .filter({ hasText: `Nothing found for “${text}”.` })
        .waitFor();
      expect(await dialog.getByRole("option").count()).toBe(0);
    }
    await screenshot(page, "palette-manager-nothing");
    await context.close();
  });
});
