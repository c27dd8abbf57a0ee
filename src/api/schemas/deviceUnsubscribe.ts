/** Device unsubscribe shapes (src/api/deviceUnsubscribe.ts; docs/api.md "Public flows"). */
import Type from "typebox";
import { nullable } from "./common";

/** The link's token: 32 random bytes in base64url (43 characters); the bound only keeps junk out. */
export const unsubscribeTokenSchema = Type.String({ minLength: 1, maxLength: 200, pattern: "^[A-Za-z0-9_-]+$" });

/** GET devices/{id}/unsubscribe?token=… */
export const unsubscribeQuerySchema = Type.Object({ token: unsubscribeTokenSchema }, { additionalProperties: false });

/** POST devices/{id}/unsubscribe */
export const unsubscribeBodySchema = Type.Object({ token: unsubscribeTokenSchema }, { additionalProperties: false });

/** Both answers: which device and account the link is about, and whether its emails are off. */
export const deviceUnsubscribeSchema = Type.Object({
  deviceId: Type.String(),
  serialNumber: Type.String(),
  customBoxName: nullable("string"),
  typeCode: Type.Integer({ description: "Spec §3's device type code (5001 Dr. Watson…)." }),
  accountName: Type.String(),
  unsubscribed: Type.Boolean({ description: "True once the owner's emails about this device are off." }),
});
