/**
 * An account's storage quota (docs/api.md "Storage quota"; config ACCOUNT_STORAGE_QUOTA_MB and
 * ACCOUNT_BULK_DOWNLOADS_MAX).
 *
 * What an account holds: its tests' files (test_files.size; a deleted test's until the purge takes
 * it), its users' avatars (users.avatar_size) and its users' bulk downloads (bulk_downloads.size:
 * the estimate while being built, the zip's size once ready, nothing once expired or failed). It
 * is measured by one query on every write that adds bytes.
 *
 * A write that adds bytes calls `reserveStorage` inside the transaction that records them: it takes
 * a transaction-scoped advisory lock on the account, so two writes to one account measure and
 * record one after the other and cannot both pass at the limit (other accounts are not held up).
 * `checkStorage` is the same check without the lock, made before a blob is stored so that most
 * refusals store nothing at all.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, ne, sql } from "drizzle-orm";
import Type from "typebox";
import { accountStorageSchema } from "../../../src/api/schemas/storage";
import {
  mayReadAccountStorage,
  storageFullMessage,
  tooManyAccountZipsMessage,
  type AccountStorage,
  type StorageNeed,
} from "../../../src/api/storage";
import { BULK_DOWNLOAD_EXPIRY_HOURS } from "../../../src/api/schemas/tests";
import { callerOf } from "../auth/guard";
import type { Clock } from "../clock";
import type { QuotaConfig } from "../config";
import { accounts } from "../db/schema";
import { described, GUARD_REFUSALS, refusals, routeOptions } from "../docs/openapi";
import { HttpError, notFound } from "../http/errors";
import { rowsOf, type Executor } from "../resources/sql";
import type { Services } from "../services";

/** A refusal at the quota or the zips' bound: the account's state conflicts with the request. */
export const STORAGE_REFUSED_STATUS = 409;
export const STORAGE_REFUSAL_DOC =
  "This account's storage quota (ACCOUNT_STORAGE_QUOTA_MB) would be exceeded: the message says what is used, the limit, what this needs and how to make room.";
const ACCOUNT_NOT_FOUND = "Account not found.";
const HOUR_MS = 3_600_000;

export interface AccountUsage {
  tests: number;
  downloads: number;
  avatars: number;
  used: number;
  /** Bulk downloads ready or being built (the bound ACCOUNT_BULK_DOWNLOADS_MAX). */
  zips: number;
}

/** The account's usage, in one query. `now` says which ready zips have expired. */
export async function accountUsage(db: Executor, accountId: string, now: Date): Promise<AccountUsage> {
  const expiredBefore = new Date(now.getTime() - BULK_DOWNLOAD_EXPIRY_HOURS * HOUR_MS);
  const [row] = await rowsOf(
    db,
    sql`with zips as (
          select b.size from bulk_downloads b join users u on u.id = b.user_id
          where u.account_id = ${accountId}
            and (b.status in ('pending', 'processing') or (b.status = 'ready' and b.finished_at > ${expiredBefore}))
        )
        select
          (select coalesce(sum(f.size), 0) from test_files f join tests t on t.id = f.test_id
            where t.account_id = ${accountId})::text as tests,
          (select coalesce(sum(size), 0) from zips)::text as downloads,
          (select count(*) from zips)::int as zips,
          (select coalesce(sum(avatar_size), 0) from users where account_id = ${accountId} and avatar is not null)::text as avatars`,
  );
  const tests = Number(row?.tests ?? 0);
  const downloads = Number(row?.downloads ?? 0);
  const avatars = Number(row?.avatars ?? 0);
  return { tests, downloads, avatars, used: tests + downloads + avatars, zips: Number(row?.zips ?? 0) };
}

/** Holds the account's additions until the transaction ends (PostgreSQL and PGlite alike). */
export async function lockAccountStorage(tx: Executor, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`account-storage:${accountId}`}, 0))`);
}

export interface StorageRequest {
  accountId: string;
  /** Bytes the write adds; nothing is refused for 0 or less (a smaller avatar). */
  bytes: number;
  need: StorageNeed;
  /** A new bulk download: the account's zips must also stay within their bound. */
  zip?: boolean;
}

/** Refuses (409) what would take the account over its quota or its zips' bound. */
function refuseOver(usage: AccountUsage, quota: QuotaConfig, request: StorageRequest): void {
  if (request.zip && usage.zips >= quota.bulkDownloads) {
    throw new HttpError(
      STORAGE_REFUSED_STATUS,
      tooManyAccountZipsMessage(quota.bulkDownloads, BULK_DOWNLOAD_EXPIRY_HOURS),
    );
  }
  if (request.bytes > 0 && usage.used + request.bytes > quota.storageBytes) {
    throw new HttpError(
      STORAGE_REFUSED_STATUS,
      storageFullMessage(usage.used, quota.storageBytes, request.need, request.bytes),
    );
  }
}

/** The check alone, before anything is stored: a request that cannot fit is refused early. */
export async function checkStorage(
  db: Executor,
  quota: QuotaConfig,
  clock: Clock,
  request: StorageRequest,
): Promise<void> {
  refuseOver(await accountUsage(db, request.accountId, clock.now()), quota, request);
}

/**
 * In the transaction that records the bytes, before it records them: locks the account's storage,
 * measures it and refuses what would not fit. Answers the usage before the write.
 */
export async function reserveStorage(
  tx: Executor,
  quota: QuotaConfig,
  clock: Clock,
  request: StorageRequest,
): Promise<AccountUsage> {
  await lockAccountStorage(tx, request.accountId);
  const usage = await accountUsage(tx, request.accountId, clock.now());
  refuseOver(usage, quota, request);
  return usage;
}

/** GET accounts/{id}/storage: super admins any account's, admins their own (404 for another's). */
export const accountStorageRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db, config, clock }) => {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    "/accounts/:id/storage",
    routeOptions(["SuperAdmin", "Admin"], "accounts", "An account's storage: what it holds and its quota", {
      description:
        "Bytes held by the account's tests' files (deleted tests' until purged), its users' bulk downloads (ready, or the estimate of one being built) and avatars, and the quota (ACCOUNT_STORAGE_QUOTA_MB). Super admins: any account; admins: their own.",
      params: Type.Object({ id: Type.String({ maxLength: 100, description: "The account's id." }) }),
      response: {
        200: described(accountStorageSchema, "The account's usage and quota."),
        ...refusals({
          400: true,
          ...GUARD_REFUSALS,
          403: true,
          404: `${ACCOUNT_NOT_FOUND} (also another account's, for an admin)`,
        }),
      },
    }),
    async (request): Promise<AccountStorage> => {
      const { id } = request.params;
      if (!mayReadAccountStorage(callerOf(request), id)) throw notFound(ACCOUNT_NOT_FOUND);
      const [account] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.id, id), ne(accounts.status, "deleted")));
      if (!account) throw notFound(ACCOUNT_NOT_FOUND);
      const { used, tests, downloads, avatars } = await accountUsage(db, id, clock.now());
      return { used, quota: config.quota.storageBytes, tests, downloads, avatars };
    },
  );
};
