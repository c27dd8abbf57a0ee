/**
 * Issue 13: the console's code comes in a few files (build/chunkPlan.ts). With a hundred small
 * ones, start-up's refresh call queued behind them on the browser's six connections and the first
 * row came ~0.6 s later; /login must still never load react-admin.
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/src/db/demoUsers";
import { signIn } from "./browser";
import { journeyBrowser } from "./journey";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();
const superAdmin = DEMO_USERS.find((user) => user.role === "SuperAdmin")!;

/** The script files the page asks for from now on, by name. */
function scriptsOf(page: Page): string[] {
  const files: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith(".js")) files.push(path.split("/").pop()!);
  });
  return files;
}

describe("the console's code at start-up", () => {
  it("/login loads the sign-in page's files only, and a signed-in list a handful before its first row", async () => {
    const { context, page } = await openPage(baseUrl);
    const loginFiles = scriptsOf(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(loginFiles.some((file) => file.startsWith("base-"))).toBe(true);
    // Neither the console's nor the early rows' (a list drawn before loads those, earlyRows.e2e).
    expect(loginFiles.filter((file) => /^(console|lists|earlyRows)-/.test(file))).toEqual([]);
    expect(loginFiles.length).toBeLessThanOrEqual(6);

    await signIn(page, superAdmin.email, DEMO_PASSWORD);
    const listPage = await context.newPage();
    await listPage.goto("/accounts");
    // The scripts asked for until the first row was drawn (the menu's code follows it on purpose).
    const listFiles = await listPage
      .waitForFunction(
        () => {
          const cell = document.querySelector("tbody td.column-name");
          if (!cell?.textContent?.trim()) return false;
          const drawnAt = performance.now();
          return performance
            .getEntriesByType("resource")
            .filter((entry) => entry.startTime < drawnAt && new URL(entry.name).pathname.endsWith(".js"))
            .map((entry) => new URL(entry.name).pathname.split("/").pop()!);
        },
        undefined,
        { polling: "raf" },
      )
      .then((handle) => handle.jsonValue() as Promise<string[]>);
    expect(listFiles.filter((file) => /^(base|console|lists)-/.test(file))).toHaveLength(3);
    // The entry, its shared start-up file, the three planned files, the list's own code and a few
    // parts only some lists use: not a hundred.
    expect(listFiles.length).toBeLessThanOrEqual(20);
    await context.close();
  });
});
