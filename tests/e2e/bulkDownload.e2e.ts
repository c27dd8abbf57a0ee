/**
 * Bulk download journey (spec §3, §9; issue 12): two tests selected in the gallery become one zip;
 * its page says when the zip expires (24 hours after it is ready) and serves it.
 */
import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();

describe("bulk download journey", () => {
  it("selects two tests, builds their zip, and shows when it expires on its page", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "manager@example.com", DEMO_PASSWORD);
    await page.goto("/gallery?pageSize=10&page=1");
    const cards = page.getByTestId("gallery-grid").getByRole("article");
    await cards.first().waitFor();
    for (const index of [0, 1]) await cards.nth(index).getByRole("checkbox").check();
    await page.getByRole("toolbar", { name: "2 tests selected" }).getByRole("button", { name: "Download" }).click();
    const dialog = page.getByRole("dialog", { name: "Bulk download" });
    await dialog.getByRole("link", { name: "Download zip" }).waitFor({ timeout: 30_000 });
    await dialog.getByRole("link", { name: "Open its page" }).click();

    await page.getByRole("heading", { name: "Bulk download" }).waitFor();
    const zip = page.getByRole("link", { name: "Download zip" });
    await zip.waitFor();
    await expect
      .poll(() => page.getByTestId("bulk-expires").textContent())
      .toMatch(/^Expires \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM): the zip is deleted 24 hours after it is ready\.$/);
    await screenshot(page, "bulk-download-ready");
    const file = await page.request.get(new URL((await zip.getAttribute("href"))!, baseUrl).toString());
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/zip");
    await context.close();
  });
});
