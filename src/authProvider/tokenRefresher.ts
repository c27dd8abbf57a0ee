/**
 * The one token refresh (spec §4): POST v2/auth/refresh {refreshToken} → {accessToken, refreshToken}.
 *
 * Refresh tokens rotate, so two refreshes racing with the same refresh token would make the second
 * fail (and sign the user out). Every caller therefore shares one in-flight promise, and the tabs of
 * one browser (which share the stored session) take turns: two tabs opened together both refreshed
 * at start-up with the same token, and the service, seeing it spent twice, ended the sign-in in both.
 */
import { jwtDecode } from "jwt-decode";
import type { RefreshResponse } from "../api/types";
import { TOKEN_REFRESH_MARGIN_SECONDS } from "../config";
import type { SessionStore } from "./session";

/** Why a refresh failed; the callers decide what that means for the session. */
export class RefreshError extends Error {
  constructor(
    message: string,
    /**
     * "refused": the service answered with an error (or an unusable answer); "no_refresh_token":
     * nothing to refresh with; "network": no answer at all (offline, DNS, CORS).
     */
    readonly reason: "refused" | "no_refresh_token" | "network",
    readonly status?: number,
  ) {
    super(message);
    this.name = "RefreshError";
  }
}

/** The Web Locks API's part used here (absent outside secure contexts and in older browsers). */
export interface TabLocks {
  request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/**
 * How long a tab that waited for another tab's refresh waits for that tab's tokens to reach it: the
 * browser hands storage changes to other tabs a moment after they are made, and not necessarily
 * before it hands over the lock.
 */
export const OTHER_TAB_TOKENS_MS = 1000;
const POLL_MS = 20;

/** One refresh at a time across this browser's tabs. */
// Stryker disable next-line StringLiteral: any one name serves, as long as every tab asks for the same
export const REFRESH_LOCK = "gemtest-token-refresh";

const browserLocks = (): TabLocks | undefined =>
  typeof navigator !== "undefined" ? (navigator as { locks?: TabLocks }).locks : undefined;

export interface TokenRefresherDeps {
  fetch: typeof fetch;
  /** The full URL of POST v2/auth/refresh. */
  url: string;
  session: SessionStore;
  /** Extra headers (the user-agent pair of §7). */
  headers?: () => Record<string, string>;
  /** The browser's locks (navigator.locks); without them each tab refreshes on its own, as before. */
  locks?: TabLocks;
}

export interface TokenRefresher {
  /** Refreshes now (or joins the refresh in flight); resolves with the new access token. */
  refresh(): Promise<string>;
  /**
   * For a request that failed with token_expired while using `usedToken`: when another call has
   * already replaced that token, resolve with the current one instead of refreshing again.
   */
  refreshAfterExpired(usedToken: string): Promise<string>;
  /** True while a refresh is in flight (a request about to go out waits for it). */
  pending(): Promise<string> | null;
}

const isRefreshResponse = (value: unknown): value is RefreshResponse =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Record<string, unknown>).accessToken === "string" &&
  typeof (value as Record<string, unknown>).refreshToken === "string";

export function createTokenRefresher({
  fetch,
  url,
  session,
  headers,
  locks = browserLocks(),
}: TokenRefresherDeps): TokenRefresher {
  let inFlight: Promise<string> | null = null;

  const doRefresh = async (): Promise<string> => {
    const seen = session.getUser().refreshToken;
    if (!locks) return refreshWith(seen);
    return locks.request(REFRESH_LOCK, { ifAvailable: true }, async (free) => {
      if (free) return refreshWith(session.getUser().refreshToken);
      // Another tab is refreshing: after its turn, its tokens are this tab's too.
      return locks.request(REFRESH_LOCK, {}, async () => {
        for (
          let waited = 0;
          waited < OTHER_TAB_TOKENS_MS && session.getUser().refreshToken === seen;
          waited += POLL_MS
        ) {
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
        const { refreshToken, token } = session.getUser();
        if (refreshToken && refreshToken !== seen && token) return token;
        return refreshWith(refreshToken);
      });
    });
  };

  const refreshWith = async (refreshToken: string): Promise<string> => {
    if (!refreshToken) throw new RefreshError("No refresh token", "no_refresh_token");
    // The refresh token in the body is the credential here; the stored access token (perhaps the
    // very one that expired) still goes as the bearer, as on every call (spec §7).
    const { token } = session.getUser();
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: {
          ...headers?.(),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: JSON.stringify({ refreshToken }),
      });
    } catch (error) {
      throw new RefreshError(error instanceof Error ? error.message : "Network error", "network");
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      /* not JSON: handled below */
    }
    if (!response.ok || !isRefreshResponse(body)) {
      const message =
        typeof body === "object" && body !== null && typeof (body as Record<string, unknown>).message === "string"
          ? String((body as Record<string, unknown>).message)
          : "Token refresh failed";
      throw new RefreshError(message, "refused", response.status);
    }
    session.setUser({ token: body.accessToken, refreshToken: body.refreshToken });
    return body.accessToken;
  };

  const refresh = (): Promise<string> => {
    if (!inFlight) {
      inFlight = doRefresh().finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  };

  return {
    refresh,
    refreshAfterExpired: (usedToken) => {
      if (inFlight) return inFlight;
      const { token } = session.getUser();
      if (token && token !== usedToken) return Promise.resolve(token);
      return refresh();
    },
    pending: () => inFlight,
  };
}

/** Number.isFinite, which is false for anything but a number, as the type guard it is. */
const isFiniteNumber = (value: unknown): value is number => Number.isFinite(value);

/**
 * §4/§9: refresh early when the access token expires within the margin. A token that is not a
 * JWT with an exp claim (another service may issue opaque tokens) is never refreshed early; the
 * 401 token_expired path still covers it.
 */
export function expiresWithin(
  token: string,
  nowMs: number,
  marginSeconds: number = TOKEN_REFRESH_MARGIN_SECONDS,
): boolean {
  let exp: unknown;
  try {
    exp = jwtDecode(token).exp;
  } catch {
    /* not a JWT (an opaque token, or none at all): never early */
  }
  if (!isFiniteNumber(exp)) return false;
  return exp * 1000 - nowMs < marginSeconds * 1000;
}
