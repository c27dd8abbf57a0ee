/**
 * The unsubscribe link of a device's notification emails (spec §2 /devices/unsubscribe/:deviceId;
 * docs/api.md "Public flows"). Each email carries, per device it is about, a token of its own: a
 * one-time code (publicFlows/codes.ts) of purpose `device-unsubscribe` — 32 random bytes, stored
 * as its SHA-256 hash only, with the recipient's email and the device id — valid 60 days and
 * spent by confirming. Anti-spam law asks an unsubscribe link to keep working 30 days after the
 * email; 60 leaves a margin. A newer email does not end an older one's link: each must keep
 * working for its own days.
 */
import type { Database } from "../db/client";
import type { Tx } from "../resources/sql";
import { codeByToken, issueCode } from "../publicFlows/codes";

export const UNSUBSCRIBE_LINK_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a link's token was issued for, and whether it can still be used. */
export interface UnsubscribeLink {
  /** The one-time code's id (to spend it). */
  codeId: string;
  deviceId: string;
  /** The recipient's email, lower-cased. */
  email: string;
  /** Confirmed already: the link answers what it did then, and asks nothing. */
  spent: boolean;
}

/** A new token for this device and recipient, and the console's page with it. */
export async function issueUnsubscribeLink(
  db: Database | Tx,
  options: { publicUrl: string; deviceId: string; userId: string; email: string; now: Date },
): Promise<string> {
  const token = await issueCode(db, {
    purpose: "device-unsubscribe",
    email: options.email,
    userId: options.userId,
    payload: { deviceId: options.deviceId },
    ttlMs: UNSUBSCRIBE_LINK_DAYS * DAY_MS,
    form: "link",
    now: options.now,
    replacesEarlier: false,
  });
  const base = options.publicUrl.replace(/\/+$/, "");
  return `${base}/devices/unsubscribe/${encodeURIComponent(options.deviceId)}?token=${token}`;
}

/**
 * The link `token` is, for device `deviceId`: undefined when it is unknown (or purged), issued for
 * another device, or expired unspent. A spent one is answered (spent) until it is purged.
 */
export async function unsubscribeLinkOf(
  db: Database | Tx,
  deviceId: string,
  token: string,
  now: Date,
): Promise<UnsubscribeLink | undefined> {
  const code = await codeByToken(db, "device-unsubscribe", token);
  if (!code || code.payload.deviceId !== deviceId) return undefined;
  const spent = code.usedAt !== null;
  if (!spent && code.expiresAt.getTime() <= now.getTime()) return undefined;
  return { codeId: code.id, deviceId, email: code.email, spent };
}
