import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { startService, type RunningService } from "../support/serviceProcess";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

/**
 * The lifecycle's screens (issue 11): scheduled actions and the grace period. A service of its own:
 * a deletion asked for becomes a scheduled action on the scheduler's next run, which here comes every
 * two seconds instead of every five minutes (LIFECYCLE_SCHEDULE), so the journey waits for what a
 * person would see a few minutes later.
 */
let service: RunningService | undefined;
beforeAll(async () => {
  service = await startService({ LIFECYCLE_SCHEDULE: "*/2 * * * * *" }, { label: "lifecycle" });
});
afterAll(async () => {
  await service?.stop();
});

const openPage = journeyBrowser();

/** Reloads the list until a row of `account` shows: the scheduler schedules on its next run. */
async function rowOnceScheduled(page: Page, path: string, account: string) {
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: account, exact: true }) });
  await expect
    .poll(
      async () => {
        await page.goto(path);
        await page.getByRole("table").or(page.getByText("Nothing scheduled")).first().waitFor();
        await page.getByPlaceholder("Search account name").fill(account);
        await page.waitForURL(/filter=.*%22q%22/);
        return row.count();
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBe(1);
  return row;
}

describe("scheduled actions journey (issue 11)", () => {
  it("a super admin deletes an account, finds its deletion scheduled, cancels it after the password re-check, and the account is active again", async () => {
    const account = "Brilliant Gems Ltd";
    const { context, page } = await openPage(service!.url);
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);

    // The account's page: Delete (a confirmation, then the password re-check); it is pending deletion.
    await page.goto(`/accounts?filter=${encodeURIComponent(JSON.stringify({ q: account }))}`);
    await page.getByRole("row").filter({ hasText: account }).first().click();
    await page.getByRole("heading", { level: 1, name: account }).waitFor();
    const accountPath = new URL(page.url()).pathname;
    await page.getByRole("button", { name: "Delete account" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    const recheck = page.getByRole("dialog", { name: "Confirm your password" });
    await recheck.getByLabel("Password").fill(DEMO_PASSWORD);
    await recheck.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname === "/accounts");

    // Account Deletions: the deletion, asked for by the super admin, due in 15 days (Recover's window).
    const row = await rowOnceScheduled(page, "/scheduled-actions/account-deletions", account);
    const text = await row.textContent();
    expect(text).toContain("Owner's request");
    expect(text).toMatch(/in 1[45] days/);
    expect(await row.getByRole("link", { name: "Sophie Carter" }).count()).toBe(1);
    await screenshot(page, "scheduled-actions-account-deletions");

    // Cancel: the confirmation says what happens, then the password re-check.
    await row.getByRole("button", { name: "Cancel" }).click();
    const confirm = page.getByRole("dialog", { name: `Cancel the account deletion of ${account}?` });
    await confirm.getByText(`The deletion is withdrawn: ${account} is active again.`).waitFor();
    await screenshot(page, "scheduled-actions-cancel-confirm");
    await confirm.getByRole("button", { name: "Cancel it" }).click();
    const password = page.getByRole("dialog", { name: "Confirm your password" });
    await password.getByLabel("Password").fill(DEMO_PASSWORD);
    await password.getByRole("button", { name: "Continue" }).click();
    await page.getByText(`The account deletion of ${account} is canceled`).waitFor();
    await expect.poll(() => row.count()).toBe(0);

    // The history keeps it, canceled by a super admin.
    await page.getByRole("combobox", { name: "Show" }).click();
    await page.getByRole("option", { name: "Canceled" }).click();
    await row.waitFor();
    expect(await row.textContent()).toContain("Canceled by a super admin");
    await screenshot(page, "scheduled-actions-history");

    // The account is active again.
    await page.goto(accountPath);
    await page.getByRole("heading", { level: 1, name: account }).waitFor();
    await page.getByText("Status: Active", { exact: true }).waitFor();
    await screenshot(page, "scheduled-actions-account-active");
    await context.close();
  });

  it("a super admin runs a past-due account's cancelation now; its admin then works read-only under the grace banner", async () => {
    const account = "Lapis Traders";
    const { context, page } = await openPage(service!.url);
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);
    await page.goto("/scheduled-actions");
    await page.getByRole("table").waitFor();
    await screenshot(page, "scheduled-actions-overview");

    const row = await rowOnceScheduled(page, "/scheduled-actions/subscription-cancelations", account);
    expect(await row.textContent()).toContain("Unpaid");
    expect(await row.textContent()).toContain("The service");
    await screenshot(page, "scheduled-actions-subscription-cancelations");
    await row.getByRole("button", { name: "Run now" }).click();
    const confirm = page.getByRole("dialog", { name: `Run the subscription cancelation of ${account} now?` });
    await confirm.getByText(/read-only for 21 days/).waitFor();
    await confirm.getByRole("button", { name: "Run now" }).click();
    const password = page.getByRole("dialog", { name: "Confirm your password" });
    await password.getByLabel("Password").fill(DEMO_PASSWORD);
    await password.getByRole("button", { name: "Continue" }).click();
    await page.getByText(`The subscription cancelation of ${account} is carried out`).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await context.close();

    // Its admin: no redirect, the banner with the days left, and a way to pay.
    const admin = await openPage(service!.url);
    await signIn(admin.page, "pastdue@example.com", DEMO_PASSWORD);
    const banner = admin.page.getByRole("alert").filter({ hasText: "Your account is read-only" });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/read-only for 21 days more/);
    expect(new URL(admin.page.url()).pathname).toBe("/");
    await screenshot(admin.page, "grace-banner-home");
    // On its icon, where a person clicks: with the sidebar folded, the link's middle lies under the page.
    await admin.page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Gallery" })
      .click({ position: { x: 20, y: 20 } });
    await admin.page.waitForURL((url) => url.pathname === "/gallery");
    await banner.waitFor();
    // A test of the account (issue 26 item 4): what the grace period refuses is offered disabled,
    // with the reason; no edit form opens.
    const card = admin.page.getByTestId("gallery-grid").getByRole("article").first();
    await card.getByRole("link").click();
    const toolbar = admin.page.getByRole("toolbar").first();
    await toolbar.getByRole("button", { name: "Edit" }).waitFor();
    for (const name of ["Edit", "Add file", "Share test", "Delete Test"]) {
      await expect.poll(() => toolbar.getByRole("button", { name }).isDisabled()).toBe(true);
    }
    await admin.page.getByText("Read-only until a new subscription starts.").waitFor();
    await screenshot(admin.page, "grace-test-detail");
    await admin.page.goBack();
    await admin.page.waitForURL((url) => url.pathname === "/gallery");
    await banner.getByRole("link", { name: "Start a new subscription" }).click();
    await admin.page.waitForURL("**/new-subscription");
    // The page is for this account (inactive): its form, not a way back Home.
    await admin.page.getByRole("heading", { name: "Start your subscription" }).waitFor();
    expect(new URL(admin.page.url()).pathname).toBe("/new-subscription");
    await admin.context.close();
  });
});
