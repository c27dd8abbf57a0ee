import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";
import { accessTokenOf, serviceApi } from "./serviceApi";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();

const REASON = "Read-only until a new subscription starts.";

/**
 * The admin of one of the demo's canceled accounts (the seed's generated accounts: some are in their
 * grace period, their people signing in with the demo password), found as a super admin would.
 */
async function graceAdmin(): Promise<{
  email: string;
  accountName: string;
  deviceId: string | null;
  colleagueId: string | null;
}> {
  const api = serviceApi(baseUrl);
  const token = await accessTokenOf(baseUrl, { email: "superadmin@example.com", password: DEMO_PASSWORD });
  const filter = (value: object) => encodeURIComponent(JSON.stringify(value));
  const accounts = await api<{ id: string; name: string; deviceCount: number }[]>(
    `accounts?filter=${filter({ subscriptionStatus: "canceled", status: "active" })}&sort=${filter(["name", "ASC"])}&range=[0,24]`,
    token,
  );
  for (const account of accounts) {
    const [admin] = await api<{ email: string }[]>(
      `users?filter=${filter({ accountId: account.id, role: "Admin", status: "active" })}&range=[0,0]`,
      token,
    );
    if (!admin) continue;
    const [device] = await api<{ id: string }[]>(
      `devices?filter=${filter({ accountId: account.id, status: "active" })}&range=[0,0]`,
      token,
    );
    const [colleague] = await api<{ id: string }[]>(
      `users?filter=${filter({ accountId: account.id, role: "User", status: "active" })}&range=[0,0]`,
      token,
    );
    return {
      email: admin.email,
      accountName: account.name,
      deviceId: device?.id ?? null,
      colleagueId: colleague?.id ?? null,
    };
  }
  throw new Error("The demo has no canceled account with an active admin");
}

describe("a read-only account (issue 26 item 4)", () => {
  it("the admin of a canceled account finds what the grace period refuses disabled with the reason, and keeps what it allows", async () => {
    const admin = await graceAdmin();
    const { context, page } = await openPage(baseUrl);
    await signIn(page, admin.email, DEMO_PASSWORD);
    await page.getByRole("alert").filter({ hasText: "Your account is read-only" }).waitFor();

    // User Settings: the name and the photo read-only with the reason; the password and preferences open.
    await page.goto("/user-settings");
    const profile = page.getByRole("region", { name: "Profile" });
    await profile.getByText(REASON).first().waitFor();
    expect(await profile.getByLabel("First name").isDisabled()).toBe(true);
    expect(await profile.getByRole("button", { name: "Save" }).count()).toBe(0);
    expect(await page.getByRole("region", { name: "Password" }).getByLabel("Current password").isEnabled()).toBe(true);
    await page.getByRole("region", { name: "Interface" }).getByRole("button", { name: "Save" }).waitFor();
    await screenshot(page, "grace-user-settings");

    // Users: Invite disabled, the reason its description.
    await page.goto("/users");
    const invite = page.getByRole("button", { name: "Invite user" });
    await expect.poll(() => invite.isDisabled()).toBe(true);
    expect(await invite.getAttribute("aria-describedby")).toBeTruthy();
    await screenshot(page, "grace-users");

    // A colleague: their form without Save, Change role and Disable disabled.
    if (admin.colleagueId) {
      await page.goto(`/users/${admin.colleagueId}`);
      const role = page.getByRole("button", { name: "Change role" });
      await expect.poll(() => role.isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Disable" }).isDisabled()).toBe(true);
      expect(await page.getByLabel("First name").isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Save" }).count()).toBe(0);
      await screenshot(page, "grace-user");
    }

    // A device: renaming and marking it lost disabled.
    if (admin.deviceId) {
      await page.goto(`/devices/${admin.deviceId}`);
      const rename = page.getByRole("button", { name: "Rename box" });
      await expect.poll(() => rename.isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Mark lost" }).isDisabled()).toBe(true);
      await screenshot(page, "grace-device");
    }
    await context.close();
  });
});
