/**
 * Issue 23: a returning admin's cold visit of a list shows its first rows before the console's code
 * has drawn the page (src/custom/startup/earlyRows): fresh rows from the service, in the place the
 * list draws them, gone once the list has drawn its own; and on a menu click, the page it opens.
 */
import type { BrowserContext } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/src/db/demoUsers";
import { signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();
const superAdmin = DEMO_USERS.find((user) => user.role === "SuperAdmin")!;

const FIRST_NAME = "tbody tr:first-child td.column-name";
const FIRST_INVOICE = "tbody tr:first-child td.column-invoiceNumber";

/** A new tab of `context` whose scripts matching `code` load only once `release` is called. */
async function tabWithCodeHeld(context: BrowserContext, code: RegExp) {
  const tab = await context.newPage();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await tab.route(code, async (route) => {
    await held;
    await route.continue();
  });
  return { tab, release };
}

describe("a list's early rows", () => {
  it("draws the first rows in the list's own place before its code, then hands over to the list", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, superAdmin.email, DEMO_PASSWORD);
    // Each list remembers where it drew its rows once the browser has drawn them.
    await page.goto("/payments");
    await page.locator(`.RaList-content ${FIRST_INVOICE}`).waitFor();
    await page.waitForFunction(() => localStorage.getItem("early-rows")?.includes('"/payments"'));
    await page.goto("/accounts");
    await page.locator(`.RaList-content ${FIRST_NAME}`).waitFor();
    await page.waitForFunction(() => localStorage.getItem("early-rows")?.includes('"/accounts"'));

    // A new tab of the same browser, the list's own code held back until the early rows are seen.
    const { tab, release: releaseListCode } = await tabWithCodeHeld(context, /\/assets\/lists-[^/]*\.js$/);
    const asked: string[] = [];
    tab.on("request", (request) => asked.push(new URL(request.url()).pathname));
    const accountsAnswer = tab.waitForResponse((response) => new URL(response.url()).pathname === "/api/accounts");
    await tab.goto("/accounts");
    const early = tab.locator(`#early-rows ${FIRST_NAME}`);
    await expect.poll(() => early.textContent(), { timeout: 20_000 }).not.toBe("");
    const firstAccount = ((await (await accountsAnswer).json()) as { name: string }[])[0]!;
    expect(await early.textContent()).toBe(firstAccount.name);
    expect(await tab.locator("#early-rows").getAttribute("aria-hidden")).toBe("true");
    // Drawn by a file of their own, which /login never loads (startupCode.e2e).
    expect(asked.filter((path) => /^\/assets\/earlyRows-[^/]*\.js$/.test(path))).toHaveLength(1);
    // The list left with start-up (its token fresh), after health; §4's three calls in their order.
    await expect.poll(() => asked.includes("/api/verify-token")).toBe(true);
    const at = (path: string) => asked.indexOf(`/api/${path}`);
    expect(at("health")).toBeLessThan(at("accounts"));
    expect(at("accounts")).toBeLessThan(at("v2/auth/refresh"));
    // And before the console's code files, which would hold it in the queue for a connection.
    const startedAt = await tab.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => [new URL(entry.name).pathname, entry.startTime] as const),
    );
    const listAt = startedAt.find(([path]) => path === "/api/accounts")![1];
    const codeAt = Math.min(
      ...startedAt.filter(([path]) => /^\/assets\/(base|console|lists)-/.test(path)).map(([, t]) => t),
    );
    expect(listAt).toBeLessThan(codeAt);
    expect([at("health"), at("v2/auth/refresh"), at("verify-token")]).toEqual(
      [at("health"), at("v2/auth/refresh"), at("verify-token")].sort((a, b) => a - b),
    );
    const earlyBox = (await early.boundingBox())!;

    releaseListCode();
    const drawn = tab.locator(`.RaList-content ${FIRST_NAME}`);
    await drawn.waitFor();
    // Gone as the list's rows come, not seconds later.
    expect(await tab.locator("#early-rows").count()).toBe(0);
    expect(await drawn.innerText()).toContain(firstAccount.name);
    const drawnBox = (await drawn.boundingBox())!;
    // The same place: the list draws over where the early rows stood.
    expect(Math.abs(drawnBox.x - earlyBox.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(drawnBox.y - earlyBox.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(drawnBox.width - earlyBox.width)).toBeLessThanOrEqual(1);

    // A menu click: the page it opens draws its first rows early too, from the click's own call.
    await tab.evaluate((cell) => {
      const seen = new MutationObserver(() => {
        const early = document.querySelector(`#early-rows ${cell}`);
        if (early) (window as { earlyInvoice?: string }).earlyInvoice = early.textContent ?? "";
        if (early) seen.disconnect();
      });
      seen.observe(document.body, { childList: true });
    }, FIRST_INVOICE);
    const paymentsAnswer = tab.waitForResponse((response) => new URL(response.url()).pathname === "/api/payments");
    await tab.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Payments" }).click();
    const firstPayment = ((await (await paymentsAnswer).json()) as { invoiceNumber: string }[])[0]!;
    await tab.locator(`.RaList-content ${FIRST_INVOICE}`).waitFor();
    expect(await tab.evaluate(() => (window as { earlyInvoice?: string }).earlyInvoice)).toBe(
      firstPayment.invoiceNumber,
    );
    expect(await tab.locator(`.RaList-content ${FIRST_INVOICE}`).innerText()).toBe(firstPayment.invoiceNumber);
    expect(await tab.locator("#early-rows").count()).toBe(0);
    expect(new URL(tab.url()).pathname).toBe("/payments");
    await context.close();
  });

  it("draws the gallery's first cards, with their photos, before its code", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, superAdmin.email, DEMO_PASSWORD);
    await page.goto("/gallery");
    await page.locator("article h2").first().waitFor();
    await page.waitForFunction(() => localStorage.getItem("early-rows")?.includes('"/gallery"'));

    const { tab, release: releaseGalleryCode } = await tabWithCodeHeld(context, /\/assets\/GalleryPage-[^/]*\.js$/);
    const testsAnswer = tab.waitForResponse((response) => new URL(response.url()).pathname === "/api/tests");
    await tab.goto("/gallery");
    const early = tab.locator("#early-rows .early-card").first();
    await expect.poll(() => early.textContent(), { timeout: 20_000 }).not.toBe("");
    const tests = (await (await testsAnswer).json()) as { name: string; thumbnail: string | null }[];
    const firstTest = tests[0]!;
    expect(await early.textContent()).toContain(firstTest.name);
    // The total may differ from last time's: not drawn early (data-not-early).
    expect(await tab.locator("#early-rows").textContent()).not.toMatch(/\d tests/);
    // A card's photo loads with the early card (the card's own is the same image); none without one.
    const withPhoto = tests.findIndex((test) => test.thumbnail);
    expect(withPhoto).toBeGreaterThanOrEqual(0);
    const earlyCards = tab.locator("#early-rows .early-card");
    expect(await earlyCards.nth(withPhoto).locator("img").count()).toBe(1);
    const withoutPhoto = tests.findIndex((test) => !test.thumbnail);
    if (withoutPhoto >= 0 && withoutPhoto < (await earlyCards.count()))
      expect(await earlyCards.nth(withoutPhoto).locator("img").count()).toBe(0);
    const earlyBox = (await early.boundingBox())!;

    releaseGalleryCode();
    const card = tab.locator("article").first();
    await card.locator("h2").waitFor();
    expect(await tab.locator("#early-rows").count()).toBe(0);
    expect(await card.locator("h2").innerText()).toContain(firstTest.name);
    const cardBox = (await card.boundingBox())!;
    expect(Math.abs(cardBox.x - earlyBox.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(cardBox.y - earlyBox.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(cardBox.width - earlyBox.width)).toBeLessThanOrEqual(1);
    await context.close();
  });
});
