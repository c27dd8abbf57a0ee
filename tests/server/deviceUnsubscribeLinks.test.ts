/**
 * The device unsubscribe link's token meets issue 14 item 6 like every other code and link
 * (docs/api.md "Public flows"): random (32 bytes) and stored only as its hash, one per email and
 * device (a newer email does not end an older link), single use (confirming spends it; the page
 * then says the emails are off without asking), valid 60 days by the service's clock, purged a
 * day after it is spent, and it proves the recipient. Every refusal leaves the database as it was
 * (the counted request aside). Emails go through a real SMTP server in the test process.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeviceUnsubscribe } from "../../src/api/deviceUnsubscribe";
import type { Device } from "../../src/api/resources";
import { movableClock } from "../../server/src/clock";
import { activityLog, businesses, devices, oneTimeCodes } from "../../server/src/db/schema";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { UNSUBSCRIBE_LINK_DAYS } from "../../server/src/devices/unsubscribeLinks";
import { issueCode } from "../../server/src/publicFlows/codes";
import { purge } from "../../server/src/lifecycle/steps";
import { OWNER_FLOWS_CONTRACT } from "../fixtures/ownerFlowsContract";
import type { TestSmtpServer } from "../support/smtpServer";
import { expectAnswer, freshIp, type TestApp } from "./helpers";
import { appWithMail, expectNothingChanged, tokenOf } from "./publicFlowHelpers";
import { B, tokens, U, type Who } from "./records";
import { activityOf, call } from "./resourceHelpers";

const C = OWNER_FLOWS_CONTRACT.unsubscribe;
const D = SEED_DEVICE_IDS;
const DAY_MS = 24 * 60 * 60 * 1000;
const clock = movableClock();
let t: TestApp;
let smtp: TestSmtpServer;
let close: () => Promise<void>;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  ({ t, smtp, close } = await appWithMail(clock));
  token = tokens(() => t.app);
});
afterAll(() => close());

const deviceOf = async (id: string) =>
  (await call(t, await token("superAdmin"), "GET", `/api/devices/${id}`)).json<Device>();

/**
 * Marks the device lost (active again first, its emails on) and answers the unsubscribe token of
 * the email its owner `to` receives.
 */
async function lostEmailToken(deviceId: string, to: string): Promise<string> {
  await t.db.update(devices).set({ status: "active", notifyOwner: true }).where(eq(devices.id, deviceId));
  const before = smtp.messages.length;
  const lost = await call(t, await token("superAdmin"), "POST", `/api/devices/${deviceId}/mark-lost`, {
    version: (await deviceOf(deviceId)).version,
  });
  expect(lost.statusCode, lost.body).toBe(200);
  const deadline = Date.now() + 15000;
  for (;;) {
    const mail = smtp.messages
      .slice(before)
      .find((m) => JSON.stringify(m.to).includes(to) && / was marked lost/.test(m.subject ?? ""));
    if (mail) return tokenOf(mail, t.config.mail.publicUrl, `/devices/unsubscribe/${deviceId}`);
    if (Date.now() > deadline) throw new Error(`no lost email to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const readLink = (id: string, linkToken: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/devices/${id}/unsubscribe?token=${encodeURIComponent(linkToken)}`,
    remoteAddress: freshIp(),
  });
const confirmLink = (id: string, linkToken: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/devices/${id}/unsubscribe`,
    payload: { token: linkToken },
    remoteAddress: freshIp(),
  });

const codeOf = async (linkToken: string) =>
  (
    await t.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.codeHash, createHash("sha256").update(linkToken).digest("hex")))
  )[0];

describe("the unsubscribe link's token", () => {
  it("is random, one per email, and stored only as its hash, with the device and the recipient, for 60 days", async () => {
    const device = D.antwerpBigSherlock;
    const first = await lostEmailToken(device, "admin@example.com");
    const second = await lostEmailToken(device, "admin@example.com");
    for (const linkToken of [first, second]) expect(linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);

    const stored = await codeOf(first);
    expect(stored).toMatchObject({
      purpose: "device-unsubscribe",
      email: "admin@example.com",
      userId: U.admin,
      payload: { deviceId: device },
      usedAt: null,
    });
    expect(stored!.expiresAt.getTime()).toBe(stored!.createdAt.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS);
    expect(UNSUBSCRIBE_LINK_DAYS).toBe(60);
    // No column of any stored code holds a token in clear.
    const rows = await t.db.execute(sql`select x::text as row from one_time_codes x`);
    const text = (rows as unknown as { rows: { row: string }[] }).rows.map((r) => r.row).join("\n");
    expect(text).not.toContain(first);
    expect(text).not.toContain(second);

    // The newer email does not end the older one's link: each keeps working for its own days.
    for (const linkToken of [first, second]) {
      const read = await readLink(device, linkToken);
      expectAnswer(read, C.read);
      expect(read.json<DeviceUnsubscribe>().unsubscribed).toBe(false);
    }
  });

  it("is spent by confirming: the page then says the emails are off without asking, and a second confirm writes nothing", async () => {
    const device = D.antwerpBigSherlockAi;
    const linkToken = await lostEmailToken(device, "admin@example.com");
    const before = await deviceOf(device);
    expectAnswer(await confirmLink(device, linkToken), C.done);
    expect((await codeOf(linkToken))!.usedAt).toEqual(clock.now());
    expect(await deviceOf(device)).toMatchObject({ notifyOwner: false, version: before.version + 1 });
    const entries = (await activityOf(t, "devices", device)).filter((entry) => entry.action === "unsubscribe");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: U.admin, changes: { notifyOwner: [true, false] } });

    // Opened again: "no longer", nothing to confirm; confirmed again: the same answer, nothing written.
    const again = await readLink(device, linkToken);
    expect(again.statusCode).toBe(200);
    expect(again.json<DeviceUnsubscribe>().unsubscribed).toBe(true);
    await expectNothingChanged(
      t,
      () => confirmLink(device, linkToken),
      (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.json<DeviceUnsubscribe>()).toMatchObject({ deviceId: device, unsubscribed: true });
      },
      1,
    );
  });

  it("once spent, cannot switch the emails off again after an admin turned them back on", async () => {
    const device = D.londonSherlock;
    // London's owner is Marcus Reed (manager@example.com).
    const linkToken = await lostEmailToken(device, "manager@example.com");
    expectAnswer(await confirmLink(device, linkToken), C.done);
    const current = await deviceOf(device);
    const on = await call(t, await token("admin"), "POST", `/api/devices/${device}/notify-owner`, {
      version: current.version,
      notifyOwner: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    for (const send of [() => readLink(device, linkToken), () => confirmLink(device, linkToken)])
      await expectNothingChanged(t, send, (response) => expectAnswer(response, C.notValid), 1);
    expect((await deviceOf(device)).notifyOwner).toBe(true);
  });

  it("refuses a token longer than any it makes by its schema", async () => {
    expectAnswer(await readLink(D.londonSherlock, "x".repeat(201)), C.tokenTooLong);
  });

  it("proves the recipient: a token whose recipient changed, another device's, or another flow's is refused, changing nothing", async () => {
    const device = D.londonSherlockAi;
    const marcus = await lostEmailToken(device, "manager@example.com");
    // Another flow's link token (a password reset of the same person) is no unsubscribe link.
    const reset = await issueCode(t.db, {
      purpose: "reset-password",
      email: "manager@example.com",
      userId: U.manager,
      ttlMs: DAY_MS,
      form: "link",
      now: clock.now(),
    });
    for (const [id, linkToken] of [
      [D.londonSherlock, marcus],
      [device, reset],
      [device, `${marcus.slice(0, -1)}${marcus.endsWith("A") ? "B" : "A"}`],
    ] as const) {
      await expectNothingChanged(
        t,
        () => readLink(id, linkToken),
        (response) => expectAnswer(response, C.linkNotValid),
        1,
      );
      await expectNothingChanged(
        t,
        () => confirmLink(id, linkToken),
        (response) => expectAnswer(response, C.linkNotValid),
        1,
      );
    }
    // London without an owner: the account's owner (Alice) receives its emails now; Marcus's link is void.
    await t.db.update(businesses).set({ ownerId: null }).where(eq(businesses.id, B.brilliantLondon));
    try {
      for (const send of [() => readLink(device, marcus), () => confirmLink(device, marcus)])
        await expectNothingChanged(t, send, (response) => expectAnswer(response, C.notValid), 1);
    } finally {
      await t.db.update(businesses).set({ ownerId: U.manager }).where(eq(businesses.id, B.brilliantLondon));
    }
    expectAnswer(await readLink(device, marcus), C.read);
  });

  it("expires after 60 days by the service's clock, refused then like an unknown link, changing nothing", async () => {
    const device = D.lapisWatson;
    // Lapis Traders' owner is the past-due admin (pastdue@example.com).
    const linkToken = await lostEmailToken(device, "pastdue@example.com");
    clock.advance(UNSUBSCRIBE_LINK_DAYS * DAY_MS - 60_000);
    expectAnswer(await readLink(device, linkToken), C.read);
    clock.advance(60_000);
    // "any": the first request after the jump may also clear old request counts.
    await expectNothingChanged(
      t,
      () => readLink(device, linkToken),
      (response) => expectAnswer(response, C.linkNotValid),
      "any",
    );
    await expectNothingChanged(
      t,
      () => confirmLink(device, linkToken),
      (response) => expectAnswer(response, C.linkNotValid),
      1,
    );
    expect((await deviceOf(device)).notifyOwner).toBe(true);
    expect(
      await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.recordId, device), eq(activityLog.action, "unsubscribe"))),
    ).toEqual([]);
  });

  it("a spent link answers until the lifecycle purges it a day later; then it is refused like an unknown link", async () => {
    const device = D.antwerpBigSherlock;
    const linkToken = await lostEmailToken(device, "admin@example.com");
    expectAnswer(await confirmLink(device, linkToken), C.done);
    clock.advance(DAY_MS - 60_000);
    await purge({ db: t.db, storage: t.storage, now: clock.now() });
    expect((await readLink(device, linkToken)).json<DeviceUnsubscribe>().unsubscribed).toBe(true);
    clock.advance(2 * 60_000);
    await purge({ db: t.db, storage: t.storage, now: clock.now() });
    expect(await codeOf(linkToken)).toBeUndefined();
    expectAnswer(await readLink(device, linkToken), C.linkNotValid);
  });
});
