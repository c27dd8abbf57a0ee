import { describe, expect, inject, it } from "vitest";
import { PNG } from "pngjs";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";
import { invitedPerson } from "./serviceApi";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();

const NEW_PASSWORD = "a new passphrase 42";

/** The dark theme's page background (src/theme.ts darkTheme), as the browser computes it. */
const DARK_BACKGROUND = "rgb(13, 21, 32)";
const LIGHT_BACKGROUND = "rgb(244, 246, 249)";
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** A 160×160 PNG: a teal-to-navy gradient with a light disc, like a photo would fill the circle. */
function avatarPng(): Buffer {
  const size = 160;
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const i = (y * size + x) * 4;
      const t = (x + y) / (2 * size);
      const inDisc = (x - 80) ** 2 + (y - 70) ** 2 < 34 ** 2 || (x - 80) ** 2 / 3 + (y - 150) ** 2 < 50 ** 2;
      png.data[i] = inDisc ? 236 : Math.round(42 * (1 - t) + 29 * t);
      png.data[i + 1] = inDisc ? 240 : Math.round(157 * (1 - t) + 53 * t);
      png.data[i + 2] = inDisc ? 245 : Math.round(143 * (1 - t) + 87 * t);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** Whether the sidebar is open: the page starts right of the items' names (closed, only their icons show). */
const sidebarOpen = async (page: Page) => ((await page.locator("#main-content").boundingBox())?.x ?? 0) > 120;
const profileButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Profile" });
const section = (page: Page, name: string) => page.getByRole("region", { name });

describe("User Settings (issue: operations screens, item 6)", () => {
  it("a user renames themselves, picks a photo and the dark theme, changes their password: other devices are signed out, the new password signs in, the theme follows them", async () => {
    // A person of this journey's own: it renames them and changes their password.
    const person = await invitedPerson(baseUrl, {
      inviter: { email: "admin@example.com", password: DEMO_PASSWORD },
      firstName: "Rowan",
      lastName: "Ellis",
      role: "User",
    });
    // Another device, signed in first: the password change must sign it out.
    const other = await openPage(baseUrl);
    await signIn(other.page, person.email, person.password);

    const { context, page } = await openPage(baseUrl);
    await signIn(page, person.email, person.password);
    await profileButton(page).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await page.waitForURL("**/user-settings");
    await page.getByRole("heading", { name: "User Settings" }).waitFor();
    await section(page, "Interface").getByRole("radio", { name: "Light" }).waitFor();
    expect(await background(page)).toBe(LIGHT_BACKGROUND);
    await screenshot(page, "user-settings-light");

    // Name: the app bar shows the new one as soon as it is saved.
    const profile = section(page, "Profile");
    const firstName = profile.getByLabel("First name");
    await expect.poll(() => firstName.inputValue()).toBe("Rowan");
    await firstName.fill("Ro");
    await profile.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved", { exact: false }).first().waitFor();
    await expect.poll(() => profileButton(page).textContent()).toContain("Ro Ellis");

    // Photo: a round preview, then the app bar's avatar is the photo.
    await profile.locator('input[type="file"]').setInputFiles({
      name: "ro.png",
      mimeType: "image/png",
      buffer: avatarPng(),
    });
    await profile.getByRole("img", { name: "ro.png" }).waitFor();
    await screenshot(page, "user-settings-avatar-preview");
    await profile.getByRole("button", { name: "Save photo" }).click();
    await page.getByText("Photo saved").waitFor();
    // (Hidden from screen readers: the profile button says the name beside it.)
    const barAvatar = page.getByRole("banner").getByRole("img", { name: "Ro Ellis", includeHidden: true });
    await expect.poll(() => barAvatar.getAttribute("src")).toMatch(/^\/api\/users\/.+\/avatar\/avatar-.+\.png$/);
    await expect.poll(() => barAvatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(160);

    // Theme dark and the sidebar closed at sign-in: both at once, and still so after a reload.
    const ui = section(page, "Interface");
    await ui.getByRole("radio", { name: "Dark" }).check();
    await ui.getByRole("switch", { name: "Open the sidebar when I sign in" }).uncheck();
    await ui.getByRole("button", { name: "Save" }).click();
    await page.getByText("Interface preferences saved").waitFor();
    await expect.poll(() => background(page)).toBe(DARK_BACKGROUND);
    await expect.poll(() => sidebarOpen(page)).toBe(false);
    await page.reload();
    await page.getByRole("heading", { name: "User Settings" }).waitFor();
    await section(page, "Interface").getByRole("radio", { name: "Dark" }).waitFor();
    expect(await background(page)).toBe(DARK_BACKGROUND);
    expect(await sidebarOpen(page)).toBe(false);
    await expect.poll(() => profileButton(page).textContent()).toContain("Ro Ellis");
    // During the session the sidebar opens and closes as the user likes.
    await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
    await expect.poll(() => sidebarOpen(page)).toBe(true);
    await screenshot(page, "user-settings-dark");

    // Password: the current one is required; this session stays, the other device is signed out.
    const password = section(page, "Password");
    await password.getByLabel(/^Current password/).fill("not my password");
    await password.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await password.getByLabel("Confirm the new password").fill(NEW_PASSWORD);
    await password.getByRole("button", { name: "Change password" }).click();
    await password.getByText("The current password is incorrect.").waitFor();
    await password.getByLabel(/^Current password/).fill(person.password);
    await password.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password changed. 1 other session was signed out.").waitFor();
    await expect.poll(() => password.getByLabel(/^Current password/).inputValue()).toBe("");
    await screenshot(page, "user-settings-password-changed");

    // Still signed in here: another page opens.
    await page.goto("/activity-feed");
    await page.getByRole("heading", { name: "Activity Feed" }).waitFor();
    await page.getByText("Changed their password").first().waitFor();
    await screenshot(page, "activity-feed-dark");

    // The other device's sign-in was revoked: its next start-up refresh sends it to /login.
    await other.page.reload();
    await other.page.waitForURL("**/login");
    await other.context.close();

    // Signed out, the old password is refused and the new one signs in, in the dark theme.
    await profileButton(page).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "Incorrect email or password." }).waitFor();
    await context.close();

    // A new device: the preferences are the user's, on the service, so the theme follows them.
    const fresh = await openPage(baseUrl);
    await signIn(fresh.page, person.email, NEW_PASSWORD);
    await expect.poll(() => background(fresh.page)).toBe(DARK_BACKGROUND);
    await expect.poll(() => sidebarOpen(fresh.page)).toBe(false);
    await expect.poll(() => profileButton(fresh.page).textContent()).toContain("Ro Ellis");
    await screenshot(fresh.page, "home-dark");
    await fresh.context.close();
  });
});
