import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");

const openPage = journeyBrowser();

/** The list's total, from react-admin's pagination ("1-25 of 304"). */
async function listTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+-\d+ of \d+$/).textContent();
  return Number(text!.split(" of ")[1]);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Profile" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL("**/login");
}

/** CSV records, header excluded; a quoted field may hold line breaks. */
function csvRecords(csv: string): number {
  let records = 0;
  let quoted = false;
  for (let at = 0; at < csv.length; at += 1) {
    const char = csv[at];
    if (char === '"') quoted = !quoted;
    else if (char === "\n" && !quoted) records += 1;
  }
  if (csv.length > 0 && !csv.endsWith("\n")) records += 1;
  return records - 1;
}

describe("resources journeys (issue: resources)", () => {
  it("a super admin filters accounts, saves the filter, finds it after signing in again, and exports exactly the filtered rows", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);
    await page.goto("/accounts");
    await page.getByRole("table").waitFor();
    const everything = await listTotal(page);

    const aside = page.getByRole("complementary");
    await aside.getByText("Suspended", { exact: true }).click();
    await expect.poll(() => listTotal(page)).toBeLessThan(everything);
    const suspended = await listTotal(page);
    expect(suspended).toBeGreaterThan(0);
    await screenshot(page, "accounts-filtered");

    await aside.getByRole("button", { name: "Save current filters" }).click();
    const dialog = page.getByRole("dialog", { name: "Save these filters" });
    await dialog.getByLabel("Name").fill("Suspended accounts");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Filters saved").waitFor();

    await signOut(page);
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);
    await page.goto("/accounts");
    await page.getByRole("table").waitFor();
    await expect.poll(() => listTotal(page)).toBe(everything);
    await page.getByRole("complementary").getByRole("button", { name: "Suspended accounts", exact: true }).click();
    await expect.poll(() => listTotal(page)).toBe(suspended);

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect(csvRecords(readFileSync((await download.path())!, "utf8"))).toBe(suspended);
    await context.close();
  });

  it("an admin changes a user's role", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "admin@example.com", DEMO_PASSWORD);
    await page.goto("/users");
    await page.getByRole("table").waitFor();
    await page.getByRole("complementary").getByLabel("Search").fill("daniel");
    await page.getByRole("row", { name: /Daniel Kim/ }).click();
    await page.getByRole("heading", { name: "Daniel Kim" }).waitFor();
    await page.getByRole("button", { name: "Change role" }).click();
    const dialog = page.getByRole("dialog", { name: "Change the role of Daniel Kim" });
    await dialog.getByRole("combobox").click();
    await page.getByRole("option", { name: "Manager" }).click();
    await dialog.getByRole("button", { name: "Change role" }).click();
    await page.getByText("Role changed to Manager").waitFor();
    await screenshot(page, "user-role-changed");
    await context.close();
  });

  it("a super admin's New discount refuses a percent of 150 in the product's words, sending nothing", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);
    await page.goto("/discounts");
    await page.getByRole("button", { name: "New discount" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a discount" });
    await dialog.getByRole("textbox", { name: /^Code/ }).fill("TOOMUCH");
    await dialog.getByRole("spinbutton", { name: "Percent off" }).fill("150");
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/discounts") posted.push("POST");
    });
    await dialog.getByRole("button", { name: "Save" }).click();
    // Not the browser's own bubble: the form's message under the field, and the dialog stays.
    await dialog.getByText("Enter a percentage from 1 to 100.").waitFor();
    expect(posted).toEqual([]);
    await context.close();
  });

  it("a manager cannot reach payments", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "manager@example.com", DEMO_PASSWORD);
    const menu = page.getByRole("navigation", { name: "Main menu" });
    expect(await menu.getByRole("link", { name: "Payments" }).count()).toBe(0);
    await page.goto("/payments");
    await page.getByText("Page not found.").waitFor();
    const api = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem("user-info") ?? "{}") as { token?: string };
      const response = await fetch("/api/payments", { headers: { Authorization: `Bearer ${session.token}` } });
      return response.status;
    });
    expect(api).toBe(403);
    await context.close();
  });
});

describe("invitations (issue: resources)", () => {
  it("an admin invites a user, who accepts through the public page and lands in the console", async () => {
    const admin = await openPage(baseUrl);
    await signIn(admin.page, "admin@example.com", DEMO_PASSWORD);
    await admin.page.goto("/users");
    await admin.page.getByRole("button", { name: "Invite user" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Invite a user" });
    await dialog.getByLabel("Email").fill("new.hire@example.com");
    await dialog.getByLabel("First name").fill("Nora");
    await dialog.getByLabel("Last name").fill("Hale");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    const link = await dialog.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/invitation/[^/]+$`));
    await admin.context.close();

    const guest = await openPage(baseUrl);
    await guest.page.goto(link);
    await guest.page.getByText("new.hire@example.com").waitFor();
    // The names the admin typed are filled in.
    await expect.poll(() => guest.page.getByLabel("First name").inputValue()).toBe("Nora");
    expect(await guest.page.getByLabel("Last name").inputValue()).toBe("Hale");
    await guest.page.getByLabel("Password", { exact: true }).fill("a-good-password");
    await guest.page.getByLabel("Confirm password").fill("a-good-password");
    await screenshot(guest.page, "invitation");
    await guest.page.getByRole("button", { name: "Accept invitation" }).click();
    await guest.page.getByRole("navigation", { name: "Main menu" }).waitFor();
    await guest.page.getByRole("heading", { name: "Welcome back, Nora" }).waitFor();
    await screenshot(guest.page, "invitation-accepted");
    await guest.context.close();

    // The list's bulk action (its code loaded beside the table) disables her.
    const again = await openPage(baseUrl);
    await signIn(again.page, "admin@example.com", DEMO_PASSWORD);
    await again.page.goto("/users");
    const nora = again.page.getByRole("row").filter({ hasText: "new.hire@example.com" });
    await nora.getByRole("checkbox", { name: "Select this row" }).check();
    await again.page.getByRole("button", { name: "Disable selected" }).click();
    await again.page.getByText("User disabled").waitFor();
    await nora.getByText("Disabled").waitFor();
    await again.context.close();
  });
});
