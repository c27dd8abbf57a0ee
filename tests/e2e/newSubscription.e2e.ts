import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";
import { invitedPerson, serviceApi } from "./serviceApi";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();

const api = serviceApi(baseUrl);

/**
 * A customer of its own, as a super admin makes one: a new account (inactive: no subscription
 * yet) and its Admin, invited and signed up. The journey then never depends on the demo accounts,
 * which other journeys of the same run look at (Obsidian & Co stays inactive for the shell's).
 */
async function newInactiveAdmin(): Promise<{ email: string; password: string }> {
  const suffix = randomUUID().slice(0, 8);
  const { accessToken } = await api<{ accessToken: string }>("v2/auth/login", null, {
    email: "superadmin@example.com",
    password: DEMO_PASSWORD,
  });
  const account = await api<{ id: string; subscriptionStatus: string }>("accounts", accessToken, {
    name: `Onyx Studio ${suffix}`,
    email: `office-${suffix}@onyx.example.com`,
    phone: "+31 20 555 0199",
    country: "NL",
  });
  expect(account.subscriptionStatus).toBe("inactive");
  return invitedPerson(baseUrl, {
    inviter: { email: "superadmin@example.com", password: DEMO_PASSWORD },
    firstName: "Maya",
    lastName: "Visser",
    role: "Admin",
    accountId: account.id,
  });
}

describe("new subscription journey (issue 11, item 5)", () => {
  it("an inactive admin subscribes from /new-subscription and reaches the console", async () => {
    const admin = await newInactiveAdmin();
    const { context, page } = await openPage(baseUrl);
    await signIn(page, admin.email, admin.password);

    // Signed in, an inactive account lands on the new subscription: plans, prices, the form.
    await page.waitForURL("**/new-subscription");
    await page.getByRole("heading", { name: "Start your subscription" }).waitFor();
    await page.getByText("Your subscription is inactive").waitFor();
    await page.getByRole("radio", { name: "Professional" }).waitFor();
    await page.getByTestId("total").filter({ hasText: "£149.00" }).waitFor();
    await screenshot(page, "new-subscription-plans");

    // Yearly, then a code: the price comes from the service each time.
    await page.getByRole("button", { name: "Yearly" }).click();
    await page.getByTestId("total").filter({ hasText: "£1,490.00" }).waitFor();
    await page.getByLabel("Discount code").fill("welcome10");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText("WELCOME10: 10% off the first year").waitFor();
    await page.getByTestId("total").filter({ hasText: "£1,341.00" }).waitFor();

    // A declined card: the provider's reason in place, the input kept, still here.
    await page.getByLabel("Name on card").fill("Maya Visser");
    await page.getByLabel("Card number").fill("4000000000000002");
    await page.getByLabel("Expiry (MM/YY)").fill("1234");
    await page.getByLabel("CVC").fill("123");
    expect(await page.getByLabel("Card number").inputValue()).toBe("4000 0000 0000 0002");
    expect(await page.getByLabel("Expiry (MM/YY)").inputValue()).toBe("12/34");
    await page.getByRole("button", { name: "Pay £1,341.00" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "The payment was refused" });
    await refusal.getByText("Your card was declined.").waitFor();
    expect(await page.getByLabel("Name on card").inputValue()).toBe("Maya Visser");
    expect(await page.getByLabel("Card number").inputValue()).toBe("4000 0000 0000 0002");
    expect(new URL(page.url()).pathname).toBe("/new-subscription");
    // Paying scrolled the page, which hides the app bar: back to the top, as a person would see it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "new-subscription-declined");

    // A good card: paid, and the console opens on Home.
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay £1,341.00" }).click();
    await page.getByText("Your Professional subscription has started. Welcome back!").waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { name: "Welcome back, Maya" }).waitFor();
    await screenshot(page, "new-subscription-home");

    // No loop: Payments opens and stays (it shows the paid and the refused attempt), a reload
    // keeps the console, and /new-subscription itself now sends home.
    await page.goto("/payments");
    const rows = page.getByRole("row");
    await rows.filter({ hasText: "£1,341.00" }).first().waitFor();
    await expect.poll(() => rows.filter({ hasText: "£1,341.00" }).count()).toBe(2);
    expect(new URL(page.url()).pathname).toBe("/payments");
    await screenshot(page, "new-subscription-payments");
    await page.reload();
    await page.getByRole("navigation", { name: "Main menu" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/payments");
    await page.goto("/new-subscription");
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { name: "Welcome back, Maya" }).waitFor();
    await context.close();
  });
});
