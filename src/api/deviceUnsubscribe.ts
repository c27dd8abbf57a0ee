/**
 * Device unsubscribe (spec §2 /devices/unsubscribe/:deviceId, guests only; docs/api.md "Public
 * flows"): the link in a device's notification emails. Its token proves the recipient, so the
 * device id alone switches nobody's emails off. Shapes are the schemas' (schemas/deviceUnsubscribe.ts).
 */
import type { Static } from "typebox";
import type { deviceUnsubscribeSchema } from "./schemas/deviceUnsubscribe";

/** GET and POST devices/{id}/unsubscribe answer this. */
export type DeviceUnsubscribe = Static<typeof deviceUnsubscribeSchema>;

/**
 * A link whose recipient no longer receives the device's emails (or used, and switched back on
 * since): the latest email has a link of its own. An unknown, tampered or expired token gets the
 * public flows' LINK_NOT_VALID (api/register.ts) instead.
 */
export const UNSUBSCRIBE_LINK_NOT_VALID = "This link is not valid. Use the link of the latest email about this device.";
