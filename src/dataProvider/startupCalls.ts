/**
 * Spec §4's start-up calls besides refresh, over the HTTP client alone: start-up runs them before
 * the dataProvider's code is in (it comes with the console's, providers.ts), and the dataProvider
 * offers the same calls to the console.
 */
import { HttpError } from "react-admin";
import { isRole, type ApiUser, type HealthResponse } from "../api/types";
import type { HttpClient } from "./httpClient";

export interface StartupCalls {
  /** GET health; a failed check is ignored (§4), giving null. */
  getHealth(): Promise<HealthResponse | null>;
  /**
   * POST verify-token with an empty body: true on 2xx, false when the service says the token is
   * not valid (401/403/499). Other failures (network, 5xx) throw: they say nothing about the token.
   * An answer that carries the signed-in user makes it the current user (spec §3): a role or name
   * changed since the sign-in holds from this start on.
   */
  verifyToken(): Promise<boolean>;
}

const INVALID_TOKEN_STATUSES = new Set([401, 403, 499]);

/**
 * The user a verify-token answer carries, when it is the signed-in one with what a current user
 * needs; spec §7 does not show that answer, so any other answer (none, not JSON) gives null.
 */
export function signedInUserOf(answer: string, signedInId: string): ApiUser | null {
  let user: unknown;
  try {
    user = (JSON.parse(answer) as { user?: unknown } | null)?.user;
  } catch {
    return null;
  }
  if (typeof user !== "object" || user === null) return null;
  const { id, accountId, role, firstName, lastName } = user as Partial<Record<keyof ApiUser, unknown>>;
  const texts = [id, accountId, firstName, lastName].every((value) => typeof value === "string");
  return texts && id === signedInId && isRole(role) ? (user as ApiUser) : null;
}

export function createStartupCalls(httpClient: HttpClient): StartupCalls {
  return {
    getHealth: async () => {
      try {
        // The stored bearer as it is (§7: every call carries it), never refreshed first: health runs
        // before start-up's own refresh (§4), which must stay the first refresh of the session.
        return (await httpClient.json<HealthResponse>("health", { storedTokenOnly: true })) ?? null;
      } catch {
        return null;
      }
    },

    verifyToken: async () => {
      try {
        const response = await httpClient.send("verify-token", { method: "POST" });
        const user = signedInUserOf(await response.text().catch(() => ""), httpClient.session.getUser().id);
        if (user) httpClient.session.setCurrentUser(user);
        return true;
      } catch (error) {
        if (error instanceof HttpError && INVALID_TOKEN_STATUSES.has(error.status)) return false;
        throw error;
      }
    },
  };
}
