/**
 * The unsubscribe link of a device's notification emails (spec §2 /devices/unsubscribe/:deviceId).
 * The token is an HMAC-SHA256 over the device id and the recipient's email, keyed with the
 * service's JWT secret (as files/links.ts signs file links): knowing a device id is not enough to
 * switch off someone else's emails, and the link stops working when the device's recipient
 * changes (a new business owner gets links of their own). It does not expire: an unsubscribe link
 * in an old email must still work.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { normalizeEmail } from "../auth/signInThrottle";

export interface UnsubscribeLinks {
  /** The token for this device and recipient. */
  token(deviceId: string, email: string): string;
  /** Whether `token` was issued for this device and recipient. */
  verify(deviceId: string, email: string, token: string): boolean;
  /** The console's page with the token: `{publicUrl}/devices/unsubscribe/{deviceId}?token=…`. */
  url(publicUrl: string, deviceId: string, email: string): string;
}

export function unsubscribeLinks(secret: Uint8Array): UnsubscribeLinks {
  const key = Buffer.from(secret);
  const sign = (deviceId: string, email: string) =>
    createHmac("sha256", key)
      .update(`device-unsubscribe:${deviceId}:${normalizeEmail(email)}`)
      .digest("base64url");
  return {
    token: sign,
    verify(deviceId, email, token) {
      const expected = Buffer.from(sign(deviceId, email));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    url(publicUrl, deviceId, email) {
      const base = publicUrl.replace(/\/+$/, "");
      return `${base}/devices/unsubscribe/${encodeURIComponent(deviceId)}?token=${sign(deviceId, email)}`;
    },
  };
}
