import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { screenshot } from "./browser";
import { journeyBrowser } from "./journey";
import { onService, waitForMail } from "./mail";
import { expectNoSidewaysScroll, PHONE } from "./phone";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();

async function fillRegistration(page: Page, email: string) {
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("analytical-engine");
  await page.getByLabel("Confirm password").fill("analytical-engine");
  await page.getByLabel("Business name").fill("Lovelace Gems");
  await page.getByLabel("Country").fill("United King");
  await page.getByRole("option", { name: "United Kingdom" }).click();
  await page.getByLabel("Phone (optional)").fill("+44 20 7946 0000");
}

describe("register journey (issue 14, item 2)", () => {
  it("registers from /login, confirms from the real email, is signed in and lands on /new-subscription", async () => {
    const email = `ada-${randomUUID().slice(0, 8)}@lovelace-gems.example.com`;
    const { context, page } = await openPage(baseUrl);

    await page.goto("/login");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    // Checked before anything is sent: the messages show under their fields.
    await page.getByLabel("Country").fill("");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Enter your business's name.").waitFor();
    await screenshot(page, "register-form-errors");

    await fillRegistration(page, email);
    await screenshot(page, "register-form");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByText(`We sent a message to ${email}.`).waitFor();
    await screenshot(page, "register-sent");

    // The real email, through the SMTP server: its link opens the confirmation.
    const mail = await waitForMail(email, /Confirm your email address/);
    expect(mail.text).toContain("Hello Ada,");
    const link = mail.links.find((href) => href.includes("/register?token="));
    expect(link).toBeDefined();
    await page.goto(onService(link!));
    await page.getByRole("heading", { name: "Confirm your email address" }).waitFor();
    await screenshot(page, "register-confirm");
    await page.getByRole("button", { name: "Confirm and create my account" }).click();

    // Signed in as the new account's owner, with no subscription yet: the plans.
    await page.waitForURL("**/new-subscription");
    await page.getByTestId("app-title").filter({ hasText: "Admin" }).waitFor();
    await page.getByRole("heading", { name: "Start your subscription" }).waitFor();
    await screenshot(page, "register-new-subscription");
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("user-info") ?? "{}") as object);
    expect(stored).toMatchObject({ isLoggedIn: true, role: "Admin", email, firstName: "Ada" });

    // The link worked once: opened again (signed out), it says so.
    const guest = await openPage(baseUrl);
    await guest.page.goto(onService(link!));
    await guest.page.getByRole("button", { name: "Confirm and create my account" }).click();
    await guest.page.getByRole("alert").filter({ hasText: "This link has expired or was already used." }).waitFor();
    await guest.page.getByRole("link", { name: "Register again" }).waitFor();

    // Registering the same address again: the same answer, and an email saying it is in use.
    await guest.page.getByRole("link", { name: "Register again" }).click();
    await fillRegistration(guest.page, email);
    await guest.page.getByRole("button", { name: "Create account" }).click();
    await guest.page.getByText(`We sent a message to ${email}.`).waitFor();
    const inUse = await waitForMail(email, /You already have an account/);
    expect(inUse.links.some((href) => href.endsWith("/forgot-password"))).toBe(true);
    await guest.context.close();
    await context.close();
  });

  it("works on a phone-sized screen: sign-in, the form with its messages, and the confirmation", async () => {
    const { context, page } = await openPage(baseUrl);
    await page.setViewportSize(PHONE);
    await page.goto("/login");
    await page.getByRole("heading", { name: "Sign in to Gemtest Admin" }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "login-phone");

    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    await page.getByLabel("Email").fill("ada@");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Enter a valid email address.").waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "register-form-phone");

    await page.goto("/register?token=not-a-real-token");
    await page.getByRole("button", { name: "Confirm and create my account" }).click();
    await page.getByRole("alert").filter({ hasText: "This link has expired or was already used." }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "register-confirm-refused-phone");
    await context.close();
  });
});
