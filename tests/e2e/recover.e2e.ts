import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");

const openPage = journeyBrowser();

describe("recover journey (issue: operations screens, item 2)", () => {
  it("an operator deletes a test, restores it from /recover/tests and finds it in the gallery again", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "admin@example.com", DEMO_PASSWORD);

    // Open a test of the gallery and remember it.
    await page.goto("/gallery?pageSize=10&page=1");
    const firstCard = page.getByTestId("gallery-grid").getByRole("article").first();
    await firstCard.waitFor();
    await firstCard.getByRole("link").click();
    const testId = (await page.getByTestId("test-id").textContent())!.trim();
    const name = (await page.getByRole("heading", { level: 1 }).first().textContent())!.trim();

    // Delete it (the confirmation, then the password check).
    await page.getByRole("button", { name: "Delete Test" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    const password = page.getByRole("dialog", { name: "Confirm your password" });
    await password.getByLabel("Password").fill(DEMO_PASSWORD);
    await password.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL("**/gallery");

    // Recover, from the menu: the test is there, deleted by the operator, 15 days left.
    await page.getByRole("link", { name: "Recover" }).click();
    await page.waitForURL("**/recover/tests");
    const ofTest = () => page.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });
    const row = ofTest();
    await row.waitFor();
    expect(await row.textContent()).toContain("15 days left");
    expect(await row.getByRole("link", { name: "Alice Morgan" }).count()).toBe(1);
    await screenshot(page, "recover-tests");
    await row.getByRole("button", { name: "Restore" }).click();
    await page.getByText("Test restored").waitFor();
    await expect.poll(() => ofTest().count()).toBe(0);

    // Back in the gallery, and its page opens again.
    await page.goto("/gallery?pageSize=10&page=1");
    await page.getByRole("search").getByLabel("Search name, SKU, customer or vendor").fill(name);
    await page.getByTestId("gallery-grid").locator(`a[href$="/gallery/item/${testId}"]`).first().waitFor();
    await page.goto(`/gallery/item/${testId}`);
    await page.getByTestId("test-id").waitFor();
    await screenshot(page, "recover-restored-test");
    await page.getByRole("heading", { name }).first().waitFor();
    expect((await page.getByTestId("test-id").textContent())!.trim()).toBe(testId);
    await context.close();
  });

  it("a super admin goes from Recover to Recover Accounts", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);
    // Recover Accounts has no menu item: super admins reach it from Recover, which shows every account.
    await page.getByRole("link", { name: "Recover", exact: true }).click();
    await page.getByRole("columnheader", { name: "Account" }).waitFor();
    await screenshot(page, "recover-tests-super-admin");
    await page.getByRole("link", { name: "Recover Accounts" }).click();
    await page.waitForURL("**/recover/accounts");
    await page.getByRole("heading", { name: "Recover Accounts" }).waitFor();
    // Empty, or holding the deletions earlier journeys asked for (the data-deletion request's).
    await page.getByText("No account waiting for deletion").or(page.locator("tbody tr").first()).first().waitFor();
    await screenshot(page, "recover-accounts");
    await context.close();
  });
});
