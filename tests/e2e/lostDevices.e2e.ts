import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");

const openPage = journeyBrowser();

describe("Lost devices (issue: operations screens, item 3)", () => {
  it("a super admin marks a device lost on its page, finds it on /lost-devices, marks it found and it leaves the list", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);

    await page.goto(`/devices/${SEED_DEVICE_IDS.lapisWatson}`);
    await page.getByRole("heading", { name: "Showroom Watson", exact: true }).waitFor();
    await page.getByRole("button", { name: "Mark lost" }).click();
    const lost = page.getByRole("dialog", { name: "Mark Showroom Watson as lost?" });
    await lost.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Device marked lost").waitFor();
    await lost.waitFor({ state: "detached" });

    // The sidebar has no item for it (spec §2 lists it as a route): the address is the way in.
    await page.goto("/lost-devices");
    await page.getByRole("heading", { name: "Lost Devices" }).waitFor();
    const row = page.getByRole("row").filter({ hasText: "Showroom Watson" });
    await row.waitFor();
    // The latest marked lost comes first; who marked it is the super admin, from the activity log.
    expect(await page.locator("tbody tr").first().textContent()).toContain("Showroom Watson");
    const cells = await row.locator("td").allTextContents();
    expect(cells.join(" ")).toContain("Lapis Traders");
    const markedBy = row.getByRole("link", { name: "Sophie Carter" });
    expect(await markedBy.count()).toBeGreaterThan(0);
    const lastTest = row.locator('a[href^="/gallery/item/"]');
    expect(await lastTest.count()).toBe(1);
    await screenshot(page, "lost-devices");

    await row.getByRole("button", { name: "Mark found" }).click();
    const found = page.getByRole("dialog", { name: "Mark Showroom Watson as found?" });
    await screenshot(page, "lost-devices-mark-found");
    await found.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Device marked found").waitFor();
    await row.waitFor({ state: "detached" });

    // Back on its page the device is active again.
    await page.goto(`/devices/${SEED_DEVICE_IDS.lapisWatson}`);
    await page.getByRole("button", { name: "Mark lost" }).waitFor();
    await context.close();
  });
});
