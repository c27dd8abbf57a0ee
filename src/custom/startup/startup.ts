/**
 * The start-up sequence of spec §4, as pure logic over injected calls:
 * check health; if the portal is NotOk, the maintenance screen; otherwise, when a refresh token
 * exists, refresh the token, then verify it. A failed health check is ignored.
 */
import type { HealthResponse } from "../../api/types";

export type StartupResult = { kind: "maintenance"; message: string } | { kind: "ready"; signedIn: boolean };

export interface StartupDeps {
  /** GET health; null when the check failed (ignored, §4). */
  checkHealth: () => Promise<HealthResponse | null>;
  hasRefreshToken: () => boolean;
  /** POST v2/auth/refresh; rejects when refused. */
  refreshToken: () => Promise<unknown>;
  /** POST verify-token: true when valid, false when refused; throws when it could not tell. */
  verifyToken: () => Promise<boolean>;
  /** Whether the stored session counts as signed in (used when there is no refresh token). */
  isSignedIn: () => boolean;
  /**
   * Whether the stored access token may be sent as it is (not expiring within §4's 15 s): a call
   * made beside start-up's then needs no refresh of its own (boot.ts).
   */
  accessTokenFresh?: () => boolean;
  /** Forget the stored session: the refresh was refused or the token is not valid. */
  endSession: () => void;
}

export async function runStartup(deps: StartupDeps): Promise<StartupResult> {
  let health: HealthResponse | null = null;
  try {
    health = await deps.checkHealth();
  } catch {
    /* §4: a failed health check is ignored */
  }
  if (health?.portal === "NotOk") return { kind: "maintenance", message: health.message ?? "" };

  // Without a refresh token there is nothing to renew; a stored access token (from a service that
  // issues no refresh tokens) is left to the normal call path.
  if (!deps.hasRefreshToken()) return { kind: "ready", signedIn: deps.isSignedIn() };

  try {
    await deps.refreshToken();
  } catch {
    deps.endSession();
    return { kind: "ready", signedIn: false };
  }

  let valid: boolean;
  try {
    valid = await deps.verifyToken();
  } catch {
    // Network trouble or a 5xx says nothing about the token just issued: stay signed in and let
    // the next call sort it out.
    return { kind: "ready", signedIn: true };
  }
  if (!valid) {
    deps.endSession();
    return { kind: "ready", signedIn: false };
  }
  return { kind: "ready", signedIn: true };
}
