import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { screenshot, signIn } from "./browser";
import { journeyBrowser } from "./journey";
import { onService, waitForMail } from "./mail";
import { expectNoSidewaysScroll, PHONE } from "./phone";

const baseUrl = inject("baseUrl");
const openPage = journeyBrowser();
// Antwerp bench (Big Sherlock) of Brilliant Gems Antwerp, whose owner is the admin Alice Morgan.
const DEVICE = SEED_DEVICE_IDS.antwerpBigSherlock;
const OWNER_EMAILS_SWITCH = "Email the owner when this device is marked lost or new firmware is out";

describe("device unsubscribe journey (issue 14, item 4)", () => {
  it("an admin marks a device lost, its owner's real email links to the page, a guest confirms, and the device page shows the emails off", async () => {
    const admin = await openPage(baseUrl);
    await signIn(admin.page, "admin@example.com", DEMO_PASSWORD);
    await admin.page.goto(`/devices/${DEVICE}`);
    await admin.page.getByRole("heading", { name: "Antwerp bench", exact: true }).waitFor();
    expect(await admin.page.getByRole("switch", { name: OWNER_EMAILS_SWITCH }).isChecked()).toBe(true);
    await admin.page.getByRole("button", { name: "Mark lost" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Mark Antwerp bench as lost?" });
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await admin.page.getByText("Device marked lost").waitFor();

    // The owner's inbox: the email names the device and who marked it, with the unsubscribe link.
    const mail = await waitForMail("admin@example.com", /Antwerp bench was marked lost/);
    expect(mail.text).toContain("Alice Morgan marked the device Antwerp bench (Big Sherlock");
    const link = mail.links.find((url) => url.includes(`/devices/unsubscribe/${DEVICE}?token=`));
    expect(link, mail.text).toBeDefined();

    // The link, opened in a browser nobody is signed in to.
    const guest = await openPage(baseUrl);
    await guest.page.goto(onService(link!));
    await guest.page.getByRole("heading", { name: "Stop emails about a device" }).waitFor();
    expect(await guest.page.getByTestId("unsubscribe-device").textContent()).toBe("Antwerp bench");
    expect(await guest.page.getByTestId("unsubscribe-account").textContent()).toBe("Brilliant Gems Ltd");
    await guest.page.getByText("Big Sherlock", { exact: true }).waitFor();
    expect(await guest.page.getByTestId("app-title").textContent()).toBe("Gemtest Guest");
    await screenshot(guest.page, "device-unsubscribe");
    await guest.page.getByRole("button", { name: "Stop these emails" }).click();
    await guest.page.getByText("You will no longer get emails about Antwerp bench.").waitFor();
    await screenshot(guest.page, "device-unsubscribe-done");

    // The same link again: its token is spent, and the page says so, asking nothing (idempotent). On a phone too.
    await guest.page.setViewportSize(PHONE);
    await guest.page.reload();
    await guest.page.getByText("You will no longer get emails about Antwerp bench.").waitFor();
    expect(await guest.page.getByRole("button", { name: "Stop these emails" }).count()).toBe(0);
    await expectNoSidewaysScroll(guest.page);
    await screenshot(guest.page, "device-unsubscribe-phone");

    // A tampered token is refused like any link that cannot be used.
    const tampered = new URL(link!);
    tampered.searchParams.set("token", `${tampered.searchParams.get("token")!.slice(0, -3)}xyz`);
    await guest.page.goto(onService(tampered.toString()));
    await guest.page.getByRole("alert").filter({ hasText: "This link has expired or was already used." }).waitFor();
    expect(await guest.page.getByRole("button", { name: "Stop these emails" }).count()).toBe(0);
    await screenshot(guest.page, "device-unsubscribe-refused");
    await guest.context.close();

    // Back on the device page, the admin sees the owner's emails off, and can turn them on again.
    await admin.page.reload();
    await admin.page.getByRole("heading", { name: "Antwerp bench", exact: true }).waitFor();
    const toggle = admin.page.getByRole("switch", { name: OWNER_EMAILS_SWITCH });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await admin.page.getByText("Off", { exact: true }).waitFor();
    await screenshot(admin.page, "device-unsubscribe-device-page");
    await toggle.click();
    await admin.page.getByText("Owner emails: On").waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await admin.context.close();
  });
});
