import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");

const openPage = journeyBrowser();

describe("Activity Feed (issue: operations screens, item 1)", () => {
  it("an admin's change is first in their feed, linked to the record; a user of the account does not see it", async () => {
    const device = SEED_DEVICE_IDS.antwerpBigSherlockAi;
    const admin = await openPage(baseUrl);
    await signIn(admin.page, "admin@example.com", DEMO_PASSWORD);
    await admin.page.goto(`/devices/${device}`);
    await admin.page.getByRole("heading", { name: "Antwerp sorting", exact: true }).waitFor();
    await admin.page.getByRole("button", { name: "Mark lost" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Mark Antwerp sorting as lost?" });
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await admin.page.getByText("Device marked lost").waitFor();

    await admin.page.getByRole("link", { name: "Activity Feed" }).click();
    await admin.page.getByRole("heading", { name: "Activity Feed" }).waitFor();
    const first = admin.page.locator("tbody tr").first();
    await first.filter({ hasText: "Marked lost" }).waitFor();
    expect(await first.textContent()).toContain("Alice Morgan");
    expect(await first.textContent()).toContain("Device: Antwerp sorting");
    await screenshot(admin.page, "activity-feed");
    await first.locator(`a[href="/devices/${device}"]`).click();
    await admin.page.getByRole("heading", { name: "Antwerp sorting", exact: true }).waitFor();
    await admin.context.close();

    // A user sees their own entries and their account's test activity: the admin's device change is not among them.
    const user = await openPage(baseUrl);
    await signIn(user.page, "user@example.com", DEMO_PASSWORD);
    await user.page.goto("/activity-feed");
    await user.page.getByRole("heading", { name: "Activity Feed" }).waitFor();
    await user.page
      .getByText(/No activity|Nothing/i)
      .or(user.page.locator("tbody tr").first())
      .first()
      .waitFor();
    expect(await user.page.locator(`a[href="/devices/${device}"]`).count()).toBe(0);
    expect(await user.page.getByText("Marked lost").count()).toBe(0);
    await user.context.close();

    // The device goes back to its account, for the journeys after this one.
    const superAdmin = await openPage(baseUrl);
    await signIn(superAdmin.page, "superadmin@example.com", DEMO_PASSWORD);
    await superAdmin.page.goto("/lost-devices");
    const row = superAdmin.page.getByRole("row").filter({ hasText: "Antwerp sorting" });
    await row.getByRole("button", { name: "Mark found" }).click();
    await superAdmin.page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await superAdmin.page.getByText("Device marked found").waitFor();
    await superAdmin.context.close();
  });
});
