/**
 * Advanced Settings in Chromium (issue: operations screens, item 5): a super admin changes a box
 * type's setting after the password re-check and finds the change in the Activity Feed, linked
 * back to the box type's tab; asks for a forced reset, which stays pending until the device app's
 * call picks it up; an admin gets the not-found view.
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import type { DeviceConfig } from "../../src/api/advancedSettings";
import type { Device } from "../../src/api/resources";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();

/** The service's API as a signed-in user, outside the browser (the device app's call). */
async function apiAs(email: string) {
  const login = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return async <T>(path: string): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** Answers the password re-check the change asked for. */
async function confirmPassword(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Confirm your password" });
  await dialog.getByLabel("Password").fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.waitFor({ state: "detached" });
}

describe("Advanced Settings (issue: operations screens, item 5)", () => {
  it("an Advanced Settings change appears in the Activity Feed", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);
    await page.getByRole("link", { name: "Advanced Settings" }).click();
    await page.getByRole("heading", { name: "Advanced Settings", level: 1 }).waitFor();

    await page.getByRole("tab", { name: "Big Sherlock AI" }).click();
    await page.getByRole("tab", { name: "Big Sherlock AI", selected: true }).waitFor();
    const panel = page.getByRole("tabpanel", { name: "Big Sherlock AI" });
    const quality = panel.getByLabel("Photo JPEG quality");
    await expect.poll(() => quality.inputValue()).not.toBe("");
    // Another value than the one stored, whatever an earlier run left.
    const next = (await quality.inputValue()) === "80" ? "85" : "80";
    await quality.fill(next);
    await panel.getByRole("button", { name: "Save" }).click();
    await confirmPassword(page);
    await page.getByText("Changes saved").waitFor();
    await panel.getByText(/Last changed by Sophie Carter/).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "advanced-settings");

    await page.getByRole("link", { name: "Activity Feed" }).click();
    await page.getByRole("heading", { name: "Activity Feed" }).waitFor();
    const entry = page.locator("tbody tr").filter({ hasText: "Box type settings: Big Sherlock AI" }).first();
    await entry.waitFor();
    const text = await entry.textContent();
    expect(text).toContain("Updated");
    expect(text).toContain("Sophie Carter");
    await screenshot(page, "advanced-settings-activity");
    // The entry links back to the box type's tab, where the new value is.
    await entry.getByRole("link", { name: "Box type settings: Big Sherlock AI" }).click();
    await page.getByRole("tab", { name: "Big Sherlock AI", selected: true }).waitFor();
    await expect.poll(() => panel.getByLabel("Photo JPEG quality").inputValue()).toBe(next);
    await context.close();
  });

  it("a forced reset stays pending until the device app's call picks it up", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);
    await page.goto("/advanced-settings");
    const form = page.getByRole("region", { name: "Force a reset" });
    await form.getByRole("radio", { name: "An OS version" }).check();
    await form.getByRole("textbox", { name: "OS version" }).fill("Android 14");
    await form.getByRole("button", { name: "Force reset" }).click();
    await confirmPassword(page);
    await page.getByText("Reset asked for: pending until a matching device app calls").waitFor();
    const pending = page.getByRole("region", { name: "Pending resets" }).getByRole("row", { name: /Android 14/ });
    await pending.waitFor();
    expect(await pending.textContent()).toContain("Sophie Carter");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "advanced-settings-pending");

    // The device app of London back office (a phone on Android 14) signs in as Uma and calls.
    const device = await (await apiAs("superadmin@example.com"))<Device>(`devices/${SEED_DEVICE_IDS.londonSherlockAi}`);
    const deviceApp = await apiAs("user@example.com");
    const config = await deviceApp<DeviceConfig>(
      `device-config?serialNumber=${encodeURIComponent(device.serialNumber)}`,
    );
    expect(config.reset).toBe(true);
    const again = await deviceApp<DeviceConfig>(
      `device-config?serialNumber=${encodeURIComponent(device.serialNumber)}`,
    );
    expect(again.reset).toBe(false);

    await page.reload();
    const picked = page.getByRole("region", { name: "Recently picked up" }).getByRole("row", { name: /Android 14/ });
    await picked.waitFor();
    expect(await picked.textContent()).toContain(`${device.serialNumber} · Uma Patel`);
    await page
      .getByRole("region", { name: "Pending resets" })
      .getByRole("row", { name: /Android 14/ })
      .waitFor({
        state: "detached",
      });
    await screenshot(page, "advanced-settings-picked-up");
    await context.close();
  });

  it("is the not-found view for an admin", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "admin@example.com", DEMO_PASSWORD);
    await page.goto("/advanced-settings");
    await page.getByText("Page not found.").waitFor();
    expect(await page.getByRole("link", { name: "Advanced Settings" }).count()).toBe(0);
    await context.close();
  });
});
