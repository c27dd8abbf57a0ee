import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";
import { zipEntryNames } from "./zip";

const baseUrl = inject("baseUrl");

const openPage = journeyBrowser();

/** Opens the first test of the gallery that has a Test Run #1, and returns its id. */
async function openFirstTest(page: Page): Promise<string> {
  await page.goto("/gallery?pageSize=10&page=1");
  const firstCard = page.getByTestId("gallery-grid").getByRole("article").first();
  await firstCard.waitFor();
  await screenshot(page, "gallery");
  await firstCard.getByRole("link").click();
  await page.getByRole("region", { name: "Test Run #1" }).waitFor();
  return (await page.getByTestId("test-id").textContent())!.trim();
}

describe("test records journey (issue: test records)", () => {
  it("opens a test, edits it, uploads, shares, downloads photos, deletes a photo and the test", async () => {
    const { context, page } = await openPage(baseUrl);
    await signIn(page, "admin@example.com", DEMO_PASSWORD);
    const testId = await openFirstTest(page);
    await screenshot(page, "test-detail");

    // Edit: a name under 3 characters is refused before sending; a good one is saved.
    await page.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Test" });
    await edit.getByRole("textbox", { name: "Name" }).fill(" a ");
    expect(await edit.getByRole("button", { name: "Update" }).isDisabled()).toBe(true);
    await edit.getByRole("textbox", { name: "Name" }).fill("Journey ring");
    await edit.getByRole("button", { name: "Update" }).click();
    await page.getByRole("heading", { name: "Journey ring" }).waitFor();

    // Upload a PDF through the dialog's file chooser.
    await page.getByRole("button", { name: "Add file" }).click();
    const upload = page.getByRole("dialog", { name: "Upload additional files" });
    await upload.getByTestId("upload-input").setInputFiles({
      name: "journey-report.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
    });
    await upload.getByRole("button", { name: "Upload" }).click();
    await page.getByText("File uploaded successfully").waitFor();
    await page.getByRole("region", { name: "Files" }).getByRole("link", { name: "journey-report.pdf" }).waitFor();

    // Share, then open the public link signed out.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Share test" }).click();
    const share = page.getByRole("dialog", { name: "Share your test" });
    const link = share.getByRole("textbox", { name: "Public link" });
    await link.waitFor();
    const publicUrl = await link.inputValue();
    expect(publicUrl).toBe(`${baseUrl}/public/gallery/item/${testId}`);
    await share.getByRole("button", { name: "Copy link" }).click();
    await page.getByText("Link copied to clipboard!").waitFor();
    await share.getByRole("button", { name: "Close" }).click();

    const guest = await openPage(baseUrl);
    await guest.page.goto(publicUrl);
    await guest.page.getByRole("heading", { name: "Journey ring" }).waitFor();
    expect(await guest.page.getByTestId("app-title").textContent()).toBe("Gemtest Guest");
    expect(await guest.page.getByRole("button", { name: "Delete Test" }).count()).toBe(0);
    expect(await guest.page.getByRole("checkbox").count()).toBe(0);
    await screenshot(guest.page, "public-test");
    await guest.context.close();

    // Download two selected photos: the zip holds exactly them.
    const run = page.getByRole("region", { name: "Test Run #1" });
    const boxes = run.getByRole("checkbox");
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const names = await run
      .getByRole("figure")
      .evaluateAll((figures) => figures.slice(0, 2).map((figure) => figure.querySelector("img")!.getAttribute("alt")!));
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download selected" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`Journey ring-${testId}.zip`);
    const entries = zipEntryNames(readFileSync((await download.path())!));
    expect(entries.sort()).toEqual([...names].sort());

    // Delete the first selected photo only.
    await page.getByRole("button", { name: "Clear selection" }).click();
    const before = await run.getByRole("figure").count();
    await boxes.nth(0).check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    const password = page.getByRole("dialog", { name: "Confirm your password" });
    expect(await password.getByRole("button", { name: "Continue" }).isDisabled()).toBe(true);
    await password.getByLabel("Password").fill(DEMO_PASSWORD);
    await password.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Files deleted successfully").waitFor();
    await expect.poll(() => run.getByRole("figure").count()).toBe(before - 1);

    // Delete the test after the password check: back to the gallery, and it is gone.
    await page.getByRole("button", { name: "Delete Test" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await password.getByLabel("Password").fill("wrong-password");
    await password.getByRole("button", { name: "Continue" }).click();
    await password.getByText("Incorrect password. Please try again.").waitFor();
    await password.getByLabel("Password").fill(DEMO_PASSWORD);
    await password.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL("**/gallery");
    const response = await page.request.get(`${baseUrl}/api/v3/tests/public/${testId}`);
    expect(response.status()).toBe(404);
    await context.close();
  });
});
