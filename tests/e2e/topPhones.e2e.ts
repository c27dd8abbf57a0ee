import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");

const openPage = journeyBrowser();

describe("Top Phones Used (issue: operations screens, item 4)", () => {
  it("a super admin sees the ranking and its chart, then drills into a model", async () => {
    const { context, page } = await openPage(baseUrl);
    page.on("pageerror", (error) => console.error("page error:", error.message));
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);
    await page.goto("/top-phones-used");
    await page.getByRole("heading", { name: "Top Phones Used" }).waitFor();
    const table = page.getByRole("table");
    await table.waitFor();
    // The chart (its own chunk) draws one bar per model on the page.
    const chart = page.getByTestId("phones-bar-chart").locator(".MuiBarChart-element").first();
    await chart.waitFor();
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    await expect
      .poll(() => page.getByTestId("phones-bar-chart").locator(".MuiBarChart-element").count())
      .toBe(await rows.count());

    const yearList = page.waitForResponse(
      (response) => response.url().includes("/api/phones?") && decodeURIComponent(response.url()).includes('"1y"'),
    );
    await page.getByRole("button", { name: "1 year" }).click();
    await yearList;
    await page.getByRole("button", { name: "1 year", pressed: true }).waitFor();
    await page.waitForURL(/period%22%3A%221y|period":"1y/);
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(5);
    await page.getByTestId("phones-bar-chart").locator(".MuiBarChart-element").first().waitFor();
    await screenshot(page, "top-phones-used");

    const firstModel = rows.first().locator("td").nth(2);
    const model = (await firstModel.textContent())!.trim();
    await firstModel.getByRole("link").click();
    await page.waitForURL(/\/top-phones-used\/[^/]+\/[^/?]+\?period=1y$/);
    await page.getByRole("heading", { level: 1, name: model }).waitFor();
    await page.getByTestId("phone-weeks-chart").locator(".MuiLineChart-line").first().waitFor();
    await page.getByRole("region", { name: "OS versions" }).waitFor();
    const latest = page.getByRole("region", { name: "Latest tests" }).getByRole("link");
    expect(await latest.count()).toBeGreaterThan(0);
    expect(await latest.first().getAttribute("href")).toMatch(/^\/gallery\/item\//);
    await screenshot(page, "top-phone-model");

    // On a phone-sized screen the page still reads: no sideways scroll of the page itself.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId("phone-weeks-chart").locator(".MuiLineChart-line").first().waitFor();
    await screenshot(page, "top-phone-model-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto("/top-phones-used");
    await page.getByTestId("phones-bar-chart").locator(".MuiBarChart-element").first().waitFor();
    await screenshot(page, "top-phones-used-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
