import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";
import { waitForMail } from "./mail";
import { serviceApi } from "./serviceApi";
import { expectNoSidewaysScroll, PHONE } from "./phone";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();

const api = serviceApi(baseUrl);

/**
 * The owner of a customer account of its own, active and paying (one of the generated ones, so no
 * other journey's demo account goes pending deletion): their email and the account's name.
 */
async function accountOwner(): Promise<{ email: string; account: string }> {
  const { accessToken } = await api<{ accessToken: string }>("v2/auth/login", null, {
    email: "superadmin@example.com",
    password: DEMO_PASSWORD,
  });
  const filter = encodeURIComponent(JSON.stringify({ status: "active", subscriptionStatus: "active", q: "example" }));
  const sort = encodeURIComponent(JSON.stringify(["createdAt", "DESC"]));
  const accounts = await api<{ id: string; name: string; ownerId: string | null }[]>(
    `accounts?filter=${filter}&sort=${sort}&range=${encodeURIComponent("[0,24]")}`,
    accessToken,
  );
  const account = accounts.find((row) => row.ownerId !== null && !row.name.startsWith("Brilliant"))!;
  const owner = await api<{ email: string }>(`users/${account.ownerId}`, accessToken);
  return { email: owner.email, account: account.name };
}

describe("data-deletion request journey (issue 14, item 5)", () => {
  it("an account owner asks, confirms with the code from the real email, and a super admin sees the account's deletion scheduled", async () => {
    const { email, account } = await accountOwner();
    const { context, page } = await openPage(baseUrl);
    await signIn(page, email, DEMO_PASSWORD);

    // Signed in: their own email is filled in.
    await page.goto("/delete-request");
    await page.getByRole("heading", { name: "Delete my data" }).waitFor();
    await page.getByTestId("signed-in-note").filter({ hasText: email }).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await screenshot(page, "delete-request");
    await page.getByRole("button", { name: "Email me a code" }).click();

    // The confirmation page: the email, when the code stops working, Resend counting down.
    await page.getByRole("heading", { name: "Confirm your request" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/delete-request-confirmation");
    await page.getByTestId("code-expiry").waitFor();
    const resend = page.getByTestId("resend-code");
    expect(await resend.textContent()).toMatch(/Send a new code in \d+ s/);
    expect(await resend.isDisabled()).toBe(true);

    const mail = await waitForMail(email, /Your code to confirm a data-deletion request/);
    const code = /Your code: (\d{6})/.exec(mail.text)?.[1];
    expect(code, mail.text).toMatch(/^\d{6}$/);

    // On a phone: a wrong code first (refused in place), then the right one.
    await page.setViewportSize(PHONE);
    const wrong = code === "000000" ? "111111" : "000000";
    await page.getByLabel("Code").fill(wrong);
    await page.getByRole("button", { name: "Confirm deletion" }).click();
    await page.getByRole("alert").filter({ hasText: "This code is wrong or has expired." }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "delete-request-confirmation-phone");
    await page.getByLabel("Code").fill(code!);
    await page.getByRole("button", { name: "Confirm deletion" }).click();
    const done = page.getByTestId("delete-request-confirmed");
    await done.waitFor();
    const said = await done.getByRole("status").textContent();
    expect(said).toMatch(
      new RegExp(
        `The account ${account.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} and all its data will be deleted on \\d\\d/\\d\\d/\\d{4}\\.`,
      ),
    );
    await expectNoSidewaysScroll(page);
    await screenshot(page, "delete-request-done-phone");
    await page.setViewportSize({ width: 1366, height: 860 });
    await screenshot(page, "delete-request-done");
    await waitForMail(email, /Your data-deletion request is confirmed/);
    await context.close();

    // A super admin: Account Deletions lists it, asked for by its owner as a data-deletion request.
    const admin = await openPage(baseUrl);
    await signIn(admin.page, "superadmin@example.com", DEMO_PASSWORD);
    await admin.page.goto("/scheduled-actions/account-deletions");
    await admin.page.getByPlaceholder("Search account name").fill(account);
    await admin.page.waitForURL(/filter=.*%22q%22/);
    const row = admin.page
      .getByRole("row")
      .filter({ has: admin.page.getByRole("link", { name: account, exact: true }) });
    await row.waitFor();
    await expect.poll(() => admin.page.locator("tbody tr").count()).toBe(1);
    const text = await row.textContent();
    expect(text).toContain("Data-deletion request");
    expect(text).toMatch(/in 2[01] days/);
    await screenshot(admin.page, "delete-request-scheduled");
    await admin.context.close();
  });

  it("works for a guest on a phone-sized screen: the request page, and the confirmation it leads to", async () => {
    const { context, page } = await openPage(baseUrl);
    await page.setViewportSize(PHONE);
    await page.goto("/delete-request");
    await page.getByRole("heading", { name: "Delete my data" }).waitFor();
    // Nobody signed in: no email filled in, no note.
    expect(await page.getByLabel("Email").inputValue()).toBe("");
    expect(await page.getByTestId("signed-in-note").count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "delete-request-guest-phone");

    // An address without an account gets the same answer as any other: on to the code.
    const email = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await page.getByRole("heading", { name: "Confirm your request" }).waitFor();
    expect(new URL(page.url()).searchParams.get("email")).toBe(email);
    await page.getByTestId("code-expiry").waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "delete-request-guest-sent-phone");
    await context.close();
  });
});
