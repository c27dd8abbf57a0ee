/**
 * Every call the console's dataProvider makes beyond react-admin's own, made by the console's real
 * dataProvider against the real service: what the console sends (paths, bodies, headers, multipart
 * parts) is what the service accepts, and what it answers is what the console reads. The table is
 * typed by the dataProvider's interface, so a new call without a case here does not compile.
 *
 * The guest flows get their codes and links from real mail (an in-process SMTP server), as a
 * person would.
 */
import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DataProvider, RaRecord } from "react-admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleDataProvider } from "../../src/dataProvider";
import { OWN_ACCOUNT } from "../../src/dataProvider/resourceRoutes";
import { loadConfig } from "../../server/src/config";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { devices } from "../../server/src/db/schema";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { startSmtpServer, type TestSmtpServer } from "../support/smtpServer";
import { consoleAs, guestConsole, injectFetch, injectXhr } from "./consoleClient";
import { createTestApp, type TestApp } from "./helpers";
import { A, EMAILS, U } from "./records";

type SignedIn = Awaited<ReturnType<typeof consoleAs>>;
/** A type's named members (react-admin's DataProvider also takes any other name). */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
type ExtraCall = Exclude<NamedKeys<ConsoleDataProvider>, NamedKeys<DataProvider>>;

const PUBLIC_URL = "https://console.example.com";
let smtp: TestSmtpServer;
let t: TestApp;
let superAdmin: SignedIn;
let admin: SignedIn;
let guest: ConsoleDataProvider;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { mail: { ...loadConfig({}).mail, smtpUrl: smtp.url, publicUrl: PUBLIC_URL } } });
  globalThis.XMLHttpRequest = injectXhr(injectFetch(t.app));
  superAdmin = await consoleAs(t.app, EMAILS.superAdmin);
  admin = await consoleAs(t.app, EMAILS.admin);
  guest = guestConsole(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const page = (perPage = 25) => ({ pagination: { page: 1, perPage }, sort: { field: "id", order: "ASC" as const } });
const png = () =>
  new File(
    [
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
        "base64",
      ),
    ],
    "photo.png",
    { type: "image/png" },
  );

/** A test of the admin's account with at least one file. */
async function adminTest(): Promise<RaRecord & { files?: { _id: string; group: number; type: string }[] }> {
  const { data } = await admin.getList("tests", { ...page(), filter: {} });
  for (const listed of data) {
    const { data: test } = await admin.getOne("tests", { id: listed.id });
    if ((test.files as unknown[] | undefined)?.length) return test;
  }
  throw new Error("no test of the admin's account has files");
}

const fileIdOf = (test: Awaited<ReturnType<typeof adminTest>>) => test.files![0]!._id;
/** The run (group) of the test's first photo: what the AI analyses. */
const photoGroupOf = (test: Awaited<ReturnType<typeof adminTest>>) =>
  test.files!.find((file) => file.type === "image")?.group ?? test.files![0]!.group;

/** The link or code in the latest mail to `to` whose subject matches. */
async function mailed(to: string, subject: RegExp, pattern: RegExp): Promise<string> {
  const before = smtp.messages.length;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = [...smtp.messages]
      .reverse()
      .find((message) => JSON.stringify(message.to).includes(to) && subject.test(message.subject ?? ""));
    const found = mail?.text?.match(pattern)?.[1];
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = smtp.messages.map((message) => `${JSON.stringify(message.to)}: ${message.subject}`);
      throw new Error(`no mail to ${to} matching ${String(subject)} among ${before}: ${seen.join("; ")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const CALLS: Record<ExtraCall, () => Promise<void>> = {
  // Start-up (spec §4)
  async getHealth() {
    expect(await guest.getHealth()).toMatchObject({ portal: "Ok" });
  },
  async verifyToken() {
    expect(await admin.verifyToken()).toBe(true);
  },
  async getUser() {
    expect(await admin.getUser(admin.user.id)).toMatchObject({ id: admin.user.id, email: EMAILS.admin });
  },
  async getSubscription() {
    expect(await admin.getSubscription()).toMatchObject({ status: "active" });
  },
  async checkPassword() {
    expect(await admin.checkPassword("not the password")).toBe(false);
    expect(await admin.checkPassword(DEMO_PASSWORD)).toBe(true);
  },
  async prefetchPage() {
    await admin.prefetchPage("/accounts");
  },

  // Tests, files and AI (spec §5, §6)
  async getGalleryFacets() {
    expect(await admin.getGalleryFacets()).toBeDefined();
  },
  async shareTest() {
    const test = await adminTest();
    await admin.shareTest(String(test.id));
    const { data } = await guest.getOne("tests", { id: test.id, meta: { publicView: true } });
    expect(data.id).toBe(test.id);
  },
  async uploadTestFile() {
    const test = await adminTest();
    await admin.uploadTestFile(String(test.id), png());
    const { data } = await admin.getOne("tests", { id: test.id });
    expect((data.files as unknown[]).length).toBe(test.files!.length + 1);
  },
  async downloadTestFiles() {
    const test = await adminTest();
    const zip = await admin.downloadTestFiles(String(test.id), [fileIdOf(test)]);
    expect(zip.blob.size).toBeGreaterThan(0);
  },
  async deleteTestFiles() {
    const test = await adminTest();
    await admin.deleteTestFiles(String(test.id), [fileIdOf(test)]);
    const { data } = await admin.getOne("tests", { id: test.id });
    expect((data.files as unknown[]).length).toBe(test.files!.length - 1);
  },
  async getAiResult() {
    const test = await adminTest();
    expect(await admin.getAiResult(String(test.id), 1)).not.toBeUndefined();
  },
  async triggerAi() {
    const test = await adminTest();
    const { jobId } = await admin.triggerAi(String(test.id), photoGroupOf(test), {});
    expect(jobId).toEqual(expect.any(String));
  },
  async getAiJobStatus() {
    const test = await adminTest();
    const { jobId } = await admin.triggerAi(String(test.id), photoGroupOf(test), {});
    expect(await admin.getAiJobStatus(jobId)).toMatchObject({ status: expect.any(String) });
  },
  async restoreTests() {
    const test = await adminTest();
    await admin.delete("tests", { id: test.id, previousData: test });
    expect(await admin.restoreTests([String(test.id)])).toEqual([String(test.id)]);
  },

  // Resources' own actions (spec §7)
  async exportCsv() {
    const csv = await superAdmin.exportCsv("accounts", {});
    expect(await csv.blob.text()).toMatch(/^id,/);
  },
  async getBookmarks() {
    expect(await superAdmin.getBookmarks()).toMatchObject({ items: expect.any(Array) });
  },
  async setBookmarks() {
    const saved = await superAdmin.setBookmarks({
      items: [{ resource: "devices", recordId: SEED_DEVICE_IDS.londonSherlock }],
    });
    expect(saved.items).toMatchObject([{ resource: "devices", recordId: SEED_DEVICE_IDS.londonSherlock }]);
  },
  async changeUserRole() {
    const { data: user } = await admin.getOne("users", { id: U.user });
    expect(await admin.changeUserRole(U.user, "Manager", user.version)).toMatchObject({ role: "Manager" });
  },
  async disableUser() {
    const { data: user } = await admin.getOne("users", { id: U.user });
    expect(await admin.disableUser(U.user, user.version)).toMatchObject({ status: "disabled" });
  },
  async enableUser() {
    const { data: user } = await admin.getOne("users", { id: U.user });
    const disabled = user.status === "disabled" ? user : await admin.disableUser(U.user, user.version);
    expect(await admin.enableUser(U.user, disabled.version)).toMatchObject({ status: "active" });
  },
  async reissueInvitation() {
    const { data: invited } = await admin.create("invitations", {
      data: { email: `again-${randomUUID()}@example.com`, firstName: "Ida", lastName: "Again", role: "User" },
    });
    const again = await admin.reissueInvitation(String(invited.userId));
    expect(again).toMatchObject({ userId: invited.userId, email: invited.email, role: "User" });
    expect(again.code).not.toBe(invited.code);
    // The new code opens the invitation page; the earlier one no longer does.
    expect((await guest.getOne("invitations", { id: again.code })).data).toMatchObject({ email: invited.email });
    await expect(guest.getOne("invitations", { id: String(invited.code) })).rejects.toMatchObject({ status: 404 });
  },
  async markDeviceLost() {
    const { data: device } = await admin.getOne("devices", { id: SEED_DEVICE_IDS.londonSherlock });
    expect(await admin.markDeviceLost(String(device.id), device.version)).toMatchObject({ status: "lost" });
  },
  async markDeviceFound() {
    const { data: device } = await superAdmin.getOne("devices", { id: SEED_DEVICE_IDS.londonSherlock });
    const lost = device.status === "lost" ? device : await superAdmin.markDeviceLost(String(device.id), device.version);
    expect(await superAdmin.markDeviceFound(String(device.id), lost.version)).toMatchObject({ status: "active" });
  },
  async renameDevice() {
    const { data: device } = await admin.getOne("devices", { id: SEED_DEVICE_IDS.londonSherlock });
    expect(await admin.renameDevice(String(device.id), "Front desk", device.version)).toMatchObject({
      customBoxName: "Front desk",
    });
  },
  async setDeviceNotifyOwner() {
    const { data: device } = await admin.getOne("devices", { id: SEED_DEVICE_IDS.londonSherlock });
    const notify = !device.notifyOwner;
    expect(await admin.setDeviceNotifyOwner(String(device.id), notify, device.version)).toMatchObject({
      notifyOwner: notify,
    });
  },
  async cancelSubscription() {
    const subscription = await adminSubscription();
    expect(await admin.cancelSubscription(String(subscription.id), subscription.version)).toMatchObject({
      cancelAtPeriodEnd: true,
    });
  },
  async resumeSubscription() {
    let subscription = await adminSubscription();
    if (!subscription.cancelAtPeriodEnd)
      subscription = await admin.cancelSubscription(String(subscription.id), subscription.version);
    expect(await admin.resumeSubscription(String(subscription.id), subscription.version)).toMatchObject({
      cancelAtPeriodEnd: false,
    });
  },
  async refundPayment() {
    const { data } = await superAdmin.getList("payments", { ...page(100), filter: { status: "succeeded" } });
    const payment = data[0]!;
    expect(await superAdmin.checkPassword(DEMO_PASSWORD)).toBe(true);
    expect(
      await superAdmin.refundPayment(String(payment.id), { version: payment.version, reason: "Duplicate" }),
    ).toMatchObject({ status: "refunded" });
  },
  async uploadFirmware() {
    const { data } = await superAdmin.getList("firmware", { ...page(), filter: {} });
    const file = new File([Buffer.from("firmware image")], "build.bin", { type: "application/octet-stream" });
    const uploaded = await superAdmin.uploadFirmware(
      { deviceTypeCode: data[0]!.deviceTypeCode, firmwareVersion: "99.0.1", releaseNotes: "Test build" },
      file,
    );
    expect(uploaded).toMatchObject({ firmwareVersion: "99.0.1", fileSize: file.size });
  },
  async downloadFirmware() {
    const { data } = await superAdmin.getList("firmware", { ...page(), filter: {} });
    const build = data[0]!;
    const file = await superAdmin.downloadFirmware(String(build.id));
    const bytes = Buffer.from(await file.blob.arrayBuffer());
    expect(file.fileName).toBe(build.fileName);
    expect(bytes.length).toBe(build.fileSize);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(build.sha256);
  },
  async restoreAccount() {
    const account = await deletedAccount();
    expect(await superAdmin.restoreAccount(String(account.id), account.version)).toMatchObject({ id: account.id });
  },
  async restoreAccounts() {
    const account = await deletedAccount();
    expect(await superAdmin.restoreAccounts([String(account.id)])).toEqual([String(account.id)]);
  },
  async getAccountStorage() {
    const storage = await admin.getAccountStorage(A.brilliantGems);
    expect(storage).toMatchObject({ quota: expect.any(Number), used: expect.any(Number) });
    // Another account's is not found, which the console takes for "no storage line".
    expect(await admin.getAccountStorage(A.lapisTraders)).toBeNull();
  },
  async cancelScheduledAction() {
    const action = await scheduledAction();
    expect(await superAdmin.checkPassword(DEMO_PASSWORD)).toBe(true);
    expect(await superAdmin.cancelScheduledAction(String(action.id))).toMatchObject({ id: action.id });
  },
  async runScheduledAction() {
    const action = await scheduledAction();
    expect(await superAdmin.checkPassword(DEMO_PASSWORD)).toBe(true);
    expect(await superAdmin.runScheduledAction(String(action.id))).toMatchObject({ id: action.id });
  },
  async cancelForcedReset() {
    expect(await superAdmin.checkPassword(DEMO_PASSWORD)).toBe(true);
    const { data: reset } = await superAdmin.create("forced-resets", { data: { target: "user", userId: U.user } });
    expect(await superAdmin.cancelForcedReset(String(reset.id))).toMatchObject({ id: reset.id });
  },
  async getPhoneModel() {
    const { data } = await superAdmin.getList("phones", { ...page(), filter: {} });
    const phone = data[0]!;
    expect(await superAdmin.getPhoneModel(String(phone.brand), String(phone.model), "30d")).toBeDefined();
  },
  async getDashboard() {
    expect(await admin.getDashboard()).toBeDefined();
  },
  async followLiveChanges() {
    const heard: string[] = [];
    const connected: boolean[] = [];
    const stop = new AbortController();
    const following = admin.followLiveChanges(
      {
        onChange: (resource) => heard.push(resource),
        onReset: () => heard.push("reset"),
        onConnected: (open) => connected.push(open),
      },
      stop.signal,
    );
    await expect.poll(() => connected).toEqual([true]);
    // Whoever makes the change (here the database itself): the stream names the resource.
    await t.db.update(devices).set({ name: "Live" }).where(eq(devices.accountId, admin.user.accountId));
    await expect.poll(() => heard).toContain("devices");
    stop.abort();
    await following;
  },
  async searchRecords() {
    const { results } = await admin.searchRecords("Brilliant");
    expect(results).toContainEqual(
      expect.objectContaining({ kind: "businesses", title: expect.stringMatching(/^Brilliant/) }),
    );
  },

  // The user's own settings
  async getPreferences() {
    expect(await admin.getPreferences()).toMatchObject({ version: expect.any(Number) });
  },
  async updatePreferences() {
    const current = await admin.getPreferences();
    expect(await admin.updatePreferences({ version: current.version })).toMatchObject({
      version: expect.any(Number),
    });
  },
  async changePassword() {
    const manager = await consoleAs(t.app, EMAILS.manager);
    expect(await manager.changePassword(DEMO_PASSWORD, "a new password 1")).toEqual(expect.any(Number));
  },
  async uploadAvatar() {
    expect(await admin.uploadAvatar(png())).toMatchObject({ id: admin.user.id });
  },
  async removeAvatar() {
    await admin.uploadAvatar(png());
    expect(await admin.removeAvatar()).toMatchObject({ id: admin.user.id });
  },

  // Subscriptions (spec §3)
  async getPlans() {
    expect((await admin.getPlans()).plans?.length ?? 0).toBeGreaterThan(0);
  },
  async quoteSubscription() {
    const { plan, interval } = await firstPlan();
    expect(await admin.quoteSubscription({ plan, interval })).toMatchObject({ plan, interval });
  },
  async startSubscription() {
    const inactive = await consoleAs(t.app, "inactive@example.com");
    const { plan, interval } = await firstPlan();
    const card = { number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Ida Novak" };
    const started = await inactive.startSubscription({ plan, interval, card }, randomUUID());
    expect(started.status).toMatchObject({ status: "active" });
  },

  // Guest pages (spec §2)
  async register() {
    expect(
      await guest.register({
        email: `new-${randomUUID()}@example.com`,
        firstName: "Nia",
        lastName: "Okafor",
        password: "a long password 1",
        accountName: "Okafor Gems",
        country: "GB",
      } as Parameters<ConsoleDataProvider["register"]>[0]),
    ).toBeDefined();
  },
  async requestPasswordReset() {
    expect(await guest.requestPasswordReset(EMAILS.manager)).toBeDefined();
  },
  async resetPassword() {
    await guest.requestPasswordReset(EMAILS.secondUser);
    const token = await mailed(EMAILS.secondUser, /password/i, /[?&]token=([A-Za-z0-9_-]{20,})/);
    await guest.resetPassword(token, "another long password 2");
  },
  async requestDataDeletion() {
    expect(await guest.requestDataDeletion(EMAILS.pastDueAdmin)).toBeDefined();
  },
  async confirmDataDeletion() {
    await guest.requestDataDeletion(EMAILS.user);
    const code = await mailed(EMAILS.user, /delet/i, /\b(\d{6})\b/);
    expect(await guest.confirmDataDeletion(EMAILS.user, code)).toBeDefined();
  },
  async getDeviceUnsubscribe() {
    const { device, token } = await unsubscribeLink();
    expect(await guest.getDeviceUnsubscribe(device, token)).toMatchObject({ unsubscribed: false });
  },
  async unsubscribeDevice() {
    const { device, token } = await unsubscribeLink();
    expect(await guest.unsubscribeDevice(device, token)).toMatchObject({ unsubscribed: true });
  },
};

async function adminSubscription() {
  const { data } = await admin.getList("subscriptions", { ...page(), filter: {} });
  return data[0]!;
}

async function firstPlan() {
  const [first] = (await admin.getPlans()).plans;
  return { plan: first!.id, interval: "month" as const };
}

/** An account deleted now by the super admin (not one whose users are signed in here). */
async function deletedAccount(): Promise<RaRecord> {
  const { data } = await superAdmin.getList("accounts", { ...page(100), filter: { status: "active" } });
  // Not an account a demo user signs in to here.
  const account = data.find(({ id }) => !(Object.values(A) as string[]).includes(String(id)))!;
  expect(await superAdmin.checkPassword(DEMO_PASSWORD)).toBe(true);
  await superAdmin.delete("accounts", { id: account.id, previousData: account });
  const { data: deleted } = await superAdmin.getOne("deleted-accounts", { id: account.id });
  return deleted;
}

/** A scheduled action waiting: the deletion of an account (scheduled just after the answer). */
async function scheduledAction(): Promise<RaRecord> {
  const account = await deletedAccount();
  let action: RaRecord | undefined;
  await expect
    .poll(
      async () => {
        const { data } = await superAdmin.getList("scheduled-actions", { ...page(100), filter: { state: "pending" } });
        action = data.find((candidate) => candidate.accountId === account.id);
        return action !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return action!;
}

/** A device marked lost (with its owner notified) and the unsubscribe link of the mail it sent. */
async function unsubscribeLink(): Promise<{ device: string; token: string }> {
  const device = SEED_DEVICE_IDS.londonSherlockAi;
  let { data: current } = await superAdmin.getOne("devices", { id: device });
  if (current.status === "lost") current = await superAdmin.markDeviceFound(device, current.version);
  if (!current.notifyOwner) current = await superAdmin.setDeviceNotifyOwner(device, true, current.version);
  await superAdmin.markDeviceLost(device, current.version);
  const token = await mailed("@", /marked lost/, new RegExp(`/devices/unsubscribe/${device}\\?token=([A-Za-z0-9_-]+)`));
  return { device, token };
}

describe("react-admin's calls the console routes to a path of their own", () => {
  it("the owner's own account reads as any account and updates with PUT account, sending what the owner may change", async () => {
    const { data: account } = await admin.getOne(OWN_ACCOUNT, { id: admin.user.accountId });
    // The whole record goes in, as a form sends it: the status is not the owner's to change.
    const { data: saved } = await admin.update(OWN_ACCOUNT, {
      id: account.id,
      data: { ...account, name: `${String(account.name)} Ltd`, status: "suspended" },
      previousData: account,
    });
    expect(saved).toMatchObject({ id: account.id, name: `${String(account.name)} Ltd`, status: account.status });
    expect(saved.version).toBe(Number(account.version) + 1);
  });
});

describe("every call the console makes beyond react-admin's", () => {
  it.each(Object.entries(CALLS) as [ExtraCall, () => Promise<void>][])(
    "%s is accepted and answered as the console reads it",
    async (_name, call) => {
      await call();
    },
  );
});
