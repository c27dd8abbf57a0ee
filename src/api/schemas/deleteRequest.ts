/** Data-deletion request shapes (src/api/deleteRequest.ts; docs/api.md "Public flows"). */
import Type from "typebox";
import { emailSchema } from "./auth";
import { stringEnum } from "./common";

/** POST delete-request */
export const deleteRequestBodySchema = Type.Object({ email: emailSchema }, { additionalProperties: false });

/** 202 to POST delete-request, the same whether or not the email has an account. */
export const deleteRequestAcceptedSchema = Type.Object({
  message: Type.String(),
  codeExpiresInSeconds: Type.Integer({ description: "How long a code works after it is sent." }),
  resendAfterSeconds: Type.Integer({ description: "How long to wait before asking for another code." }),
});

/** 429 to POST delete-request within the cool-down. */
export const deleteRequestTooSoonSchema = Type.Object(
  {
    message: Type.String(),
    retryAfterSeconds: Type.Optional(Type.Integer({ description: "Seconds left of the cool-down." })),
  },
  { description: "Asked again within the cool-down (retryAfterSeconds), or too many requests." },
);

/**
 * POST delete-request/confirm. The code is checked by the handler, not the schema: a code of the
 * wrong shape is answered like any wrong code.
 */
export const deleteRequestConfirmBodySchema = Type.Object(
  { email: emailSchema, code: Type.String({ minLength: 1, maxLength: 20, pattern: "^[^\\u0000]*$" }) },
  { additionalProperties: false },
);

/** 200 to POST delete-request/confirm: what will be deleted, and when. */
export const deleteRequestConfirmedSchema = Type.Object({
  kind: stringEnum(["account-deletion", "user-deletion"] as const, {
    description: "account-deletion: the whole account (its owner or only admin asked); user-deletion: the person only.",
  }),
  accountName: Type.String(),
  runAt: Type.String({ format: "date-time", description: "When the data is deleted." }),
});
