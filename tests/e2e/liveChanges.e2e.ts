import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";
import { accessTokenOf } from "./serviceApi";

const baseUrl = inject("baseUrl");

const openPage = journeyBrowser();

/** Once the page follows the live changes (its stream answered): what changes from then on, it hears. */
const followsLiveChanges = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events" && response.status() === 200);

/** A change made elsewhere: through the API, as another sign-in of the account's admin. */
async function asAdminElsewhere(method: "DELETE" | "POST", path: string, body?: unknown): Promise<void> {
  const token = await accessTokenOf(baseUrl, { email: "admin@example.com", password: DEMO_PASSWORD });
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
}

describe("lists that update themselves (issue 25, item 3)", () => {
  it("a test deleted and restored elsewhere leaves and comes back to an open gallery, and is first in another tab's Activity Feed, without a reload", async () => {
    // The account's user with the gallery open.
    const gallery = await openPage(baseUrl);
    const galleryLive = followsLiveChanges(gallery.page);
    await signIn(gallery.page, "user@example.com", DEMO_PASSWORD);
    await gallery.page.goto("/gallery?pageSize=10&page=1");
    const grid = gallery.page.getByTestId("gallery-grid");
    const firstCard = grid.getByRole("article").first();
    await firstCard.waitFor();
    const href = (await firstCard.getByRole("link").first().getAttribute("href"))!;
    const testId = href.split("/").pop()!;
    const card = grid.getByRole("article").filter({ has: gallery.page.locator(`a[href="${href}"]`) });
    const testName = (await card.getByRole("heading").first().textContent())!.trim();
    await galleryLive;

    // A super admin with the Activity Feed open, in another browser.
    const feed = await openPage(baseUrl);
    const feedLive = followsLiveChanges(feed.page);
    await signIn(feed.page, "superadmin@example.com", DEMO_PASSWORD);
    await feed.page.goto("/activity-feed");
    await feed.page.getByRole("heading", { name: "Activity Feed" }).waitFor();
    await feed.page.locator("tbody tr").first().waitFor();
    await feedLive;
    const firstEntry = feed.page.locator("tbody tr").first();

    // A mark on each page's document: a reload would drop it.
    for (const page of [gallery.page, feed.page])
      await page.evaluate(() => ((window as { unreloaded?: boolean }).unreloaded = true));

    await asAdminElsewhere("DELETE", `tests/${testId}`);
    await card.waitFor({ state: "detached" });
    await firstEntry.filter({ hasText: "Deleted" }).filter({ hasText: testName }).waitFor();
    await screenshot(feed.page, "live-activity-feed");

    await asAdminElsewhere("POST", "deleted-tests/restore", { ids: [testId] });
    await card.waitFor();
    await firstEntry.filter({ hasText: "Restored" }).filter({ hasText: testName }).waitFor();
    await screenshot(gallery.page, "live-gallery");

    // Neither page was reloaded.
    for (const page of [gallery.page, feed.page]) {
      expect(await page.evaluate(() => (window as { unreloaded?: boolean }).unreloaded)).toBe(true);
    }
    await gallery.context.close();
    await feed.context.close();
  });
});
