/**
 * Home's dashboard in Chromium (issue: operations screens, item 7): a super admin sees the charts
 * and a click on a figure opens its list filtered to the rows it counted; an admin sees their
 * account; a user sees their latest tests. The figures are compared with what the service answers
 * (other journeys share the service and change its data).
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import type { AiJobStatusResponse, AiTriggerResponse } from "../../src/api/ai";
import type { Dashboard } from "../../src/api/dashboard";
import type { GalleryItem } from "../../src/api/tests";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();

/** The service's API as a signed-in user, outside the browser (to arrange data and read figures). */
async function apiAs(email: string) {
  const login = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", ...init.headers },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** Analyses the first test run of the two latest tests, so the stone mix has something to show. */
async function analyseLatestTests(api: Awaited<ReturnType<typeof apiAs>>) {
  const latest = await api<GalleryItem[]>(`tests?sort=${encodeURIComponent('["date","DESC"]')}&range=[0,1]`);
  const jobs = await Promise.all(
    latest.map((test) => api<AiTriggerResponse>(`ai/test/${test.id}/group/0/trigger`, { method: "POST", body: "{}" })),
  );
  for (const { jobId } of jobs) {
    await expect
      .poll(async () => (await api<AiJobStatusResponse>(`ai/jobs/${jobId}/status`)).status, {
        timeout: 45_000,
        interval: 1000,
      })
      .toBe("completed");
  }
}

const chart = (page: Page, id: string) => page.getByTestId(id);

describe("Home dashboard", () => {
  it("a super admin sees the charts, and a figure opens its list filtered to the rows it counts", async () => {
    const api = await apiAs("superadmin@example.com");
    await analyseLatestTests(api);
    const { context, page } = await openPage(baseUrl);
    page.on("pageerror", (error) => console.error("page error:", error.message));
    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Welcome back, Sophie" }).waitFor();

    // The charts (their own chunk): 30 days of bars, 4 subscription statuses, the stone mix.
    await chart(page, "tests-per-day-chart").locator(".MuiBarChart-element").first().waitFor();
    await expect.poll(() => chart(page, "tests-per-day-chart").locator(".MuiBarChart-element").count()).toBe(30);
    await expect.poll(() => chart(page, "subscription-chart").locator(".MuiBarChart-element").count()).toBe(4);
    await chart(page, "stones-chart").locator(".MuiPieChart-arc").first().waitFor();
    const figures = await api<Dashboard>("dashboard");
    const pastDue = figures.accounts!.byStatus.find((row) => row.status === "past_due")!.count;
    expect(pastDue).toBeGreaterThan(0);
    const accounts = page.getByRole("link", { name: `Accounts ${figures.accounts!.total.toLocaleString("en-US")}` });
    await accounts.waitFor();
    expect(figures.ai!.analyses).toBeGreaterThanOrEqual(2);
    await screenshot(page, "home-dashboard-super-admin");

    // The Past Due bar opens the accounts list filtered to past due: as many rows as the bar says.
    await chart(page, "subscription-chart").locator(".MuiBarChart-element").nth(1).click();
    await page.waitForURL((url) => url.pathname === "/accounts" && url.search.includes("past_due"));
    const rows = page.locator("table tbody tr");
    await rows.first().waitFor();
    await page.getByText(new RegExp(`^1-\\d+ of ${pastDue}$`)).waitFor();
    const statuses = await rows.evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ""));
    expect(statuses.length).toBe(Math.min(25, pastDue));
    for (const text of statuses) expect(text).toContain("Past Due");
    await screenshot(page, "home-dashboard-accounts-past-due");

    // A day's bar opens that day's tests in the gallery: as many as the bar counts.
    await page.goBack();
    const busiest = figures.tests!.days.reduce(
      (best, day, index) => (day.tests > figures.tests!.days[best]!.tests ? index : best),
      0,
    );
    const day = figures.tests!.days[busiest]!;
    expect(day.tests).toBeGreaterThan(0);
    await chart(page, "tests-per-day-chart").locator(".MuiBarChart-element").nth(busiest).click();
    await page.waitForURL((url) => url.pathname === "/gallery" && url.searchParams.get("from") === day.day);
    expect(new URL(page.url()).searchParams.get("to")).toBe(day.day);
    await page
      .getByTestId("gallery-total")
      .filter({ hasText: `${day.tests} test` })
      .waitFor();
    await expect
      .poll(() => page.getByTestId("gallery-grid").getByRole("article").count())
      .toBe(Math.min(10, day.tests));

    // On a phone the dashboard stacks: no sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await chart(page, "tests-per-day-chart").locator(".MuiBarChart-element").first().waitFor();
    await screenshot(page, "home-dashboard-super-admin-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it("an admin sees their account's figures, and a device status opens the devices with it", async () => {
    const api = await apiAs("admin@example.com");
    const figures = await api<Dashboard>("dashboard");
    expect(figures.scope).toBe("account");
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "admin@example.com", DEMO_PASSWORD);
    await chart(page, "tests-per-day-chart").locator(".MuiBarChart-element").first().waitFor();
    await page.getByRole("region", { name: "Payments this month" }).waitFor();
    expect(await page.getByRole("region", { name: "Accounts by subscription" }).count()).toBe(0);
    await screenshot(page, "home-dashboard-admin");

    const active = figures.devices!.byStatus.find((row) => row.status === "active")!.count;
    await page
      .getByRole("region", { name: "Devices" })
      .getByRole("link", { name: `Active ${active}` })
      .click();
    await page.waitForURL((url) => url.pathname === "/devices" && url.search.includes("active"));
    await page.locator("table tbody tr").first().waitFor();
    await page.getByText(new RegExp(`^1-\\d+ of ${active}$`)).waitFor();
    await context.close();
  });

  it("a user sees their latest tests and opens one", async () => {
    const api = await apiAs("user@example.com");
    const figures = await api<Dashboard>("dashboard");
    const latest = figures.latestTests!;
    expect(latest.length).toBeGreaterThan(0);
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "user@example.com", DEMO_PASSWORD);
    const region = page.getByRole("region", { name: "Your latest tests" });
    await region.getByRole("article").first().waitFor();
    expect(await region.getByRole("article").evaluateAll((cards) => cards.map((card) => card.ariaLabel))).toEqual(
      latest.map((test) => test.name),
    );
    // Their photos load (signed links of the service).
    await expect
      .poll(() =>
        region
          .locator("img")
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    expect(await page.getByTestId("tests-per-day-chart").count()).toBe(0);
    await screenshot(page, "home-dashboard-user");

    await region.getByRole("article").first().getByRole("link").click();
    await page.waitForURL(`**/gallery/item/${latest[0]!.id}`);
    await page.getByRole("heading", { name: latest[0]!.name }).first().waitFor();
    await context.close();
  });
});
