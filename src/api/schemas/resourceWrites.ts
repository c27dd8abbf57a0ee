/**
 * The bodies of resource writes that are not a record's own edit form: the service validates and
 * documents with them, the console takes their static types (src/api/resources.ts).
 */
import Type from "typebox";
import { accountIdSchema, recordNameSchema, versionSchema } from "./inputs";

/** PUT /api/account: the account's owner renames it or hands it to another of its users. */
export const ownAccountUpdateSchema = Type.Object(
  { version: versionSchema, name: recordNameSchema, ownerId: accountIdSchema },
  { additionalProperties: false },
);

/**
 * POST /api/payments/{id}/refund's fields, after the version (super admins, after a password
 * re-check within 5 minutes). No amount refunds what is left; an amount is in minor units, at most
 * what is left.
 */
export const paymentRefundFields = {
  amount: Type.Optional(Type.Integer()),
  reason: Type.String({ minLength: 1, maxLength: 500 }),
};

export const MAX_RELEASE_NOTES = 10_000;

/** POST /api/firmware, multipart: these fields beside `file`. */
export const firmwareUploadFieldsSchema = Type.Object({
  firmwareVersion: Type.String({ description: "A semantic version such as 4.2.1." }),
  deviceTypeCode: Type.Integer({ description: "A device type code of spec §3." }),
  releaseNotes: Type.String({ maxLength: MAX_RELEASE_NOTES }),
});
