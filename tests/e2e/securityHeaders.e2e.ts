/**
 * Issue 12 item 6: the console runs under the service's Content Security Policy without a single
 * violation on each kind of page (sign-in, a list, a test with the AI overlay and the lightbox, the
 * gallery, the charts, the settings with an avatar preview). Issue 13 item 3: its files come
 * compressed and its hashed assets cached for a year.
 */
import { describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { PNG } from "pngjs";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  /** The script that broke the policy: "" for code the test itself runs in the page. */
  file: string;
  source: string;
}

/**
 * Collects every CSP violation the pages of `context` report: the browser's
 * securitypolicyviolation events (reported from each document as it starts, before the console's
 * own scripts), and its console errors that name the policy.
 */
async function watchViolations(context: BrowserContext, page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await context.exposeFunction("__reportCspViolation", (violation: Violation) => violations.push(violation));
  await context.addInitScript(() => {
    document.addEventListener(
      "securitypolicyviolation",
      (event) => {
        const report = (window as unknown as { __reportCspViolation: (violation: unknown) => void })
          .__reportCspViolation;
        void report({
          page: location.pathname,
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          file: event.sourceFile,
          source: `${event.sourceFile}:${event.lineNumber} ${event.sample}`,
        });
      },
      true,
    );
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
      violations.push({
        page: new URL(page.url()).pathname,
        directive: "console",
        blocked: /evaluate a string as JavaScript/.test(message.text()) ? "eval" : "",
        file: message.location().url,
        source: message.text(),
      });
    }
  });
  return violations;
}

/** A small PNG for the avatar dropzone's preview (a blob: image). */
function avatarPng(): Buffer {
  const png = new PNG({ width: 64, height: 64 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([42, 157, 143, 255], i);
  return PNG.sync.write(png);
}

/** The scripts a page loaded from the service, by address. */
const loadedScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.includes("/assets/") && entry.name.endsWith(".js"))
      .map((entry) => new URL(entry.name).pathname),
  );

describe("security headers journey (issue 12 item 6, issue 13 item 3)", () => {
  it("runs sign-in, a list, a test with its AI overlay and lightbox, the gallery, charts and settings without a CSP violation", async () => {
    const { context, page } = await openPage(baseUrl);
    const violations = await watchViolations(context, page);

    // Sign-in page: served under the policy, its scripts compressed and cached for a year.
    const loginAnswer = await page.goto("/login");
    const policy = loginAnswer!.headers()["content-security-policy"];
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(loginAnswer!.headers()["cache-control"]).toBe("no-cache");
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    const loginScripts = await loadedScripts(page);
    expect(loginScripts.length).toBeGreaterThan(0);
    const sizes = { identity: 0, gzip: 0, br: 0 };
    for (const path of loginScripts) {
      let plainBytes = 0;
      for (const encoding of ["identity", "gzip", "br"] as const) {
        const answer = await page.request.get(path, { headers: { "accept-encoding": encoding } });
        expect(answer.headers()["cache-control"], path).toBe("public, max-age=31536000, immutable");
        // Playwright hands back the decoded body; the bytes on the wire are Content-Length.
        const bytes = Number(answer.headers()["content-length"] ?? (await answer.body()).length);
        if (encoding === "identity") plainBytes = bytes;
        // Files under a kilobyte are not worth compressing (server/src/http/precompress.ts).
        const compressed = encoding !== "identity" && plainBytes >= 1024;
        expect(answer.headers()["content-encoding"], `${path} ${encoding}`).toBe(compressed ? encoding : undefined);
        sizes[encoding] += bytes;
      }
    }
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `/login loads ${loginScripts.length} scripts: ${kb(sizes.identity)} as they are, ${kb(sizes.gzip)} gzip, ${kb(sizes.br)} brotli`,
    );
    expect(sizes.br).toBeLessThan(sizes.identity / 3);

    await signIn(page, "superadmin@example.com", DEMO_PASSWORD);

    // The home dashboard's charts.
    await page.getByTestId("tests-per-day-chart").locator(".MuiBarChart-element").first().waitFor();

    // A list.
    await page.goto("/accounts");
    await page.getByRole("table").locator("tbody tr").first().waitFor();

    // The gallery: photos by their signed links.
    await page.goto("/gallery?pageSize=10&page=1");
    const cards = page.getByTestId("gallery-grid").getByRole("article");
    await cards.first().locator("img").first().waitFor();
    await expect
      .poll(() =>
        cards
          .first()
          .locator("img")
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);

    // A test: the AI overlay (Konva's canvas) on, then a photo in the lightbox.
    await cards.nth(1).getByRole("link").click();
    const run = page.getByRole("region", { name: "Test Run #1" });
    await run.waitFor();
    await page.getByRole("switch", { name: "Show the AI result of Test Run #1" }).check();
    await page.getByTestId("ai-legend-0").waitFor({ timeout: 45000 });
    await page.getByTestId("ai-run-0").locator("canvas").first().waitFor();
    await run
      .getByRole("button")
      .filter({ has: page.locator("img") })
      .first()
      .click();
    const lightbox = page.locator(".yarl__root");
    await lightbox.waitFor();
    await expect
      .poll(() =>
        lightbox
          .locator("img")
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, "security-headers-lightbox");
    await page.keyboard.press("Escape");
    await lightbox.waitFor({ state: "detached" });
    await page.getByRole("switch", { name: "Show the AI result of Test Run #1" }).uncheck();

    // Top Phones Used: a table and its chart.
    await page.goto("/top-phones-used");
    await page.getByTestId("phones-bar-chart").locator(".MuiBarChart-element").first().waitFor();

    // User settings: the avatar and a chosen photo's preview (a blob: image), not saved.
    await page.goto("/user-settings");
    const profile = page.getByRole("region", { name: "Profile" });
    await profile.locator('input[type="file"]').setInputFiles({
      name: "preview.png",
      mimeType: "image/png",
      buffer: avatarPng(),
    });
    const preview = profile.getByRole("img", { name: "preview.png" });
    await preview.waitFor();
    expect(await preview.getAttribute("src")).toMatch(/^blob:/);
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);
    await screenshot(page, "security-headers-settings");

    expect(violations).toEqual([]);
    await context.close();
  });

  it("reports a violation when a page breaks the policy (the watch itself works)", async () => {
    const { context, page } = await openPage(baseUrl);
    const violations = await watchViolations(context, page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    // What an injected script or a photo from elsewhere would do.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
      const image = document.createElement("img");
      image.src = "https://elsewhere.example/tracker.png";
      document.body.append(image);
    });
    await expect.poll(() => violations.map((violation) => violation.directive)).toContain("script-src-elem");
    await expect.poll(() => violations.map((violation) => violation.directive)).toContain("img-src");
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    await context.close();
  });
});
