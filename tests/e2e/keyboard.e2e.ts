import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";
import { accessTokenOf, invitedPerson, serviceApi } from "./serviceApi";

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

/**
 * Presses Tab (Shift+Tab backwards) until `target` has the focus, as a person would: the journey
 * fails if the keyboard never gets there. The focus must show (`:focus-visible`) when it does.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 120 } = {}): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await focusIsOn(target)) {
      expect(await target.evaluate((element) => element.matches(":focus-visible"))).toBe(true);
      return;
    }
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${max} presses of ${backwards ? "Shift+Tab" : "Tab"} never reached ${String(target)}`);
}

const SUPER_ADMIN = { email: "superadmin@example.com", password: DEMO_PASSWORD };
const ADMIN = { email: "admin@example.com", password: DEMO_PASSWORD };

/** Signs in on /login by keyboard alone: the email field has the focus, Tab to the password, Enter. */
async function signInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  const emailField = page.getByLabel("Email");
  await tabTo(page, emailField);
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
  await page.getByTestId("app-title").filter({ hasText: "Admin" }).waitFor();
}

/** Opens a sidebar screen by keyboard: Tab to its menu link, Enter, and its heading shows. */
async function openFromMenu(page: Page, item: string, heading: string): Promise<void> {
  await tabTo(page, page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: item }));
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
}

/** Leaves by keyboard: back to the profile button, Enter, down to Logout, Enter: /login. */
async function signOutByKeyboard(page: Page): Promise<void> {
  const profile = page.getByRole("banner").getByRole("button", { name: /, Profile$/ });
  await tabTo(page, profile, { backwards: true });
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await menu.waitFor();
  const logout = menu.getByRole("menuitem", { name: "Logout" });
  for (let presses = 0; presses < 4 && !(await focusIsOn(logout)); presses += 1) await page.keyboard.press("ArrowDown");
  expect(await focusIsOn(logout)).toBe(true);
  await page.keyboard.press("Enter");
  await page.waitForURL("**/login");
  await page.getByRole("heading", { name: "Sign in to Gemtest Admin" }).waitFor();
}

/**
 * A manager's or a user's action with its dialog: a test's share dialog, from the gallery. The
 * link shows, Copy link copies it, Escape closes the dialog and the focus is back on its button.
 */
async function shareATestByKeyboard(page: Page): Promise<void> {
  await openFromMenu(page, "Gallery", "Gallery");
  const card = page.getByTestId("gallery-grid").getByRole("article").first().getByRole("link");
  await tabTo(page, card);
  await page.keyboard.press("Enter");
  const share = page.getByRole("button", { name: "Share test" });
  await tabTo(page, share);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Share your test" });
  await dialog.getByRole("textbox", { name: "Public link" }).waitFor();
  await tabTo(page, dialog.getByRole("button", { name: "Copy link" }));
  await page.keyboard.press("Enter");
  await page.getByText("Link copied to clipboard!").waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await expect.poll(() => focusIsOn(share)).toBe(true);
}

describe("keyboard only, each role (issue 25: sign in, open a record from a list, an action with its dialog, leave)", () => {
  it("a super admin opens a discount from the list (its dialog) and saves it", async () => {
    const code = `KB${randomUUID().slice(0, 6).toUpperCase()}`;
    const token = await accessTokenOf(baseUrl, SUPER_ADMIN);
    await serviceApi(baseUrl)("discounts", token, {
      code,
      description: "Keyboard journey",
      kind: "percent",
      percentOff: 5,
    });
    const { context, page } = await openPage(baseUrl);
    await signInByKeyboard(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await openFromMenu(page, "Discounts", "Discounts");

    // The newest discount first: its code opens it, a Tab stop in its row.
    const opener = page.getByRole("table").getByRole("button", { name: code });
    await tabTo(page, opener);
    await screenshot(page, "keyboard-discounts-opener");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Discount ${code}` });
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole("textbox", { name: "Description" }));
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Typed without a mouse");
    await tabTo(page, dialog.getByRole("button", { name: "Save" }));
    await screenshot(page, "keyboard-discount-dialog");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("row", { name: new RegExp(`${code} Typed without a mouse`) }).waitFor();
    await expect.poll(() => focusIsOn(opener)).toBe(true);

    await signOutByKeyboard(page);
    await context.close();
  });

  it("an admin finds a person in the users list, opens them and changes their role", async () => {
    const lastName = `Keys${randomUUID().slice(0, 6)}`;
    await invitedPerson(baseUrl, { inviter: ADMIN, firstName: "Kim", lastName, role: "User" });
    const { context, page } = await openPage(baseUrl);
    await signInByKeyboard(page, ADMIN.email, ADMIN.password);
    await openFromMenu(page, "Users", "Users");

    // The filter sidebar comes before the table: its search is a few Tabs away, not past every row.
    const search = page.getByRole("complementary").getByRole("textbox", { name: "Search" });
    await tabTo(page, search, { max: 20 });
    await page.keyboard.type(lastName);
    // A facet reached by keyboard is outlined: a chosen one is grey, so grey alone would not say "here".
    const managerFacet = page.getByRole("complementary").getByRole("button", { name: "Manager" });
    await tabTo(page, managerFacet, { max: 20 });
    expect(await managerFacet.evaluate((facet) => getComputedStyle(facet).outlineStyle)).toBe("solid");
    const person = page.getByRole("table").getByRole("link", { name: `Kim ${lastName}` });
    await tabTo(page, person, { max: 40 });
    await screenshot(page, "keyboard-users-opener");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: `Kim ${lastName}` }).waitFor();

    const changeRole = page.getByRole("main").getByRole("button", { name: "Change role" });
    await tabTo(page, changeRole);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Change the role of Kim ${lastName}` });
    await dialog.waitFor();
    const role = dialog.getByRole("combobox", { name: "New role" });
    await tabTo(page, role);
    await page.keyboard.press("Enter");
    // The list opens on the current role; typing a role's first letters moves to it.
    const manager = page.getByRole("listbox").getByRole("option", { name: "Manager" });
    await manager.waitFor();
    await page.keyboard.type("Man");
    await expect.poll(() => focusIsOn(manager)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => role.textContent()).toBe("Manager");
    await tabTo(page, dialog.getByRole("button", { name: "Change role" }));
    await screenshot(page, "keyboard-change-role-dialog");
    await page.keyboard.press("Enter");
    await page.getByText("Role changed to Manager").waitFor();
    await dialog.waitFor({ state: "detached" });

    // A confirmation opens on Cancel: Enter out of habit closes it and changes nothing; the action
    // is a Tab further.
    const disable = page.getByRole("main").getByRole("button", { name: "Disable", exact: true });
    await tabTo(page, disable);
    await page.keyboard.press("Enter");
    const question = page.getByRole("dialog", { name: `Disable Kim ${lastName}?` });
    await expect.poll(() => focusIsOn(question.getByRole("button", { name: "Cancel" }))).toBe(true);
    await screenshot(page, "keyboard-disable-question");
    await page.keyboard.press("Enter");
    await question.waitFor({ state: "detached" });
    await expect.poll(() => focusIsOn(disable)).toBe(true);
    await page.keyboard.press("Enter");
    await tabTo(page, question.getByRole("button", { name: "Confirm" }));
    await page.keyboard.press("Enter");
    await page.getByText("User disabled").waitFor();

    await signOutByKeyboard(page);
    await context.close();
  });

  it("a manager opens a device from the devices list (no Tab stop there before) and shares a test", async () => {
    const { context, page } = await openPage(baseUrl);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInByKeyboard(page, "manager@example.com", DEMO_PASSWORD);
    await openFromMenu(page, "Devices", "Devices");

    // A manager selects nothing: the serial number is the row's Tab stop.
    const firstRow = page.getByRole("table").getByRole("row").nth(1);
    const serial = firstRow.getByRole("link").first();
    await tabTo(page, serial);
    const name = (await serial.textContent())!;
    await screenshot(page, "keyboard-devices-opener");
    await page.keyboard.press("Enter");
    await page.getByRole("main").getByText(name).first().waitFor();
    await page.waitForURL(/\/devices\/[^/]+$/);

    await shareATestByKeyboard(page);
    await signOutByKeyboard(page);
    await context.close();
  });

  it("a user opens a device from their account's devices and shares a test", async () => {
    const { context, page } = await openPage(baseUrl);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInByKeyboard(page, "user@example.com", DEMO_PASSWORD);
    await openFromMenu(page, "Account", "My account");

    // The account's tabs: arrows move between them, Enter opens one.
    await tabTo(page, page.getByRole("tab", { selected: true }));
    const devicesTab = page.getByRole("tab", { name: "Devices" });
    for (let presses = 0; presses < 8 && !(await focusIsOn(devicesTab)); presses += 1) {
      await page.keyboard.press("ArrowRight");
    }
    await page.keyboard.press("Enter");
    await expect.poll(() => devicesTab.getAttribute("aria-selected")).toBe("true");
    const table = page.getByRole("main").getByRole("table");
    const serial = table.getByRole("row").nth(1).getByRole("link").first();
    await tabTo(page, serial);
    const name = (await serial.textContent())!;
    await screenshot(page, "keyboard-account-devices-opener");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/devices\/[^/]+$/);
    await page.getByRole("main").getByText(name).first().waitFor();

    await shareATestByKeyboard(page);
    await signOutByKeyboard(page);
    await context.close();
  });
});

/** The contrast ratio of two CSS colours (`rgb(…)`/`rgba(…)`, opaque), as WCAG computes it. */
function contrastOf(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((part) => {
        const channel = Number(part) / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

describe("the focus stays in sight (WCAG 2.4.7, 2.4.11)", () => {
  it("the first Tab of a page shows a readable Skip to content", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/users");
    await page.getByRole("heading", { level: 1, name: "Users" }).waitFor();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("button", { name: "Skip to content" });
    expect(await focusIsOn(skip)).toBe(true);
    const { color, background } = await skip.evaluate((element) => {
      const style = getComputedStyle(element);
      return { color: style.color, background: style.backgroundColor };
    });
    expect(contrastOf(color, background)).toBeGreaterThanOrEqual(4.5);
    await screenshot(page, "keyboard-skip-link");
    await context.close();
  });

  it("a list's headings, sorted or not, are ringed when the keyboard reaches them", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/users");
    const headings = page.getByRole("main").getByRole("columnheader");
    for (const name of ["Name", "Email"]) {
      const sort = headings.filter({ hasText: name }).getByRole("button", { name });
      await tabTo(page, sort);
      const outline = await sort.evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(outline, name).not.toBe("none");
    }
    await screenshot(page, "keyboard-sort-heading");
    await context.close();
  });

  it("a list's columns are hidden and reordered from the keyboard alone, in a panel axe passes", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/users");
    const main = page.getByRole("main");
    await main.locator("tbody tr").first().waitFor();
    // Read from the markup: behind the open panel the page is hidden from roles (aria-hidden).
    const headings = async () => (await page.locator("main thead th").allInnerTexts()).filter(Boolean);
    expect(await headings()).toContain("Email");
    const columns = main.getByRole("button", { name: "Columns" });
    await tabTo(page, columns);
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Columns" });
    await tabTo(page, panel.getByRole("checkbox", { name: "Email" }));
    await page.keyboard.press("Space");
    await expect.poll(headings).not.toContain("Email");
    const roleUp = panel.getByRole("button", { name: "Move Role up" });
    await tabTo(page, roleUp);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await headings()).slice(0, 2)).toEqual(["Role", "Name"]);
    // Role is first now: its Move up is spent, and the focus went on to its Move down.
    await expect.poll(() => focusIsOn(panel.getByRole("button", { name: "Move Role down" }))).toBe(true);
    await screenshot(page, "keyboard-columns-chooser");
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    await expect.poll(() => focusIsOn(columns)).toBe(true);
    // The choice stays with the list: back on it, the same columns.
    await page.reload();
    await main.locator("tbody tr").first().waitFor();
    expect((await headings()).slice(0, 2)).toEqual(["Role", "Name"]);
    await context.close();
  });

  it("a page turned from the pager by keyboard puts the focus on the new rows, on the screen", async () => {
    const { context, page } = await openPage(baseUrl);
    await page.setViewportSize({ width: 1280, height: 860 });
    await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.goto("/payments");
    await page.getByRole("main").locator("tbody tr").nth(24).waitFor();
    const next = page.getByRole("button", { name: "Go to next page" });
    await next.focus();
    await page.keyboard.press("Enter");
    await page.getByText(/^26-/).waitFor();
    const table = page.getByRole("main").getByRole("table");
    await expect.poll(() => focusIsOn(table)).toBe(true);
    // react-admin shows the new page from its top: the focus is there too, not left far below.
    const box = (await table.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(860);
    await context.close();
  });

  /** A super admin on a short window, the focus reached by Tab on the users list's 25th and last row. */
  async function onLastUserByKeyboard() {
    const opened = await openPage(baseUrl);
    const { page } = opened;
    await page.setViewportSize({ width: 1280, height: 560 });
    await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.goto("/users");
    const rows = page.getByRole("main").locator("tbody tr");
    await rows.nth(24).waitFor();
    await tabTo(page, rows.nth(24).getByRole("link").first(), { max: 200 });
    return opened;
  }

  it("scrolled down a long list, Tab still reaches the top bar's controls (it stays; hidden, they left the Tab order)", async () => {
    const { context, page } = await onLastUserByKeyboard();
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // On from the last row, past the pager, round to the top of the page and into the top bar.
    await tabTo(page, page.getByRole("banner").getByRole("button", { name: "Search" }), { max: 200 });
    await context.close();
  });

  it("Shift+Tab back up a long list never leaves the focus under the top bar", async () => {
    const { context, page } = await onLastUserByKeyboard();
    const hidden: string[] = [];
    for (let presses = 0; presses < 40; presses += 1) {
      await page.keyboard.press("Shift+Tab");
      // Scrolled up, the bar slides back in: once it stands still (shown or gone), the focus must
      // stand clear of it.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
      );
      await page.waitForFunction(() => {
        const { top, bottom } = document.querySelector("header.MuiAppBar-root")!.getBoundingClientRect();
        return top === 0 || bottom <= 0;
      });
      const where = await page.evaluate(() => {
        const focus = document.activeElement!.getBoundingClientRect();
        const bar = document.querySelector("header.MuiAppBar-root")!.getBoundingClientRect();
        return focus.top < Math.max(bar.bottom, 0)
          ? `${document.activeElement!.textContent} at ${Math.round(focus.top)} px`
          : "";
      });
      if (where) hidden.push(where);
    }
    expect(hidden).toEqual([]);
    await context.close();
  });
});
