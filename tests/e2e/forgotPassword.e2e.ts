import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";
import { onService, waitForMail } from "./mail";
import { serviceApi } from "./serviceApi";
import { expectNoSidewaysScroll, PHONE } from "./phone";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();

const api = serviceApi(baseUrl);

/**
 * A person of their own in an active demo account (Brilliant Gems Ltd), invited by the super admin
 * and signed up: the journey changes their password, never a demo user's that other journeys use.
 * Answers their sign-in's refresh token too: a session the reset must end.
 */
async function newPerson(): Promise<{ email: string; password: string; refreshToken: string }> {
  const { accessToken } = await api<{ accessToken: string }>("v2/auth/login", null, {
    email: "superadmin@example.com",
    password: DEMO_PASSWORD,
  });
  const filter = encodeURIComponent(JSON.stringify({ q: "Brilliant Gems" }));
  const [account] = await api<{ id: string }[]>(`accounts?filter=${filter}`, accessToken);
  const email = `grace-${randomUUID().slice(0, 8)}@brilliant.example.com`;
  const invitation = await api<{ code: string }>("invitations", accessToken, {
    email,
    firstName: "Grace",
    lastName: "Hopper",
    role: "User",
    accountId: account!.id,
  });
  const password = "first-password-1";
  const session = await api<{ refreshToken: string }>(`invitations/${invitation.code}/accept`, null, {
    firstName: "Grace",
    lastName: "Hopper",
    password,
  });
  return { email, password, refreshToken: session.refreshToken };
}

const refreshStatus = async (refreshToken: string) =>
  (
    await fetch(`${baseUrl}/api/v2/auth/refresh`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refreshToken }),
    })
  ).status;

describe("forgot password journey (issue 14, item 3)", () => {
  it("asks from /login, resets from the real email, the old sessions are refused, signs in with the new password", async () => {
    const person = await newPerson();
    // Signed in elsewhere (another browser): the reset must sign this one out too.
    const elsewhere = await openPage(baseUrl);
    await signIn(elsewhere.page, person.email, person.password);

    const { context, page } = await openPage(baseUrl);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await page.getByLabel("Email").fill(person.email);
    await screenshot(page, "forgot-request");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByText(`If an account uses ${person.email}`).waitFor();
    await screenshot(page, "forgot-sent");

    const mail = await waitForMail(person.email, /Reset your password/);
    expect(mail.text).toContain("Hello Grace,");
    const link = mail.links.find((href) => href.includes("/forgot-password?token="));
    expect(link).toBeDefined();

    // The link on a phone: the new-password form fits the screen (nothing submitted there).
    const phone = await openPage(baseUrl);
    await phone.page.setViewportSize(PHONE);
    await phone.page.goto(onService(link!));
    await phone.page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await expectNoSidewaysScroll(phone.page);
    await screenshot(phone.page, "forgot-new-password-phone");
    await phone.context.close();

    await page.goto(onService(link!));
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill("second-password-2");
    await page.getByLabel("Confirm new password").fill("second-password-2");
    await screenshot(page, "forgot-new-password");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("heading", { name: "Your password is changed" }).waitFor();
    await screenshot(page, "forgot-done");

    // Every earlier sign-in is over: the API session's refresh is refused, and the other browser,
    // reloaded, is back at sign-in.
    expect(await refreshStatus(person.refreshToken)).toBe(401);
    await elsewhere.page.reload();
    await elsewhere.page.waitForURL("**/login");
    await elsewhere.page.getByRole("heading", { name: "Sign in to Gemtest Admin" }).waitFor();
    await elsewhere.context.close();

    // The old password no longer works; the new one does.
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "Incorrect email or password." }).waitFor();
    await page.getByLabel("Password").fill("second-password-2");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("app-title").filter({ hasText: "Admin" }).waitFor();
    await page.getByRole("navigation", { name: "Main menu" }).waitFor();

    // The link worked once.
    const again = await openPage(baseUrl);
    await again.page.goto(onService(link!));
    await again.page.getByLabel("New password", { exact: true }).fill("third-password-3");
    await again.page.getByLabel("Confirm new password").fill("third-password-3");
    await again.page.getByRole("button", { name: "Change password" }).click();
    await again.page.getByRole("alert").filter({ hasText: "This link has expired or was already used." }).waitFor();
    await screenshot(again.page, "forgot-link-used");
    await again.context.close();
    await context.close();
  });

  it("works on a phone-sized screen: the request and its answer", async () => {
    const { context, page } = await openPage(baseUrl);
    await page.setViewportSize(PHONE);
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill("nobody-at-all@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    // An unknown address gets the same answer as a known one.
    await page.getByText("If an account uses nobody-at-all@example.com").waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "forgot-sent-phone");
    await context.close();
  });
});
