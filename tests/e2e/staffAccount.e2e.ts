import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();

/**
 * Staffing a new account from its own page (issue 26 item 2): the account this journey creates is
 * its own record, so it changes nothing another journey reads.
 */
describe("staffing a new account (issue 26 item 2)", () => {
  it("a super admin creates an account, invites its first user from the account's page and sees them listed as invited", async () => {
    const name = `Garnet House ${Date.now()}`;
    const email = `ines.${Date.now()}@garnet.example.com`;
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);

    // New account: its page opens once it is created.
    await page.goto("/accounts");
    await page.getByRole("button", { name: "New account" }).click();
    const create = page.getByRole("dialog", { name: "Create an account" });
    await create.getByLabel("Name").fill(name);
    await create.getByLabel("Email").fill(`billing.${Date.now()}@garnet.example.com`);
    await create.getByLabel("Country").fill("France");
    await page.getByRole("option", { name: "France" }).click();
    await create.getByRole("button", { name: "Save" }).click();
    await page.getByRole("heading", { level: 1, name }).waitFor();

    // The Owner field says how the owner comes: invite someone first.
    await page
      .getByText("No users yet: invite the account's first user from the Users tab, then choose the owner here.")
      .waitFor();

    // Its Users tab: nobody yet, and what to do about it.
    await page.getByRole("tab", { name: "Users" }).click();
    const users = page.getByRole("region", { name: "Users" });
    await users.getByText("No users yet").waitFor();
    expect(await users.getByRole("table").count()).toBe(0);
    await screenshot(page, "staff-account-empty");

    // Invite its first user: the account is chosen already, the role is Admin.
    await users.getByRole("button", { name: "Invite user" }).click();
    const dialog = page.getByRole("dialog", { name: `Invite a user to ${name}` });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("First name").fill("Ines");
    await dialog.getByLabel("Last name").fill("Moreau");
    expect(await dialog.getByRole("combobox", { name: "Role" }).textContent()).toContain("Admin");
    await screenshot(page, "staff-account-invite");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    expect(await dialog.getByLabel("Invitation link").inputValue()).toMatch(
      new RegExp(`^${baseUrl}/invitation/[^/]+$`),
    );
    await dialog.getByRole("button", { name: "Close" }).click();

    // Listed as invited, and the figure counts them.
    const row = users.getByRole("row").filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain("Invited");
    expect(await row.textContent()).toContain("Ines Moreau");
    await page.getByTestId("stat-Users").filter({ hasText: "1" }).waitFor();
    await screenshot(page, "staff-account-invited");
    await context.close();
  });
});
