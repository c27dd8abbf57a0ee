/**
 * The Business picker of the user and device edit forms (src/resources/shared/pickers.tsx): a
 * person types part of a business's name, picks it, saves, and the page shows the new business,
 * also after a reload. Until the picker asked for an order the businesses list accepts, it only
 * ever said "No options.".
 *
 * The people and devices changed here are the journey's own (serviceApi.ts): the demo account of
 * admin@example.com (Brilliant Gems Ltd) lends only its two demo businesses, which stay unchanged.
 */
import { describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";
import { accessTokenOf, invitedPerson, ownDevice, serviceApi } from "./serviceApi";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();

const SUPER_ADMIN = { email: "superadmin@example.com", password: DEMO_PASSWORD };
const ADMIN = { email: "admin@example.com", password: DEMO_PASSWORD };

/** The demo account's two businesses (server/src/db/seed.ts), and the part of each name typed to find it. */
const LONDON = { name: "Brilliant Gems London", typed: "Londo" };
const ANTWERP = { name: "Brilliant Gems Antwerp", typed: "Antw" };

interface Business {
  id: string;
  name: string;
  accountId: string;
}

/** The admin's account's businesses by name, as the admin's list shows them. */
async function demoBusinesses(): Promise<{ london: Business; antwerp: Business }> {
  const token = await accessTokenOf(baseUrl, ADMIN);
  const rows = await serviceApi(baseUrl)<Business[]>(
    `businesses?range=${encodeURIComponent("[0,99]")}&sort=${encodeURIComponent('["name","ASC"]')}`,
    token,
  );
  const byName = (name: string) => {
    const found = rows.find((row) => row.name === name);
    if (!found) throw new Error(`The admin's account has no business named ${name}: ${rows.map((r) => r.name)}`);
    return found;
  };
  const london = byName(LONDON.name);
  const antwerp = byName(ANTWERP.name);
  expect(antwerp.accountId).toBe(london.accountId);
  return { london, antwerp };
}

/** The value of a read-only field of a detail page's section ("Business" → its link or a dash). */
function fieldValue(section: Locator, label: string): Locator {
  return section
    .locator("dl > div")
    .filter({ has: section.page().locator("dt").getByText(label, { exact: true }) })
    .locator("dd");
}

/** The options the open picker lists, by name. */
const shownOptions = (page: Page) => page.getByRole("listbox").getByRole("option").allTextContents();

/**
 * In the page's edit form: types part of the business's name into the Business picker, waits until
 * the service's answer to that search is listed (the business, and not the one it had), picks it and
 * saves.
 */
async function pickBusinessAndSave(
  page: Page,
  to: { name: string; typed: string },
  from: { name: string },
  screenshotName: string,
): Promise<void> {
  const form = page.getByRole("region", { name: "Edit" });
  const picker = form.getByRole("combobox", { name: "Business" });
  await picker.waitFor();
  await expect.poll(() => picker.inputValue(), { timeout: 20000 }).toBe(from.name);
  await picker.click();
  await picker.fill(to.typed);
  const option = page.getByRole("option", { name: to.name, exact: true });
  // What the person sees once the list answers: the business, or the picker's "No options" (what
  // it always said before the fix; it may also flash while a slow first answer is on its way).
  await option
    .or(page.getByText(/^No options\.?$/))
    .first()
    .waitFor();
  await expect.poll(() => option.count(), { timeout: 20000, message: `the Business picker lists ${to.name}` }).toBe(1);
  await expect.poll(() => shownOptions(page), { timeout: 20000 }).not.toContain(from.name);
  expect(await shownOptions(page)).toContain(to.name);
  await screenshot(page, screenshotName);
  await option.click();
  // The picker writes the chosen name into its input on its next render, not during the click.
  await expect.poll(() => picker.inputValue(), { timeout: 20000 }).toBe(to.name);
  await form.getByRole("button", { name: "Save" }).click();
  await page.getByText("Changes saved", { exact: true }).waitFor();
}

/** The page shows `business` in its details section and in the edit form's picker. */
async function showsBusiness(page: Page, detailsTitle: string, business: { name: string; id: string }) {
  const details = page.getByRole("region", { name: detailsTitle });
  const link = fieldValue(details, "Business").getByRole("link", { name: business.name, exact: true });
  await link.waitFor();
  expect(await link.getAttribute("href")).toContain(business.id);
  const picker = page.getByRole("region", { name: "Edit" }).getByRole("combobox", { name: "Business" });
  await expect.poll(() => picker.inputValue(), { timeout: 20000 }).toBe(business.name);
}

describe("the Business picker (issue: the Business picker always said No options.)", () => {
  for (const actor of [
    { role: "super admin", who: SUPER_ADMIN },
    { role: "admin", who: ADMIN },
  ]) {
    it(`${actor.role === "admin" ? "an" : "a"} ${actor.role} moves a user to another business by typing part of its name`, async () => {
      const { london, antwerp } = await demoBusinesses();
      const person = await invitedPerson(baseUrl, {
        inviter: ADMIN,
        firstName: "Picker",
        lastName: actor.role === "admin" ? "Admin" : "Superadmin",
        role: "User",
        businessId: london.id,
      });
      expect(person.businessId).toBe(london.id);

      const { context, page } = await openPage(baseUrl);
      await signIn(page, actor.who.email, actor.who.password);
      await page.goto(`/users/${person.id}`);
      const profile = page.getByRole("region", { name: "Profile" });
      await fieldValue(profile, "Business").getByRole("link", { name: LONDON.name }).waitFor();

      await pickBusinessAndSave(page, ANTWERP, LONDON, `business-picker-user-${actor.role.replace(" ", "-")}`);
      await showsBusiness(page, "Profile", antwerp);
      await page.reload();
      await showsBusiness(page, "Profile", antwerp);

      // And the service has it.
      const token = await accessTokenOf(baseUrl, actor.who);
      const saved = await serviceApi(baseUrl)<{ businessId: string | null }>(`users/${person.id}`, token);
      expect(saved.businessId).toBe(antwerp.id);
      await context.close();
    });
  }

  it("a super admin moves a device to another business of its account by typing part of its name", async () => {
    const { london, antwerp } = await demoBusinesses();
    const device = await ownDevice(baseUrl, {
      superAdmin: SUPER_ADMIN,
      accountId: antwerp.accountId,
      businessId: antwerp.id,
      customBoxName: `Picker bench ${Date.now().toString(36)}`,
    });

    const { context, page } = await openPage(baseUrl);
    await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.goto(`/devices/${device.id}`);
    const details = page.getByRole("region", { name: "Device details" });
    await fieldValue(details, "Business").getByRole("link", { name: ANTWERP.name }).waitFor();

    await pickBusinessAndSave(page, LONDON, ANTWERP, "business-picker-device");
    await showsBusiness(page, "Device details", london);
    await page.reload();
    await showsBusiness(page, "Device details", london);

    const token = await accessTokenOf(baseUrl, SUPER_ADMIN);
    const saved = await serviceApi(baseUrl)<{ businessId: string | null }>(`devices/${device.id}`, token);
    expect(saved.businessId).toBe(london.id);
    await context.close();
  });

  it("an admin sees a device's business but has no form to change it (devices are edited by super admins)", async () => {
    const { antwerp } = await demoBusinesses();
    const device = await ownDevice(baseUrl, {
      superAdmin: SUPER_ADMIN,
      accountId: antwerp.accountId,
      businessId: antwerp.id,
      customBoxName: `Picker bench ${Date.now().toString(36)}`,
    });

    const { context, page } = await openPage(baseUrl);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/devices/${device.id}`);
    const details = page.getByRole("region", { name: "Device details" });
    await fieldValue(details, "Business").getByRole("link", { name: ANTWERP.name }).waitFor();
    // The admin's own actions on the device are drawn (their access is answered)…
    await page.getByRole("button", { name: "Rename box" }).waitFor();
    // …and the super admin's edit form is not.
    expect(await page.getByRole("region", { name: "Edit" }).count()).toBe(0);
    expect(await page.getByRole("combobox", { name: "Business" }).count()).toBe(0);
    await context.close();
  });
});
