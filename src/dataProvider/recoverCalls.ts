/**
 * Recover's calls that are not CRUD (docs/api.md "Recover tests", docs/api-resources.md "Recover
 * accounts"); the lists are react-admin's getList("deleted-tests" | "deleted-accounts").
 */
import type { Account } from "../api/resources";
import { DELETED_ACCOUNTS, DELETED_TESTS, type RestoreTestsResponse } from "../api/recover";
import type { HttpClient } from "./httpClient";

export interface RecoverCalls {
  /** POST deleted-tests/restore: all of them or none (404 naming the first that cannot be). */
  restoreTests(ids: string[]): Promise<string[]>;
  /** POST accounts/{id}/restore (super admins): cancels the scheduled deletion, versioned. */
  restoreAccount(id: string, version: number): Promise<Account>;
  /** POST deleted-accounts/restore (super admins): several at once, all or none. */
  restoreAccounts(ids: string[]): Promise<string[]>;
}

export function createRecoverCalls(httpClient: HttpClient): RecoverCalls {
  const restoreIds = async (list: string, ids: string[]) => {
    const answer = await httpClient.json<RestoreTestsResponse>(`${list}/restore`, { method: "POST", json: { ids } });
    return answer.data;
  };
  return {
    restoreTests: (ids) => restoreIds(DELETED_TESTS, ids),
    restoreAccounts: (ids) => restoreIds(DELETED_ACCOUNTS, ids),
    restoreAccount: async (id, version) =>
      httpClient.json<Account>(`accounts/${encodeURIComponent(id)}/restore`, { method: "POST", json: { version } }),
  };
}
