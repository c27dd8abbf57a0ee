/**
 * Spec §4's start-up calls besides refresh, over the HTTP client alone: start-up runs them before
 * the dataProvider's code is in (it comes with the console's, providers.ts), and the dataProvider
 * offers the same calls to the console.
 */
import { HttpError } from "react-admin";
import type { HealthResponse } from "../api/types";
import type { HttpClient } from "./httpClient";

export interface StartupCalls {
  /** GET health; a failed check is ignored (§4), giving null. */
  getHealth(): Promise<HealthResponse | null>;
  /**
   * POST verify-token with an empty body: true on 2xx, false when the service says the token is
   * not valid (401/403/499). Other failures (network, 5xx) throw: they say nothing about the token.
   */
  verifyToken(): Promise<boolean>;
}

const INVALID_TOKEN_STATUSES = new Set([401, 403, 499]);

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
        await httpClient.call("verify-token", { method: "POST" });
        return true;
      } catch (error) {
        if (error instanceof HttpError && INVALID_TOKEN_STATUSES.has(error.status)) return false;
        throw error;
      }
    },
  };
}
