/**
 * API shapes shared by the console's data provider, the reference service and the tests.
 * Spec §3 and §7 name these fields; the request and answer shapes are the static types of the
 * TypeBox schemas in ./schemas (which the service validates and serialises with, and documents at
 * /api/docs). Type-only imports: the console bundle never loads TypeBox.
 */
import type { Static } from "typebox";
import type { apiErrorSchema } from "./schemas/common";
import type {
  apiUserSchema,
  healthResponseSchema,
  loginResponseSchema,
  passwordCheckResponseSchema,
  refreshResponseSchema,
  subscriptionStatusResponseSchema,
  verifyTokenResponseSchema,
} from "./schemas/auth";

export const ROLES = ["SuperAdmin", "Admin", "Manager", "User"] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === "string" && (ROLES as readonly string[]).includes(value);

/** A user as GET users/{id} and the login answer return it. */
export type ApiUser = Static<typeof apiUserSchema>;

export type LoginResponse = Static<typeof loginResponseSchema>;

/** POST v2/auth/refresh {refreshToken} */
export type RefreshResponse = Static<typeof refreshResponseSchema>;

/** POST verify-token (empty body): the token is good, and whose it is. */
export type VerifyTokenResponse = Static<typeof verifyTokenResponseSchema>;

/** GET health */
export type HealthResponse = Static<typeof healthResponseSchema>;

/** GET v2/payments/subscription */
export type SubscriptionStatusResponse = Static<typeof subscriptionStatusResponseSchema>;
export type SubscriptionStatus = SubscriptionStatusResponse["status"];

/** POST users/password/check {password} */
export type PasswordCheckResponse = Static<typeof passwordCheckResponseSchema>;

/** Every error answer of the service: a human message. */
export type ApiError = Static<typeof apiErrorSchema>;

/** The 401 message that means "refresh and retry" (spec §8). */
export const TOKEN_EXPIRED = "token_expired";
/** The status the service answers for a deleted user's token (spec §8). */
export const DELETED_USER_STATUS = 499;
