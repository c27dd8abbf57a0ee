/** An account's storage (docs/api.md "Storage quota"): what it holds against its quota. */
import { HttpError } from "react-admin";
import { accountStoragePath, type AccountStorage } from "../api/storage";
import type { HttpClient } from "./httpClient";

export interface StorageCalls {
  /**
   * GET accounts/{id}/storage (super admins, the account's admins); null when the service answers
   * 404: one without the route (spec §7 services need not have it), or an account it does not show.
   */
  getAccountStorage(accountId: string, signal?: AbortSignal): Promise<AccountStorage | null>;
}

export function createStorageCalls(httpClient: HttpClient): StorageCalls {
  return {
    getAccountStorage: async (accountId, signal) => {
      try {
        return await httpClient.json<AccountStorage>(accountStoragePath(accountId), { signal });
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
