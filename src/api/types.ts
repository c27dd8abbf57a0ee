/**
 * API shapes shared by the console's data provider, the reference service and the tests.
 * Spec §3 and §7 name these fields; docs/api.md documents each endpoint that uses them.
 */

export const ROLES = ["SuperAdmin", "Admin", "Manager", "User"] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === "string" && (ROLES as readonly string[]).includes(value);

/** A user as GET users/{id} and the login answer return it. */
export interface ApiUser {
  id: string;
  accountId: string;
  businessId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  avatar: string | null;
}

/** POST v2/auth/login {email, password} */
export interface LoginRequest {
  email: string;
  password: string;
}
export interface LoginResponse {
  accessToken: string;
  refreshToken: string;
  user: ApiUser;
}

/** POST v2/auth/refresh {refreshToken} */
export interface RefreshRequest {
  refreshToken: string;
}
export interface RefreshResponse {
  accessToken: string;
  refreshToken: string;
}

/** POST verify-token (empty body): the token is good, and whose it is. */
export interface VerifyTokenResponse {
  valid: true;
  user: ApiUser;
}

export type PortalStatus = "Ok" | "NotOk";
/** GET health */
export interface HealthResponse {
  portal: PortalStatus;
  message: string;
}

export type SubscriptionStatus = "active" | "past_due" | "inactive";
/** GET v2/payments/subscription */
export interface SubscriptionStatusResponse {
  status: SubscriptionStatus;
  message: string;
}

/** POST users/password/check {password} */
export interface PasswordCheckResponse {
  isCorrect: boolean;
}

/** Every error answer of the service: a human message, plus a machine code where one is useful. */
export interface ApiError {
  message: string;
}

/** The access token's claims (jwt-decode reads them in the console). */
export interface AccessTokenClaims {
  sub: string;
  role: Role;
  accountId: string;
  exp: number;
  iat: number;
}

/** The 401 message that means "refresh and retry" (spec §8). */
export const TOKEN_EXPIRED = "token_expired";
/** The status the service answers for a deleted user's token (spec §8). */
export const DELETED_USER_STATUS = 499;
