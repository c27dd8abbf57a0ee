import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");

/** The stroke colours of spec §3: N blue, CVD green, HPHT red, CZ pink, M orange (polygons.ts). */
const TYPE_COLOURS: Record<string, [number, number, number]> = {
  N: [0x1e, 0x88, 0xe5],
  CVD: [0x2e, 0x7d, 0x32],
  HPHT: [0xe5, 0x39, 0x35],
  CZ: [0xec, 0x40, 0x7a],
  M: [0xfb, 0x8c, 0x00],
};

/** How many opaque pixels of the run's overlay canvas are close to each type's colour. */
function countColouredPixels(page: Page, group: number) {
  return page.evaluate(
    ({ group, colours }) => {
      const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="ai-run-${group}"] canvas`);
      const counts: Record<string, number> = Object.fromEntries(Object.keys(colours).map((type) => [type, 0]));
      if (!canvas) return counts;
      const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
      for (let index = 0; index < data.length; index += 4) {
        if (data[index + 3] < 250) continue;
        for (const [type, [r, g, b]] of Object.entries(colours)) {
          const distance = Math.abs(data[index] - r) + Math.abs(data[index + 1] - g) + Math.abs(data[index + 2] - b);
          if (distance < 30) counts[type] += 1;
        }
      }
      return counts;
    },
    { group, colours: TYPE_COLOURS },
  );
}

const openPage = journeyBrowser();

describe("AI overlay journey (issue: AI analysis)", () => {
  it("switches the AI on, waits for the job, draws each found type in its colour, and clears on off", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "manager@example.com", DEMO_PASSWORD);
    await page.goto("/gallery?pageSize=10&page=1");
    await page.getByTestId("gallery-grid").getByRole("article").nth(1).getByRole("link").click();
    await page.getByRole("region", { name: "Test Run #1" }).waitFor();

    await page.getByRole("switch", { name: "Show the AI result of Test Run #1" }).check();
    const legend = page.getByTestId("ai-legend-0");
    // The job takes a few seconds on the service; the console polls with spec §9's waits.
    await legend.waitFor({ timeout: 45000 });
    const items = await legend.getByRole("listitem").allTextContents();
    const found = items.map((item) => item.split(":")[0].trim());
    expect(found.length).toBeGreaterThan(0);

    await expect
      .poll(() => countColouredPixels(page, 0), { timeout: 10000 })
      .toSatisfy((counts: Record<string, number>) => found.every((type) => counts[type] > 20));
    const counts = await countColouredPixels(page, 0);
    for (const type of Object.keys(TYPE_COLOURS)) {
      if (!found.includes(type)) expect(counts[type]).toBeLessThan(20);
    }
    await page.getByTestId("ai-run-0").scrollIntoViewIfNeeded();
    await screenshot(page, "ai-overlay");

    await page.getByRole("switch", { name: "Show the AI result of Test Run #1" }).uncheck();
    await expect
      .poll(async () => Object.values(await countColouredPixels(page, 0)).reduce((sum, count) => sum + count, 0))
      .toBe(0);
    expect(await legend.count()).toBe(0);
    await context.close();
  });
});
