/**
 * Recover (spec §2 /recover/tests and /recover/accounts, §9: deleted tests recoverable for 15
 * days), as docs/api.md "Recover tests" and docs/api-resources.md "Recover accounts" describe it.
 */
/** Spec §9: deleted tests are recoverable for 15 days (also the window of accounts' scheduled deletions). */
export const RECOVERY_DAYS = 15;

export const DELETED_TESTS = "deleted-tests";
export const DELETED_ACCOUNTS = "deleted-accounts";

// The records are declared once, in src/api/contract/ (their TypeBox schemas); these are their types.
export type { DeletedTest } from "./contract/deletedTests";
export type { DeletedAccount } from "./contract/deletedAccounts";

/** The ids restored (all those asked for). */
export interface RestoreTestsResponse {
  data: string[];
}
