/**
 * Lists fit their screen (issue 26 item 1): on a 1280, a 1366 and a 1440 px screen with the filter panel
 * open, and on a phone, no list's default columns need a sideways scroll bar, and no screen of the
 * menu is wider than the window. The super admin's lists have the most columns (an account's, on
 * users and devices); an admin's phone covers the own account's page. On a phone, signing in does
 * not open the sidebar's drawer over the page, whatever the "Open the sidebar when I sign in"
 * preference says.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/src/db/demoUsers";
import { deviceTypeName } from "../../src/api/tests";
import type { Role } from "../../src/api/types";
import { MENU_BY_ROLE } from "../fixtures/menus";
import { waitUntilSettled } from "./axeAudit";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";
import { expectNoSidewaysScroll, PHONE } from "./phone";
import { accessTokenOf, invitedPerson, serviceApi } from "./serviceApi";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();
const emailFor = (role: Role) => DEMO_USERS.find((user) => user.role === role)!.email;

/** How far each list table is wider than the space it is given (0 when it fits). */
function tableOverflows(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll(".RaDataTable-tableWrapper")].map(
      (wrapper) => wrapper.scrollWidth - wrapper.clientWidth,
    ),
  );
}

/** What is too wide on the screen shown, or nothing. */
async function overflowOf(page: Page, item: string): Promise<string | undefined> {
  const overflows = await tableOverflows(page);
  const documentOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflows.every((overflow) => overflow <= 0) && documentOverflow <= 0) return undefined;
  return `${item}: table ${overflows.join(", ")} px, page ${documentOverflow} px too wide`;
}

/**
 * Opens a menu item's screen and waits until it has landed and settled (its address, no progress
 * shown, its rows drawn if it is a list). Not the network's rest: the live-changes stream stays
 * open on every signed-in page.
 */
async function openScreen(page: Page, item: string): Promise<void> {
  const nav = page.getByRole("navigation", { name: "Main menu" });
  // A phone's menu is a drawer the journey opens; a desktop's is docked and appears whole once
  // its access is known (the same button would close it).
  const phone = page.viewportSize()!.width < 600;
  if (phone && !(await nav.isVisible())) await page.getByRole("button", { name: "Open menu" }).click();
  const link = nav.getByRole("link", { name: item, exact: true });
  const path = new URL((await link.getAttribute("href"))!, baseUrl).pathname;
  await link.click();
  await page.waitForURL((url) => url.pathname === path);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await waitUntilSettled(page);
  if ((await page.locator(".RaDataTable-table").count()) > 0) {
    await page.locator(".RaDataTable-table tbody tr").first().waitFor();
  }
}

/** The search boxes whose placeholder is cut (wider than the box's text area), by their placeholder. */
function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const context = document.createElement("canvas").getContext("2d")!;
    return [...document.querySelectorAll<HTMLInputElement>("main input[placeholder]")].flatMap((input) => {
      const style = getComputedStyle(input);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width > room + 1 ? [input.placeholder] : [];
    });
  });
}

/**
 * What is still too wide once the screen has had time to lay out its rows (a list's columns and
 * a phone's layout settle a frame or two after the rows arrive), or nothing.
 */
async function settledOverflowOf(page: Page, item: string): Promise<string | undefined> {
  let overflow = await overflowOf(page, item);
  for (let deadline = Date.now() + 5_000; overflow && Date.now() < deadline;) {
    await page.waitForTimeout(200);
    overflow = await overflowOf(page, item);
  }
  return overflow;
}

const SCREENS: [Role, number][] = [
  ["SuperAdmin", 1280],
  ["SuperAdmin", 1366],
  ["SuperAdmin", 1440],
  ["SuperAdmin", PHONE.width],
  ["Admin", PHONE.width],
];

/** A demo box with a serial of the longest form (GX-…), of an account no journey touches. */
const WIDE_SERIAL_DEVICE = "a6000000-0000-4000-8000-000000019300";

/**
 * The widest content a list can hold that the demo's first pages may not show, planted before the
 * walk: a pending and a picked-up forced reset (Advanced Settings' own lists), a person with a long
 * last name, and, checked after it, the accounts whose subscription chip is the longest ("Canceled
 * (grace period)").
 */
async function plantWideContent(): Promise<void> {
  const api = serviceApi(baseUrl);
  const token = await accessTokenOf(baseUrl, { email: emailFor("SuperAdmin"), password: DEMO_PASSWORD });
  await api("users/password/check", token, { password: DEMO_PASSWORD });
  await api("forced-resets", token, {
    target: "phone_model",
    phoneBrand: "Fairphone",
    phoneModel: "Fairphone 5 Limited Edition",
  });
  // A reset a device app picked up: its row names the device's serial and who was signed in. The
  // box is one no other journey calls for (another account's, on Android 13), so the call takes
  // this reset only.
  const box = await api<{ serialNumber: string }>(`devices/${WIDE_SERIAL_DEVICE}`, token);
  await api("forced-resets", token, { target: "phone", deviceId: WIDE_SERIAL_DEVICE });
  await api(`device-config?serialNumber=${encodeURIComponent(box.serialNumber)}`, token);
  // A person of the admin's own account whose last name is one long word (as the Business picker's
  // journey leaves one): beside a cut email, their name must still fit a phone's users table.
  await invitedPerson(baseUrl, {
    inviter: { email: emailFor("Admin"), password: DEMO_PASSWORD },
    firstName: "Picker",
    lastName: "Superadmin",
    role: "User",
  });
}

const CANCELED_ACCOUNTS = `/accounts?filter=${encodeURIComponent(JSON.stringify({ subscriptionStatus: "canceled" }))}`;

describe("lists fit their screen", () => {
  beforeAll(plantWideContent);

  for (const [role, width] of SCREENS) {
    it(`${role}: every screen of the menu at ${width} px wide, the filter panel open`, async () => {
      const { context, page } = await openPage(baseUrl);
      await page.setViewportSize({ width, height: width === PHONE.width ? PHONE.height : 860 });
      await signIn(page, emailFor(role), DEMO_PASSWORD);
      if (width === PHONE.width) {
        // The demo users keep the default preference (open at sign-in); a phone's drawer stays shut.
        await expect.poll(() => page.getByRole("navigation", { name: "Main menu" }).isVisible()).toBe(false);
      }
      const wide: string[] = [];
      for (const item of MENU_BY_ROLE[role].slice(1)) {
        await openScreen(page, item);
        const overflow = await settledOverflowOf(page, item);
        if (overflow) wide.push(overflow);
        if (width !== PHONE.width)
          for (const placeholder of await cutPlaceholders(page)) wide.push(`${item}: "${placeholder}" cut`);
        if (item === "Accounts" || item === "Users" || item === "Advanced Settings")
          await screenshot(page, `list-fit-${role}-${item}-${width}`);
      }
      if (role === "SuperAdmin") {
        await page.goto(CANCELED_ACCOUNTS);
        // A phone draws the first two columns only (PhoneTable): the subscription's chip is not among them.
        const row = width === PHONE.width ? "main tbody tr" : "main [data-status=canceled]";
        await page.locator(row).first().waitFor();
        const overflow = await settledOverflowOf(page, "Accounts, canceled subscriptions");
        if (overflow) wide.push(overflow);
      }
      if (width === PHONE.width) {
        // A deleted test has no page to act on: a phone's Recover keeps each row's Restore.
        await page.goto("/recover/tests");
        await page.locator("main tbody tr").first().getByRole("button", { name: "Restore" }).waitFor();
        const overflow = await settledOverflowOf(page, "Recover");
        if (overflow) wide.push(overflow);
      }
      expect(wide).toEqual([]);
      await expectNoSidewaysScroll(page);
      await context.close();
    });
  }

  it("on a phone, a list's filter panel opens from its toolbar, in a drawer", async () => {
    const { context, page } = await openPage(baseUrl);
    await page.setViewportSize(PHONE);
    await signIn(page, emailFor("Admin"), DEMO_PASSWORD);
    const token = await accessTokenOf(baseUrl, { email: emailFor("Admin"), password: DEMO_PASSWORD });
    const devices = await serviceApi(baseUrl)<{ typeCode: number }[]>("devices?range=[0,99]", token);
    const typeCode = devices[0]!.typeCode;
    const ofType = devices.filter((device) => device.typeCode === typeCode).length;
    expect(ofType).toBeLessThan(devices.length);
    await page.goto("/devices");
    await page.getByText(`1-${devices.length} of ${devices.length}`).waitFor();
    await page.getByRole("button", { name: "Filters" }).click();
    const drawer = page.getByRole("dialog", { name: "Filters" });
    await drawer.getByText(deviceTypeName(typeCode), { exact: true }).click();
    await page.getByText(`1-${ofType} of ${ofType}`).waitFor();
    await drawer.getByRole("button", { name: "Close" }).click();
    await drawer.waitFor({ state: "hidden" });
    await screenshot(page, "list-phone-filtered-devices");
    // The button says a filter is in use.
    await page.getByRole("button", { name: "Filters (1)" }).waitFor();
    await expectNoSidewaysScroll(page);
    await context.close();
  });

  it("at 320 px (a 1280 px screen at 400 %), the top bar's buttons, a record's long email and a missing record's way home stay on the screen", async () => {
    const { context, page } = await openPage(baseUrl);
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, emailFor("SuperAdmin"), DEMO_PASSWORD);
    await page.goto("/users");
    await page.locator(".RaDataTable-table tbody tr").first().click();
    await page.getByRole("heading", { name: "Profile" }).waitFor();
    const profile = page.getByRole("banner").getByRole("button", { name: /, Profile$/ });
    const box = (await profile.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "record-320");

    // A record that does not exist: its way home keeps to one line beside the message.
    await page.goto("/users/00000000-0000-4000-8000-000000000000");
    const home = page.getByRole("main").getByRole("link", { name: "Return to home" });
    await home.waitFor();
    const lines = await home.evaluate((link) => {
      const words = [...link.childNodes].find((node) => node.textContent?.includes("Return to home"))!;
      const range = document.createRange();
      range.selectNodeContents(words);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    await expectNoSidewaysScroll(page);
    await context.close();
  });

  it("on a phone, a record's Save bar stays with its form, not over the cards above it", async () => {
    const { context, page } = await openPage(baseUrl);
    await page.setViewportSize(PHONE);
    await signIn(page, emailFor("Admin"), DEMO_PASSWORD);
    await page.goto("/users");
    await page.locator(".RaDataTable-table tbody tr").first().click();
    await page.getByRole("heading", { name: "Profile" }).waitFor();
    const save = page.getByRole("button", { name: "Save" });
    await save.waitFor();
    // The user's page opens on its profile; the edit form, and so its Save, is further down.
    expect((await save.boundingBox())!.y).toBeGreaterThanOrEqual(PHONE.height);
    await save.scrollIntoViewIfNeeded();
    const saveBox = (await save.boundingBox())!;
    const lastField = (await page.getByLabel("Business").boundingBox())!;
    expect(saveBox.y).toBeGreaterThanOrEqual(lastField.y + lastField.height);
    await screenshot(page, "form-phone-save-bar");
    await context.close();
  });
});
