import type { Response } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DEMO_USERS, DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";
import { startService } from "../support/serviceProcess";
import { MENU_BY_ROLE } from "../fixtures/menus";
import type { Role } from "../../src/api/types";
import { SIDEBAR_CLOSED_WIDTH } from "../../src/config";

const baseUrl = inject("baseUrl");

/** The first demo user of each role belongs to an account with an active subscription. */
const emailFor = (role: Role) => DEMO_USERS.find((user) => user.role === role)!.email;

const openPage = journeyBrowser();

describe("signing in as each role", () => {
  for (const role of Object.keys(MENU_BY_ROLE) as Role[]) {
    it(`${role} sees exactly the menu of spec §2, and not-found off it`, async () => {
      const { context, page } = await openPage(baseUrl);
      await signIn(page, emailFor(role), DEMO_PASSWORD);
      const nav = page.getByRole("navigation", { name: "Main menu" });
      await expect.poll(() => nav.getByRole("link").allTextContents()).toEqual(MENU_BY_ROLE[role]);
      await expect.poll(() => page.getByTestId("app-title").textContent()).toBe("Gemtest Admin");
      expect(await page.getByTestId("app-version").textContent()).toContain("1.14.2");
      await screenshot(page, `home-${role}`);

      const forbidden = role === "SuperAdmin" ? "/add-new-location" : "/firmware";
      // A page the role may not open asks the service for nothing it would refuse.
      const refused: string[] = [];
      const noteRefusal = (response: Response) => {
        if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
      };
      page.on("response", noteRefusal);
      await page.goto(forbidden);
      await page.getByText("Page not found.").waitFor();
      page.off("response", noteRefusal);
      expect(refused).toEqual([]);
      await page.goto("/this/route/does/not/exist");
      await page.getByText("Page not found.").waitFor();
      expect(await page.getByRole("link", { name: "Return to home" }).getAttribute("href")).toBe("/");
      await screenshot(page, `not-found-${role}`);
      await context.close();
    });
  }
});

describe("session", () => {
  it("refuses a wrong password with the service's message, keeping the email", async () => {
    const { context, page } = await openPage(baseUrl);
    await page.goto("/login");
    await page.getByLabel("Email").fill(emailFor("User"));
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toContain("Incorrect email or password.");
    expect(await page.getByLabel("Email").inputValue()).toBe(emailFor("User"));
    await screenshot(page, "login-refused");
    await context.close();
  });

  it("keeps the session across a reload and logs out to /login", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, emailFor("Manager"), DEMO_PASSWORD);
    await page.reload();
    await page.getByRole("navigation", { name: "Main menu" }).waitFor();
    await page.getByRole("button", { name: "Profile" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("user-info") ?? "{}"));
    expect(stored.isLoggedIn ?? false).toBe(false);
    await page.goto("/gallery");
    await page.waitForURL("**/login");
    await context.close();
  });

  it("closes the sidebar on a phone's width and shows it again, as its user left it, on a wide one", async () => {
    const { context, page } = await openPage(baseUrl);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, emailFor("Admin"), DEMO_PASSWORD);
    const menuWidth = () => page.getByRole("navigation", { name: "Main menu" }).evaluate((nav) => nav.clientWidth);
    await page.getByRole("button", { name: "Close menu" }).waitFor();
    expect(await menuWidth()).toBeGreaterThan(150);

    await page.setViewportSize({ width: 412, height: 823 });
    await page.getByRole("button", { name: "Open menu" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Main menu" }).isVisible()).toBe(false);
    // Opened over the page and a page chosen: the drawer closes, as on any phone.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Users" }).click();
    await page.waitForURL("**/users");
    await page.getByRole("button", { name: "Open menu" }).waitFor();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Close menu" }).waitFor();
    await expect.poll(menuWidth).toBeGreaterThan(150);
    await page.reload();
    await page.getByRole("button", { name: "Close menu" }).waitFor();
    expect(await menuWidth()).toBeGreaterThan(150);
    await context.close();
  });

  it("draws the current page's item whole in the folded rail", async () => {
    const { context, page } = await openPage(baseUrl);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, emailFor("Admin"), DEMO_PASSWORD);
    await page.goto("/users");
    await page.getByRole("button", { name: "Close menu" }).click();
    await page.getByRole("button", { name: "Open menu" }).waitFor();
    const current = page.getByRole("navigation", { name: "Main menu" }).locator("[aria-current=page]");
    // Its rounded ground ends inside the rail, not cut square at the rail's edge.
    await expect.poll(async () => (await current.boundingBox())!.width).toBeLessThan(SIDEBAR_CLOSED_WIDTH);
    const box = (await current.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(SIDEBAR_CLOSED_WIDTH);
    await screenshot(page, "shell-folded-rail");
    await context.close();
  });

  it("warns a past-due account and sends an inactive one to /new-subscription", async () => {
    const pastDue = DEMO_USERS.find((user) => user.email === "pastdue@example.com")!;
    const inactive = DEMO_USERS.find((user) => user.email === "inactive@example.com")!;

    const first = await openPage(baseUrl);
    await signIn(first.page, pastDue.email, DEMO_PASSWORD);
    const dialog = first.page.getByRole("dialog", { name: "Subscription Warning" });
    await dialog.waitFor();
    expect(await dialog.getByRole("button", { name: "Go To Payments" }).count()).toBe(1);
    await screenshot(first.page, "subscription-warning");
    await first.context.close();

    const second = await openPage(baseUrl);
    await signIn(second.page, inactive.email, DEMO_PASSWORD);
    await second.page.waitForURL("**/new-subscription");
    await second.page.getByText("Your subscription is inactive").waitFor();
    await screenshot(second.page, "new-subscription");
    await second.context.close();
  });
});

describe("maintenance", () => {
  it("shows the maintenance screen with the service's message", async () => {
    const service = await startService({ MAINTENANCE_MESSAGE: "Upgrading the database. Back at 10:00 UTC." });
    try {
      const { context, page } = await openPage(service.url);
      await page.goto("/");
      await page.getByText("Upgrading the database. Back at 10:00 UTC.").waitFor();
      expect(await page.getByRole("navigation", { name: "Main menu" }).count()).toBe(0);
      await screenshot(page, "maintenance");
      // /login's page comes drawn in its HTML (prerendered): the NotOk answer still replaces it.
      await page.goto("/login");
      await page.getByText("Upgrading the database. Back at 10:00 UTC.").waitFor();
      expect(await page.getByRole("heading", { name: "Sign in to Gemtest Admin" }).count()).toBe(0);
      await context.close();
    } finally {
      await service.stop();
    }
  });
});
