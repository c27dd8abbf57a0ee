/**
 * Recover (spec §2 /recover/tests and /recover/accounts, §9: deleted tests recoverable for 15
 * days), as docs/api.md "Recover tests" and docs/api-resources.md "Recover accounts" describe it.
 */
import type { Versioned } from "./resources";

/** Spec §9: deleted tests are recoverable for 15 days (also the window of accounts' scheduled deletions). */
export const RECOVERY_DAYS = 15;

export const DELETED_TESTS = "deleted-tests";
export const DELETED_ACCOUNTS = "deleted-accounts";

/** A deleted test still within its recovery window, as GET /api/deleted-tests answers it. */
export interface DeletedTest {
  id: string;
  name: string;
  accountId: string;
  accountName: string;
  deviceName: string;
  /** When the test was made. */
  date: string;
  createdByName: string;
  deletedAt: string;
  /** Null for a test deleted before who deleted was recorded. */
  deletedById: string | null;
  deletedByName: string | null;
  /** deletedAt + 15 days: after it, the test is purged and cannot be restored. */
  restorableUntil: string;
  /** Whole days left, rounded up: 15 just after the deletion, 1 on its last day. */
  daysLeft: number;
  fileCount: number;
}

/** POST /api/deleted-tests/restore: the ids to restore, all or none. */
export interface RestoreTestsRequest {
  ids: string[];
}

/** The ids restored (all those asked for). */
export interface RestoreTestsResponse {
  data: string[];
}

/** POST /api/deleted-tests/purge (super admins): what went. */
export interface PurgeTestsResponse {
  tests: number;
  files: number;
}

/** An account whose deletion is scheduled and still within the window, as GET /api/deleted-accounts answers it. */
export interface DeletedAccount extends Versioned {
  name: string;
  email: string;
  /** When the deletion was asked for (DELETE /accounts/{id}, or status pending_deletion). */
  deletionRequestedAt: string;
  deletionRequestedById: string | null;
  deletionRequestedByName: string | null;
  restorableUntil: string;
  daysLeft: number;
  userCount: number;
  testCount: number;
}
