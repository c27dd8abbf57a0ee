/**
 * A device's notification emails and their unsubscribe link (docs/api.md "Public flows"): mark a
 * device lost, or publish a newer firmware for its type, and its owner receives a real email
 * (through an SMTP server in this process) whose link turns the emails off; a tampered token, a
 * token for another device or recipient, and an unknown device are refused, changing nothing;
 * the owner preference is a device field admins of the account may switch. The token's own rules
 * (random, hashed, single use, 60 days) are deviceUnsubscribeLinks.test.ts's.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNSUBSCRIBE_LINK_NOT_VALID, type DeviceUnsubscribe } from "../../src/api/deviceUnsubscribe";
import { LINK_NOT_VALID } from "../../src/api/register";
import type { Device } from "../../src/api/resources";
import { loadConfig } from "../../server/src/config";
import {
  activityLog,
  businesses,
  devices,
  firmware,
  oneTimeCodes,
  publicRequests,
  userPreferences,
} from "../../server/src/db/schema";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { systemClock } from "../../server/src/clock";
import { deviceNotifications } from "../../server/src/devices/notifications";
import { UNSUBSCRIBE_LIMIT } from "../../server/src/devices/unsubscribe";
import type { Mailer } from "../../server/src/mail/mailer";
import type { RenderedMail } from "../../server/src/mail/templates";
import type { Services } from "../../server/src/services";
import { compareVersions, isNewerVersion } from "../../server/src/firmware/versions";
import { startSmtpServer, type TestSmtpServer } from "../support/smtpServer";
import { OWNER_FLOWS_CONTRACT } from "../fixtures/ownerFlowsContract";
import { createTestApp, expectAnswer, freshIp, tablesDigest, type TestApp } from "./helpers";
import { B, tokens, U, type Who } from "./records";
import { activityOf, call } from "./resourceHelpers";

const PUBLIC_URL = "https://console.example.com";
let smtp: TestSmtpServer;
let t: TestApp;
let token: (who: Who) => Promise<string>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { mail: { ...loadConfig({}).mail, smtpUrl: smtp.url, publicUrl: PUBLIC_URL } } });
  token = tokens(() => t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const D = SEED_DEVICE_IDS;
const deviceOf = async (id: string) =>
  (await call(t, await token("superAdmin"), "GET", `/api/devices/${id}`)).json<Device>();
const markLost = async (who: Who, id: string) =>
  call(t, await token(who), "POST", `/api/devices/${id}/mark-lost`, { version: (await deviceOf(id)).version });

/** The unsubscribe link of a message, as the console page receives it. */
function unsubscribeLinkOf(mail: ParsedMail, deviceId: string): { path: string; token: string } {
  const link = (mail.text ?? "")
    .match(/https?:\/\/\S+/g)
    ?.find((url) => url.includes(`/devices/unsubscribe/${deviceId}`));
  if (!link) throw new Error(`no unsubscribe link for ${deviceId} in: ${mail.text}`);
  const url = new URL(link);
  expect(url.origin).toBe(PUBLIC_URL);
  return { path: url.pathname, token: url.searchParams.get("token")! };
}

const readLink = (id: string, linkToken: string, ip = freshIp()) =>
  t.app.inject({
    method: "GET",
    url: `/api/devices/${id}/unsubscribe?token=${encodeURIComponent(linkToken)}`,
    remoteAddress: ip,
  });
const confirmLink = (id: string, linkToken: string, ip = freshIp()) =>
  t.app.inject({
    method: "POST",
    url: `/api/devices/${id}/unsubscribe`,
    payload: { token: linkToken },
    remoteAddress: ip,
  });

/** What a refused unsubscribe must leave as it was (public_requests counts requests: left out). */
const stateTables = [devices, activityLog, oneTimeCodes];

describe("mark lost → the owner's email → the unsubscribe link", () => {
  it("emails the location's owner, whose link turns the device's emails off once; the device page says so", async () => {
    // Antwerp bench belongs to Brilliant Gems Antwerp, whose owner is Alice Morgan (admin@example.com).
    const lost = await markLost("admin", D.antwerpBigSherlock);
    expect(lost.statusCode, lost.body).toBe(200);
    const mail = await smtp.waitFor("admin@example.com", /Antwerp bench was marked lost/);
    expect(mail.subject).toBe("Gemtest: Antwerp bench was marked lost");
    expect(mail.text).toContain("Hello Alice,");
    expect(mail.text).toContain("Alice Morgan marked the device Antwerp bench (Big Sherlock, serial number");
    expect(mail.text).toContain(`Open the device: ${PUBLIC_URL}/devices/${D.antwerpBigSherlock}`);
    expect(mail.html).toContain("/devices/unsubscribe/");
    const link = unsubscribeLinkOf(mail, D.antwerpBigSherlock);
    expect(link.path).toBe(`/devices/unsubscribe/${D.antwerpBigSherlock}`);

    const read = await readLink(D.antwerpBigSherlock, link.token);
    expectAnswer(read, OWNER_FLOWS_CONTRACT.unsubscribe.read);
    expect(read.json<DeviceUnsubscribe>()).toEqual({
      deviceId: D.antwerpBigSherlock,
      serialNumber: expect.any(String),
      customBoxName: "Antwerp bench",
      typeCode: 4005,
      accountName: "Brilliant Gems Ltd",
      unsubscribed: false,
    });

    const before = await deviceOf(D.antwerpBigSherlock);
    const first = await confirmLink(D.antwerpBigSherlock, link.token);
    expectAnswer(first, OWNER_FLOWS_CONTRACT.unsubscribe.done);
    expect(first.json<DeviceUnsubscribe>().unsubscribed).toBe(true);
    const after = await deviceOf(D.antwerpBigSherlock);
    expect(after).toMatchObject({ notifyOwner: false, version: before.version + 1 });
    const entries = (await activityOf(t, "devices", D.antwerpBigSherlock)).filter((e) => e.action === "unsubscribe");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: U.admin, changes: { notifyOwner: [true, false] } });

    // Idempotent: the link is spent; the same answer, nothing written again.
    const digest = await tablesDigest(t.db, stateTables);
    const second = await confirmLink(D.antwerpBigSherlock, link.token);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await tablesDigest(t.db, stateTables)).toEqual(digest);
    expect((await readLink(D.antwerpBigSherlock, link.token)).json<DeviceUnsubscribe>().unsubscribed).toBe(true);
  });

  it("refuses a tampered token, another device's token and an unknown device alike, changing nothing", async () => {
    const lost = await markLost("admin", D.antwerpBigSherlockAi);
    expect(lost.statusCode, lost.body).toBe(200);
    const mail = await smtp.waitFor("admin@example.com", /Antwerp sorting was marked lost/);
    const { token: good } = unsubscribeLinkOf(mail, D.antwerpBigSherlockAi);
    const tampered = `${good.slice(0, -2)}${good.endsWith("AA") ? "BB" : "AA"}`;
    const digest = await tablesDigest(t.db, stateTables);
    const refusals = [
      await readLink(D.antwerpBigSherlockAi, tampered),
      await confirmLink(D.antwerpBigSherlockAi, tampered),
      // A valid token is for its device only.
      await confirmLink(D.londonSherlock, good),
      await confirmLink(randomUUID(), good),
      await readLink("no-such-device", good),
    ];
    // The public flows' answer for a link that cannot be used.
    for (const response of refusals) expectAnswer(response, OWNER_FLOWS_CONTRACT.unsubscribe.linkNotValid);
    expect(refusals[0]!.json()).toEqual({ message: LINK_NOT_VALID });
    // Junk is a 400 before anything is read.
    const junk = await confirmLink(D.antwerpBigSherlockAi, "not a token!");
    expect(junk.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/devices/${D.antwerpBigSherlockAi}/unsubscribe` })).statusCode,
    ).toBe(400);
    expect(await tablesDigest(t.db, stateTables)).toEqual(digest);
    expect((await deviceOf(D.antwerpBigSherlockAi)).notifyOwner).toBe(true);
  });

  it("a link stops working when the device's recipient changes: the token proves the recipient", async () => {
    const lost = await markLost("superAdmin", D.londonSherlockAi);
    expect(lost.statusCode, lost.body).toBe(200);
    // London's owner is Marcus Reed (manager@example.com).
    const mail = await smtp.waitFor("manager@example.com", /London back office was marked lost/);
    expect(mail.text).toContain("Sophie Carter marked the device London back office");
    const { token: marcus } = unsubscribeLinkOf(mail, D.londonSherlockAi);
    expect((await readLink(D.londonSherlockAi, marcus)).statusCode).toBe(200);
    // London without an owner: the account's owner (Alice) receives them instead, and Marcus's link is void.
    await t.db.update(businesses).set({ ownerId: null }).where(eq(businesses.id, B.brilliantLondon));
    try {
      const digest = await tablesDigest(t.db, stateTables);
      expectAnswer(await readLink(D.londonSherlockAi, marcus), OWNER_FLOWS_CONTRACT.unsubscribe.notValid);
      expectAnswer(await confirmLink(D.londonSherlockAi, marcus), OWNER_FLOWS_CONTRACT.unsubscribe.notValid);
      expect((await readLink(D.londonSherlockAi, marcus)).json()).toEqual({ message: UNSUBSCRIBE_LINK_NOT_VALID });
      expect(await tablesDigest(t.db, stateTables)).toEqual(digest);
    } finally {
      await t.db.update(businesses).set({ ownerId: U.manager }).where(eq(businesses.id, B.brilliantLondon));
    }
    expect((await readLink(D.londonSherlockAi, marcus)).statusCode).toBe(200);
  });

  it("sends nothing while notify_owner is off or the owner switched the kind off, and the write never waits on mail", async () => {
    // Off for the device: lab devices are the super admin's (Gemtest Lab).
    await t.db.update(devices).set({ notifyOwner: false }).where(eq(devices.id, D.labWatson));
    // Off in Marcus's preferences for lost devices.
    await t.db
      .insert(userPreferences)
      .values({ userId: U.manager, emailNotifications: { "device-lost": false } })
      .onConflictDoUpdate({ target: userPreferences.userId, set: { emailNotifications: { "device-lost": false } } });
    expect((await markLost("superAdmin", D.labWatson)).statusCode).toBe(200);
    expect((await markLost("superAdmin", D.londonSherlock)).statusCode).toBe(200);
    // A device whose emails are on, marked after them: once its email is here, the others would be too.
    expect((await markLost("superAdmin", D.labWatsonAi)).statusCode).toBe(200);
    await smtp.waitFor("superadmin@example.com", /Lab Watson AI was marked lost/);
    const subjects = smtp.messages.map((m) => m.subject);
    expect(subjects).not.toContain("Gemtest: Lab Watson was marked lost");
    expect(subjects).not.toContain("Gemtest: London counter was marked lost");
    await t.db.delete(userPreferences).where(eq(userPreferences.userId, U.manager));
  });

  it("a mail server that is down costs the email, not the write", async () => {
    const down = await createTestApp({
      config: { mail: { ...loadConfig({}).mail, smtpUrl: "smtp://127.0.0.1:9", publicUrl: PUBLIC_URL } },
    });
    try {
      const superAdmin = tokens(() => down.app);
      const sa = await superAdmin("superAdmin");
      const device = (await call(down, sa, "GET", `/api/devices/${D.obsidianSherlock}`)).json<Device>();
      const lost = await call(down, sa, "POST", `/api/devices/${D.obsidianSherlock}/mark-lost`, {
        version: device.version,
      });
      expect(lost.statusCode, lost.body).toBe(200);
      expect(lost.json<Device>().status).toBe("lost");
    } finally {
      await down.close();
    }
  });

  it("limits the link's requests per address (429), counting only the request", async () => {
    const ip = freshIp();
    for (let i = 0; i < UNSUBSCRIBE_LIMIT.perIp; i++)
      expect((await readLink(D.lapisWatson, "x", ip)).statusCode).toBe(404);
    const digest = await tablesDigest(t.db, stateTables);
    const refused = await readLink(D.lapisWatson, "x", ip);
    expect(refused.statusCode).toBe(429);
    // Confirmations share the count: the same address is refused there too.
    expect((await confirmLink(D.lapisWatson, "x", ip)).statusCode).toBe(429);
    expect(await tablesDigest(t.db, stateTables)).toEqual(digest);
    const counted = await t.db.select().from(publicRequests).where(eq(publicRequests.ip, ip));
    expect(counted).toHaveLength(UNSUBSCRIBE_LIMIT.perIp);
  });
});

/** The device emails of the service's database, sent through `mailer`, in `app`'s lifetime. */
const notificationsWith = (app: FastifyInstance, mailer: Pick<Mailer, "send">) =>
  deviceNotifications(app, {
    db: t.db,
    config: t.config,
    clock: systemClock,
    mailer,
  } as unknown as Services);

describe("without a mail server", () => {
  it("the service log's one link per email is the unsubscribe link, so the flow can be followed locally", async () => {
    const sent: { to: string; mail: RenderedMail }[] = [];
    const notifications = notificationsWith(Fastify(), {
      send: async (to: string, mail: RenderedMail) => void sent.push({ to, mail }),
    });
    await t.db.update(devices).set({ notifyOwner: true }).where(eq(devices.id, D.obsidianBigSherlockAi));
    notifications.deviceLost(D.obsidianBigSherlockAi, { firstName: "Sam", lastName: "Super" });
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.to).toBe("inactive@example.com");
    const link = new URL(sent[0]!.mail.highlight!);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/devices/unsubscribe/${D.obsidianBigSherlockAi}`);
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent[0]!.mail.text).toContain(sent[0]!.mail.highlight);
  });
});

describe("sent after the answer", () => {
  it("the service waits for an email in hand before it closes (nothing is written into a removed data folder)", async () => {
    const app = Fastify();
    let deliver: (() => void) | undefined;
    const notifications = notificationsWith(app, {
      send: () =>
        new Promise<void>((resolve) => {
          deliver = resolve;
        }),
    });
    await t.db.update(devices).set({ notifyOwner: true }).where(eq(devices.id, D.obsidianBigSherlockAi));
    notifications.deviceLost(D.obsidianBigSherlockAi, { firstName: "Sam", lastName: "Super" });
    // Closing while the recipient is looked up or the mail is being sent: either way, it waits.
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await expect.poll(() => deliver).toBeDefined();
    expect(closed).toBe(false);
    deliver!();
    await closing;
    expect(closed).toBe(true);
  });
});

describe("the owner preference on the device", () => {
  it("admins of the device's account and super admins switch it (versioned, logged); others are refused", async () => {
    const id = D.antwerpBigSherlock;
    const device = await deviceOf(id);
    expect(device.notifyOwner).toBe(false);
    const on = await call(t, await token("admin"), "POST", `/api/devices/${id}/notify-owner`, {
      version: device.version,
      notifyOwner: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<Device>()).toMatchObject({ notifyOwner: true, version: device.version + 1 });
    const entry = (await activityOf(t, "devices", id)).at(-1);
    expect(entry).toMatchObject({ action: "notify-owner", actorId: U.admin, changes: { notifyOwner: [false, true] } });

    // Signed in first: a sign-in is an activity entry of its own.
    for (const who of ["manager", "user", "pastDueAdmin"] as const) await token(who);
    const digest = await tablesDigest(t.db, stateTables);
    for (const who of ["manager", "user", "pastDueAdmin"] as const) {
      const refused = await call(t, await token(who), "POST", `/api/devices/${id}/notify-owner`, {
        version: device.version + 1,
        notifyOwner: false,
      });
      expect([403, 404], `${who}: ${refused.body}`).toContain(refused.statusCode);
    }
    const stale = await call(t, await token("admin"), "POST", `/api/devices/${id}/notify-owner`, {
      version: device.version,
      notifyOwner: false,
    });
    expect(stale.statusCode).toBe(409);
    expect(await tablesDigest(t.db, stateTables)).toEqual(digest);

    // The super admin's edit form carries it too.
    const current = await deviceOf(id);
    const edited = await call(t, await token("superAdmin"), "PUT", `/api/devices/${id}`, {
      serialNumber: current.serialNumber,
      typeCode: current.typeCode,
      accountId: current.accountId,
      businessId: current.businessId,
      customBoxName: current.customBoxName,
      status: current.status,
      notifyOwner: false,
      version: current.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Device>().notifyOwner).toBe(false);
  });
});

describe("a newer firmware published", () => {
  it("emails each owner once, listing their devices on an older or unknown version, each with its own link", async () => {
    // Only the demo devices of type 5001 keep their emails on; the generated ones are quiet here.
    await t.db.execute(sql`update devices set notify_owner = (id like '60000000-%') where type_code = 5001`);
    // A second lab Watson, on no known version, and the lab's first one on 3.9.4.
    const extra = randomUUID();
    await t.db.insert(devices).values({
      id: extra,
      serialNumber: `FW-${extra}`,
      typeCode: 5001,
      name: "Spare Watson",
      accountId: "10000000-0000-4000-8000-000000000001",
      businessId: B.gemtestLab,
      firmwareVersion: null,
    });
    await t.db
      .update(devices)
      .set({ notifyOwner: true, status: "active", firmwareVersion: "3.9.4" })
      .where(eq(devices.id, D.labWatson));
    const buildId = randomUUID();
    await t.db.insert(firmware).values({
      id: buildId,
      firmwareVersion: "4.3.0",
      deviceTypeCode: 5001,
      releaseNotes: "Faster calibration.",
      fileName: "watson-4.3.0.bin",
      fileSize: 1,
      sha256: "0",
      storageKey: "none",
      uploadedBy: U.superAdmin,
    });
    const sa = await token("superAdmin");
    const draft = await call(t, sa, "PUT", `/api/firmware/${buildId}`, {
      version: 1,
      releaseNotes: "Faster calibration.",
      status: "draft",
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const published = await call(t, sa, "PUT", `/api/firmware/${buildId}`, {
      version: 2,
      releaseNotes: "Faster calibration.",
      status: "published",
    });
    expect(published.statusCode, published.body).toBe(200);
    const mail = await smtp.waitFor("superadmin@example.com", /Firmware 4\.3\.0 for Dr\. Watson is available/);
    expect(mail.text).toContain("These devices of Gemtest HQ run an older version:");
    expect(mail.text).toContain("Lab Watson (serial number");
    expect(mail.text).toContain("now on 3.9.4");
    expect(mail.text).toContain("Spare Watson (serial number");
    expect(mail.text).toContain("now on an unknown version");
    expect(mail.text).toContain("Release notes: Faster calibration.");
    expect(unsubscribeLinkOf(mail, D.labWatson).token).not.toBe(unsubscribeLinkOf(mail, extra).token);
    // Lapis's Watson runs 4.2.1: its owner (another account) gets an email of their own.
    const lapis = await smtp.waitFor("pastdue@example.com", /Firmware 4\.3\.0/);
    expect(lapis.text).toContain("This device of Lapis Traders runs an older version:");
    // Saving it again while published sends nothing new.
    const count = smtp.messages.filter((m) => /Firmware 4\.3\.0/.test(m.subject ?? "")).length;
    const again = await call(t, sa, "PUT", `/api/firmware/${buildId}`, {
      version: 3,
      releaseNotes: "Faster calibration, again.",
      status: "published",
    });
    expect(again.statusCode).toBe(200);
    const marker = await markLost("superAdmin", D.labPrototype);
    expect(marker.statusCode).toBe(200);
    await smtp.waitFor("superadmin@example.com", /Prototype X was marked lost/);
    expect(smtp.messages.filter((m) => /Firmware 4\.3\.0/.test(m.subject ?? "")).length).toBe(count);
  });

  it("sends a build's emails one after another, one per owner, and the app waits for the last before it closes", async () => {
    const app = Fastify();
    const sent: string[] = [];
    let inFlight = 0;
    let mostAtOnce = 0;
    const notifications = notificationsWith(app, {
      async send(to: string) {
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        sent.push(to);
      },
    });
    // The test above left Dr. Watsons of two owners on older versions with their emails on.
    notifications.firmwarePublished({ deviceTypeCode: 5001, firmwareVersion: "9.0.0", releaseNotes: "" });
    await app.close();
    expect(sent.sort()).toEqual(["pastdue@example.com", "superadmin@example.com"]);
    expect(mostAtOnce).toBe(1);
  });

  it("orders versions semantically: a pre-release before its release, an unknown version behind every build", () => {
    expect(compareVersions("4.10.0", "4.9.9")).toBeGreaterThan(0);
    expect(compareVersions("4.3.0-beta.2", "4.3.0")).toBeLessThan(0);
    expect(compareVersions("4.3.0-beta.10", "4.3.0-beta.2")).toBeGreaterThan(0);
    expect(compareVersions("1.0.0", "1.0.0")).toBe(0);
    expect(isNewerVersion("4.3.0", null)).toBe(true);
    expect(isNewerVersion("4.3.0", "4.3.0")).toBe(false);
    expect(isNewerVersion("4.2.1", "4.3.0")).toBe(false);
  });
});
