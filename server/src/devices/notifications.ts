/**
 * A device's notification emails (docs/api.md "Public flows"): sent to the device's business
 * owner, or the account's owner when the business has none (or has no live owner), when the
 * device is marked lost and when a newer firmware for its type is published. Only while the
 * device's `notify_owner` is on and the recipient has not switched that kind of email off in User
 * Settings. Each carries, per device, an unsubscribe link with a token of its own (unsubscribeLinks.ts).
 *
 * Sent after the write is committed and never awaited by it (http/afterAnswer.ts): a mail server
 * that is down or slow costs the email (logged), not the write.
 */
import { sql, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { deviceTypeName } from "../../../src/api/tests";
import type { EmailNotificationKind } from "../../../src/api/userSettings";
import { afterAnswer } from "../http/afterAnswer";
import { renderMail, type RenderedMail } from "../mail/templates";
import { rowsOf, type Executor } from "../resources/sql";
import type { Services } from "../services";
import { isNewerVersion } from "../firmware/versions";
import { issueUnsubscribeLink } from "./unsubscribeLinks";

/** A device and who its emails go to. */
export interface DeviceRecipient {
  deviceId: string;
  serialNumber: string;
  customBoxName: string | null;
  typeCode: number;
  firmwareVersion: string | null;
  accountName: string;
  notifyOwner: boolean;
  userId: string;
  email: string;
  firstName: string;
  /** Whether the recipient owns the device's business (else the account). */
  ownsBusiness: boolean;
}

/**
 * The devices matching `where` (over `d`, the devices table) with their recipient: the business
 * owner if live, else the account owner if live; a device with neither has no row.
 */
export async function deviceRecipients(db: Executor, where: SQL): Promise<DeviceRecipient[]> {
  const rows = await rowsOf(
    db,
    sql`select d.id, d.serial_number, nullif(d.name, '') as custom_box_name, d.type_code, d.firmware_version,
          d.notify_owner, a.name as account_name, r.id as user_id, r.email, r.first_name,
          (r.id = b.owner_id) as owns_business
        from devices d
        join accounts a on a.id = d.account_id and a.status <> 'deleted'
        left join businesses b on b.id = d.business_id
        join lateral (
          select u.id, u.email, u.first_name from users u
          where u.id in (b.owner_id, a.owner_id) and u.deleted_at is null and u.status = 'active'
          order by (u.id = b.owner_id) is true desc limit 1
        ) r on true
        where ${where}`,
  );
  return rows.map((row) => ({
    deviceId: String(row.id),
    serialNumber: String(row.serial_number),
    customBoxName: (row.custom_box_name as string | null) ?? null,
    typeCode: Number(row.type_code),
    firmwareVersion: (row.firmware_version as string | null) ?? null,
    accountName: String(row.account_name),
    notifyOwner: row.notify_owner === true,
    userId: String(row.user_id),
    email: String(row.email),
    firstName: String(row.first_name),
    ownsBusiness: row.owns_business === true,
  }));
}

/** Devices whose emails are on, and whose recipient has not switched this kind off. */
const wantsEmail = (kind: EmailNotificationKind) =>
  sql`d.notify_owner and coalesce((select p.email_notifications ->> ${kind} from user_preferences p
      where p.user_id = r.id), 'true') <> 'false'`;

/** A device as a person calls it: its box name, else its serial number. */
export const deviceLabel = (device: { customBoxName: string | null; serialNumber: string }) =>
  device.customBoxName ?? device.serialNumber;

/** MM/DD/yyyy (spec §9), in UTC: the reader's time zone is not known. */
const mailDate = (date: Date) =>
  `${String(date.getUTCMonth() + 1).padStart(2, "0")}/${String(date.getUTCDate()).padStart(2, "0")}/${date.getUTCFullYear()}`;

/**
 * Without a mail server the service log shows one link per email (mail/mailer.ts): for these, the
 * unsubscribe link, the one a person running the service locally needs to follow the flow.
 */
const withUnsubscribeInLog = (mail: RenderedMail, links: string[]): RenderedMail => ({
  ...mail,
  highlight: links.join(" "),
});

const whyFooter = (recipient: DeviceRecipient) =>
  `You get this email because you own ${recipient.ownsBusiness ? "the location" : "the account"} this device belongs to (${recipient.accountName}). The unsubscribe link stops the emails about this device only.`;

export interface DeviceNotifications {
  /** After mark-lost: the device's recipient hears who marked it lost, and when. */
  deviceLost(deviceId: string, markedBy: { firstName: string; lastName: string }): void;
  /**
   * After a firmware is published: each recipient of a device of that type on an older (or
   * unknown) version gets one email listing those devices. The emails go one after another, so
   * a build for a type in every account does not open a connection per owner at once.
   */
  firmwarePublished(build: { deviceTypeCode: number; firmwareVersion: string; releaseNotes: string }): void;
}

export function deviceNotifications(
  app: FastifyInstance,
  { db, mailer, config, clock }: Services,
): DeviceNotifications {
  const { publicUrl, productName } = config.mail;
  /** A new link for this email: its token is stored (hashed) before the email goes. */
  const unsubscribeUrl = (recipient: DeviceRecipient) =>
    issueUnsubscribeLink(db, {
      publicUrl,
      deviceId: recipient.deviceId,
      userId: recipient.userId,
      email: recipient.email,
      now: clock.now(),
    });

  /** In the background: the caller's answer waits neither for the recipients' lookup nor for the mail server. */
  const later = afterAnswer(app, app.log);
  /** One email; a failure is logged and costs that email only. */
  const send = (to: string, mail: RenderedMail) =>
    mailer
      .send(to, mail)
      .catch((error: unknown) => app.log.error({ err: error, to, subject: mail.subject }, "mail failed"));

  return {
    deviceLost: (deviceId, markedBy) =>
      later.run("device-lost email", async () => {
        const [recipient] = await deviceRecipients(db, sql`d.id = ${deviceId} and ${wantsEmail("device-lost")}`);
        if (!recipient) return;
        const label = deviceLabel(recipient);
        const link = await unsubscribeUrl(recipient);
        const mail = withUnsubscribeInLog(
          renderMail(productName, {
            subject: `${label} was marked lost`,
            greeting: `Hello ${recipient.firstName},`,
            paragraphs: [
              `${markedBy.firstName} ${markedBy.lastName} marked the device ${label} (${deviceTypeName(recipient.typeCode)}, serial number ${recipient.serialNumber}) of ${recipient.accountName} as lost on ${mailDate(clock.now())}.`,
              "It stays listed among lost devices until it is marked found. If you have it, tell your administrator.",
              `To stop emails about this device: ${link}`,
            ],
            action: { label: "Open the device", url: `${publicUrl}/devices/${encodeURIComponent(deviceId)}` },
            footer: whyFooter(recipient),
          }),
          [link],
        );
        await send(recipient.email, mail);
      }),

    firmwarePublished: (build) =>
      later.run("firmware emails", async () => {
        const candidates = await deviceRecipients(
          db,
          sql`d.type_code = ${build.deviceTypeCode} and d.status = 'active' and ${wantsEmail("firmware-released")}`,
        );
        const outdated = candidates.filter((device) => isNewerVersion(build.firmwareVersion, device.firmwareVersion));
        const byRecipient = new Map<string, DeviceRecipient[]>();
        for (const device of outdated)
          byRecipient.set(device.userId, [...(byRecipient.get(device.userId) ?? []), device]);
        const typeName = deviceTypeName(build.deviceTypeCode);
        const notes = build.releaseNotes.trim();
        for (const devices of byRecipient.values()) {
          const first = devices[0]!;
          // One link a device, issued one after another (a token each, none ending another).
          const links: string[] = [];
          for (const device of devices) links.push(await unsubscribeUrl(device));
          const mail = withUnsubscribeInLog(
            renderMail(productName, {
              subject: `Firmware ${build.firmwareVersion} for ${typeName} is available`,
              greeting: `Hello ${first.firstName},`,
              paragraphs: [
                `Firmware ${build.firmwareVersion} for ${typeName} is published. ${devices.length === 1 ? "This device" : "These devices"} of ${first.accountName} ${devices.length === 1 ? "runs" : "run"} an older version:`,
                ...devices.map(
                  (device, index) =>
                    `${deviceLabel(device)} (serial number ${device.serialNumber}, now on ${device.firmwareVersion ?? "an unknown version"}). To stop emails about this device: ${links[index]}`,
                ),
                ...(notes ? [`Release notes: ${notes.length > 600 ? `${notes.slice(0, 600)}…` : notes}`] : []),
              ],
              action: { label: "Open your devices", url: `${publicUrl}/devices` },
              footer: whyFooter(first),
            }),
            links,
          );
          await send(first.email, mail);
        }
      }),
  };
}

/** The recipient of a device's emails now (whatever its notify_owner), for the unsubscribe link. */
export async function currentRecipient(db: Executor, deviceId: string): Promise<DeviceRecipient | undefined> {
  const [recipient] = await deviceRecipients(db, sql`d.id = ${deviceId}`);
  return recipient;
}
