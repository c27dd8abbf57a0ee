/** Session shapes (spec §7, §8): sign-in, refresh, verify-token, health, subscription, password re-check. */
import Type from "typebox";
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from "../rules";
import { ROLES } from "../types";
import { nullable, stringEnum } from "./common";

/** RFC 5321 caps an address at 254 characters. */
export const emailSchema = Type.String({ format: "email", maxLength: EMAIL_MAX_LENGTH });
/** Any password, as signed in with; long enough for any passphrase, short enough that hashing it stays cheap. */
export const passwordSchema = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });
/** Issued tokens are 43 characters; the bound only keeps junk out. */
export const refreshTokenSchema = Type.String({ minLength: 1, maxLength: 512 });

export const roleSchema = stringEnum(ROLES);

/** A user as the login answer and verify-token return it (the core of GET users/{id}). */
export const apiUserSchema = Type.Object({
  id: Type.String(),
  accountId: Type.String(),
  businessId: nullable("string"),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: roleSchema,
  avatar: nullable("string"),
});

export const loginRequestSchema = Type.Object(
  { email: emailSchema, password: passwordSchema },
  { additionalProperties: false },
);

export const refreshRequestSchema = Type.Object({ refreshToken: refreshTokenSchema }, { additionalProperties: false });

export const refreshResponseSchema = Type.Object({
  accessToken: Type.String({ description: "An HS256 JWT: sub, role, accountId, iat, exp." }),
  refreshToken: Type.String({ description: "Opaque, single-use: refreshing spends it." }),
});

export const loginResponseSchema = Type.Object({
  accessToken: refreshResponseSchema.properties.accessToken,
  refreshToken: refreshResponseSchema.properties.refreshToken,
  user: apiUserSchema,
});

export const verifyTokenResponseSchema = Type.Object({ valid: Type.Literal(true), user: apiUserSchema });

export const PORTAL_STATUSES = ["Ok", "NotOk"] as const;
export const healthResponseSchema = Type.Object({
  portal: stringEnum(PORTAL_STATUSES),
  message: Type.String(),
});

export const SUBSCRIPTION_STATUSES = ["active", "past_due", "inactive"] as const;
export const subscriptionStatusSchema = stringEnum(SUBSCRIPTION_STATUSES);
export const subscriptionStatusResponseSchema = Type.Object({
  status: subscriptionStatusSchema,
  message: Type.String(),
  /**
   * Ours, beyond spec §7: while a canceled subscription's grace period runs (status inactive),
   * when it ends. The account may read and export until then (the console shows a banner instead
   * of sending everyone to /new-subscription); absent otherwise.
   */
  readOnlyUntil: Type.Optional(Type.String({ format: "date-time" })),
  /**
   * Ours, beyond spec §7: while inactive, the account's active admins, so that a manager or a
   * user (who cannot pay) knows whom to ask. Absent otherwise.
   */
  admins: Type.Optional(
    Type.Array(Type.Object({ name: Type.String(), email: Type.String() }), {
      description: "The account's active admins, while the subscription is inactive.",
    }),
  ),
});

export const passwordCheckRequestSchema = Type.Object({ password: passwordSchema }, { additionalProperties: false });
export const passwordCheckResponseSchema = Type.Object({ isCorrect: Type.Boolean() });
