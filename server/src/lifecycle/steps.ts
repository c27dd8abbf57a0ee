/**
 * The lifecycle's steps (spec §4, §9; docs/api.md "Lifecycle"). Each step finds its candidates
 * and carries each one out in a transaction of its own, claiming the row with FOR UPDATE SKIP
 * LOCKED and changing it only if it is still in the state the step expects: two instances (or a
 * run restarted after a crash) never do a transition twice, and a crash loses only the transition
 * in hand, which the next run finds again. Each transition writes its activity entry (actor null:
 * the service's own) in its transaction.
 *
 *   active, period ended unpaid   → past_due, and a subscription cancelation (unpaid) due 7 days
 *                                   after the period end
 *   cancel at period end asked    → a subscription cancelation (owner's request) due at the period
 *                                   end; resuming cancels it
 *   a cancelation falls due       → subscription canceled: 21 days of grace (read and export
 *                                   only), and an account deletion due when the grace ends
 *   account deletion asked        → (DELETE accounts/{id}: pending_deletion) an account deletion
 *                                   due 15 days later (Recover's window); restoring cancels it
 *   an account deletion falls due → the account's data deleted (deleteAccount.ts)
 *   every run                     → deleted tests past 15 days purged with their files; spent
 *                                   refresh tokens, old sign-in failures and expired
 *                                   invitations removed
 *
 * A payment that starts a new subscription cancels the account's pending actions (outcome "paid").
 */
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import type { FileStorage } from "../files/storage";
import { deleteBlobAndThumbnails } from "../files/thumbnails";
import { rowsOf, type Row, type Tx } from "../resources/sql";
import { logActivity } from "../resources/writes";
import { purgeDeletedTests } from "../testRecords/purge";
import { BULK_DOWNLOAD_EXPIRY_MS } from "../bulkDownloads/worker";
import { deleteAccountData } from "./deleteAccount";
import { deleteUserData } from "./deleteUser";
import { accountDeletionDueAt, DAY_MS, graceEndsAt, unpaidCancelationDueAt } from "./timeline";

export { DAY_MS };
const days = (n: number) => n * DAY_MS;

/** The service's own change: no actor, no client. */
const SERVICE = { actorId: null, client: null };

export interface StepContext {
  db: Database;
  storage: FileStorage;
  now: Date;
  /** Tests stop a run between two transitions here, as a crash would. */
  afterTransition?: () => void | Promise<void>;
}

/**
 * Runs `transition` for each candidate, one transaction each; the transition claims its row and
 * answers false when it was no longer due (another instance got there first). Answers how many
 * were carried out.
 */
async function eachCandidate(
  ctx: StepContext,
  candidates: SQL,
  transition: (tx: Tx, row: Row) => Promise<boolean>,
): Promise<number> {
  const rows = await rowsOf(ctx.db, candidates);
  let done = 0;
  for (const row of rows) {
    const carried = await ctx.db.transaction((tx) => transition(tx, row));
    if (carried) {
      done++;
      await ctx.afterTransition?.();
    }
  }
  return done;
}

/** Adds a pending action unless one of its kind is pending for the account (the unique index). */
async function schedule(
  tx: Tx,
  action: {
    kind: string;
    accountId: string;
    subscriptionId: string | null;
    reason: string;
    runAt: Date;
    requestedBy: string | null;
  },
): Promise<void> {
  await tx.execute(sql`insert into scheduled_actions (id, kind, account_id, subscription_id, reason, run_at, requested_by)
    values (${randomUUID()}, ${action.kind}, ${action.accountId}, ${action.subscriptionId}, ${action.reason},
      ${action.runAt.toISOString()}, ${action.requestedBy})
    on conflict (account_id, kind, coalesce(user_id, '')) where done_at is null and canceled_at is null do nothing`);
}

/** Period ended, unpaid: past due, with a cancelation due 7 days after the period end. */
export function markPastDue(ctx: StepContext): Promise<number> {
  const now = ctx.now.toISOString();
  return eachCandidate(
    ctx,
    sql`select id from subscriptions where status = 'active' and not cancel_at_period_end and current_period_end <= ${now}`,
    async (tx, { id }) => {
      const [sub] = await rowsOf(
        tx,
        sql`select id, account_id, current_period_end from subscriptions
          where id = ${id} and status = 'active' and not cancel_at_period_end and current_period_end <= ${now}
          for update skip locked`,
      );
      if (!sub) return false;
      await tx.execute(sql`update subscriptions set status = 'past_due', version = version + 1 where id = ${id}`);
      await tx.execute(
        sql`update accounts set subscription_status = 'past_due', subscription_message = null, version = version + 1
          where id = ${sub.account_id} and subscription_status = 'active'`,
      );
      const runAt = unpaidCancelationDueAt(new Date(String(sub.current_period_end)));
      await schedule(tx, {
        kind: "subscription-cancelation",
        accountId: String(sub.account_id),
        subscriptionId: String(id),
        reason: "unpaid",
        runAt,
        requestedBy: null,
      });
      await logActivity(tx, {
        ...SERVICE,
        action: "past-due",
        resource: "subscriptions",
        recordId: String(id),
        changes: { status: ["active", "past_due"], cancelsAt: runAt.toISOString() },
      });
      return true;
    },
  );
}

/** Who asked for a record's action last (the activity log), for "who asked" on the scheduled actions. */
const lastActor = (resource: string, actions: string) =>
  `(select l.actor_id from activity_log l where l.resource = '${resource}' and l.record_id = x.id
    and l.action in (${actions}) order by l.created_at desc limit 1)`;

/**
 * Keeps the scheduled actions in step with what people asked for elsewhere: a cancel at period
 * end, an account deletion (pending_deletion); and cancels those whose request was withdrawn
 * (resume, restore). Idempotent: run as often as wanted.
 */
export async function syncRequests(ctx: StepContext): Promise<number> {
  const now = ctx.now.toISOString();
  const { db } = ctx;
  let changed = 0;
  // Cancel at period end asked, no cancelation pending: one due at the period end.
  const cancelations = await rowsOf(
    db,
    sql`select x.id, x.account_id, x.current_period_end, ${sql.raw(lastActor("subscriptions", "'cancel'"))} as asked_by
      from subscriptions x where x.cancel_at_period_end and x.status in ('active', 'past_due')
      and not exists (select 1 from scheduled_actions s where s.account_id = x.account_id
        and s.kind = 'subscription-cancelation' and s.done_at is null and s.canceled_at is null)`,
  );
  for (const sub of cancelations) {
    await db.transaction(async (tx) => {
      await schedule(tx, {
        kind: "subscription-cancelation",
        accountId: String(sub.account_id),
        subscriptionId: String(sub.id),
        reason: "owner-request",
        runAt: new Date(String(sub.current_period_end)),
        requestedBy: (sub.asked_by as string | null) ?? null,
      });
    });
    changed++;
  }
  // Account deletion asked (pending_deletion), none pending: one due when Recover's window closes.
  const deletions = await rowsOf(
    db,
    sql`select x.id, x.deletion_requested_at, ${sql.raw(lastActor("accounts", "'delete', 'update'"))} as asked_by
      from accounts x where x.status = 'pending_deletion' and x.deletion_requested_at is not null
      and not exists (select 1 from scheduled_actions s where s.account_id = x.id
        and s.kind = 'account-deletion' and s.done_at is null and s.canceled_at is null)`,
  );
  for (const account of deletions) {
    await db.transaction(async (tx) => {
      await schedule(tx, {
        kind: "account-deletion",
        accountId: String(account.id),
        subscriptionId: null,
        reason: "owner-request",
        runAt: accountDeletionDueAt(new Date(String(account.deletion_requested_at))),
        requestedBy: (account.asked_by as string | null) ?? null,
      });
    });
    changed++;
  }
  // Past due or canceled and never scheduled (data from before the scheduler, or an edit by hand):
  // the cancelation 7 days after the period end, or the deletion when the grace ends. One a super
  // admin canceled stays canceled: that was their decision.
  const stranded = await rowsOf(
    db,
    sql`select x.id, x.account_id, x.status, x.current_period_end, x.grace_ends_at from subscriptions x
      where x.status in ('past_due', 'canceled') and not exists (select 1 from scheduled_actions s
        where s.account_id = x.account_id and s.done_at is null and s.canceled_at is null)
      and not exists (select 1 from scheduled_actions s where s.subscription_id = x.id
        and s.kind = case x.status when 'past_due' then 'subscription-cancelation' else 'account-deletion' end)
      and not exists (select 1 from accounts a where a.id = x.account_id and a.status = 'deleted')
      and not exists (select 1 from subscriptions y where y.account_id = x.account_id and y.status = 'active')`,
  );
  for (const sub of stranded) {
    const pastDue = sub.status === "past_due";
    const graceEnd = sub.grace_ends_at ?? graceEndsAt(ctx.now).toISOString();
    await db.transaction((tx) =>
      schedule(tx, {
        kind: pastDue ? "subscription-cancelation" : "account-deletion",
        accountId: String(sub.account_id),
        subscriptionId: String(sub.id),
        reason: "unpaid",
        runAt: pastDue ? unpaidCancelationDueAt(new Date(String(sub.current_period_end))) : new Date(String(graceEnd)),
        requestedBy: null,
      }),
    );
    changed++;
  }
  // Withdrawn: a resumed subscription, a restored account.
  const withdrawn = await rowsOf(
    db,
    sql`update scheduled_actions s set canceled_at = ${now}, outcome = 'withdrawn'
      where s.done_at is null and s.canceled_at is null and s.reason in ('owner-request', 'deletion-request') and (
        (s.kind = 'subscription-cancelation' and not exists (select 1 from subscriptions x
          where x.id = s.subscription_id and x.cancel_at_period_end and x.status in ('active', 'past_due')))
        or (s.kind = 'account-deletion' and s.subscription_id is null and not exists (select 1 from accounts x
          where x.id = s.account_id and x.status = 'pending_deletion')))
      returning s.id`,
  );
  return changed + withdrawn.length;
}

/** The actions due now, oldest first. */
const dueActions = (now: string) =>
  sql`select id from scheduled_actions where run_at <= ${now} and done_at is null and canceled_at is null
    order by run_at, id`;

/** Does the account pay again (a subscription active with its period ahead)? Then nothing is due. */
const paidAgain = (accountId: string, now: string) =>
  sql`select 1 from subscriptions where account_id = ${accountId} and status = 'active' and current_period_end > ${now}`;

/**
 * Carries out one pending action in the caller's transaction, if it is still pending (and due,
 * unless `evenIfNotDue`: a super admin's "run now"); answers the storage keys to delete after the
 * commit, or null when it was not there to do.
 */
export async function carryOut(
  tx: Tx,
  id: string,
  now: Date,
  evenIfNotDue = false,
): Promise<{ outcome: string; deletedKeys: string[] } | null> {
  const at = now.toISOString();
  const [action] = await rowsOf(
    tx,
    sql`select * from scheduled_actions where id = ${id} and done_at is null and canceled_at is null
      and (${evenIfNotDue} or run_at <= ${at}) for update skip locked`,
  );
  if (!action) return null;
  const accountId = String(action.account_id);
  const finish = async (outcome: string, deletedKeys: string[] = []) => {
    await tx.execute(sql`update scheduled_actions set done_at = ${at}, outcome = ${outcome} where id = ${id}`);
    return { outcome, deletedKeys };
  };
  // Unpaid: a payment since makes it moot. A request (cancel, deletion) stands until withdrawn.
  if (action.reason === "unpaid" && (await rowsOf(tx, paidAgain(accountId, at))).length > 0) return finish("paid");
  if (action.kind === "account-deletion") {
    return finish("deleted", await deleteAccountData(tx, accountId, String(action.reason)));
  }
  if (action.kind === "user-deletion") {
    return finish("deleted", await deleteUserData(tx, String(action.user_id), String(action.reason)));
  }
  const graceEnd = graceEndsAt(now);
  const [before] = await rowsOf(tx, sql`select status from subscriptions where id = ${action.subscription_id}`);
  await tx.execute(
    sql`update subscriptions set status = 'canceled', canceled_at = coalesce(canceled_at, ${at}),
        grace_ends_at = ${graceEnd.toISOString()}, cancel_at_period_end = false, version = version + 1
      where id = ${action.subscription_id} and status in ('active', 'past_due')`,
  );
  await tx.execute(
    sql`update accounts set subscription_status = 'canceled', subscription_message = null, version = version + 1
      where id = ${accountId}`,
  );
  await schedule(tx, {
    kind: "account-deletion",
    accountId,
    subscriptionId: (action.subscription_id as string | null) ?? null,
    reason: String(action.reason),
    runAt: graceEnd,
    requestedBy: (action.requested_by as string | null) ?? null,
  });
  await logActivity(tx, {
    ...SERVICE,
    action: "cancel",
    resource: "subscriptions",
    recordId: String(action.subscription_id ?? accountId),
    changes: { status: [before?.status ?? null, "canceled"], reason: action.reason, graceEndsAt: graceEnd },
  });
  return finish("canceled");
}

/** Carries out the due actions, oldest first. */
export async function runDueActions(ctx: StepContext): Promise<number> {
  const deletedKeys: string[] = [];
  const count = await eachCandidate(ctx, dueActions(ctx.now.toISOString()), async (tx, { id }) => {
    const done = await carryOut(tx, String(id), ctx.now);
    deletedKeys.push(...(done?.deletedKeys ?? []));
    return done !== null;
  });
  await removeUnreferencedBlobs(ctx, deletedKeys);
  return count;
}

/** After the commit: each blob no file or zip refers to any more (a failed transaction lost none). */
export async function removeUnreferencedBlobs(
  ctx: Pick<StepContext, "db" | "storage">,
  keys: readonly string[],
): Promise<void> {
  for (const key of new Set(keys)) {
    const [used] = await rowsOf(
      ctx.db,
      sql`select 1 from test_files where storage_key = ${key} union all select 1 from bulk_downloads where storage_key = ${key} limit 1`,
    );
    if (!used) await deleteBlobAndThumbnails(ctx.storage, key);
  }
}

/** How long a dead code stays for reference: an expired invitation still says "expired" for a month. */
const EXPIRED_CODE_KEPT_DAYS = 30;
/** A finished bulk download's zip is kept 24 hours after it is ready (docs/api.md "Bulk downloads"). */
export const BULK_DOWNLOAD_KEPT_MS = BULK_DOWNLOAD_EXPIRY_MS;

/**
 * Deleted tests past Recover's 15 days go for good with their files; bulk downloads finished a
 * day ago go with their zips; refresh tokens and emailed codes (register, reset, delete request, unsubscribe links)
 * spent or expired a day ago, and invitations accepted or expired a month ago, go (sign-in
 * failures and public-flow request counts clean themselves).
 */
export async function purge(ctx: StepContext): Promise<number> {
  const { tests } = await purgeDeletedTests(ctx.db, ctx.storage, ctx.now, SERVICE);
  const dayAgo = new Date(ctx.now.getTime() - DAY_MS).toISOString();
  const monthAgo = new Date(ctx.now.getTime() - days(EXPIRED_CODE_KEPT_DAYS)).toISOString();
  const zipsBefore = new Date(ctx.now.getTime() - BULK_DOWNLOAD_KEPT_MS).toISOString();
  const zips = await rowsOf(
    ctx.db,
    sql`delete from bulk_downloads where status in ('ready', 'failed') and finished_at < ${zipsBefore}
      returning storage_key`,
  );
  await removeUnreferencedBlobs(
    ctx,
    zips.map((row) => row.storage_key).filter((key): key is string => typeof key === "string"),
  );
  const [cleaned] = await rowsOf(
    ctx.db,
    sql`with tokens as (delete from refresh_tokens where expires_at < ${dayAgo} returning 1),
      invites as (delete from invitations where coalesce(accepted_at, expires_at) < ${monthAgo} returning 1),
      codes as (delete from one_time_codes where least(coalesce(used_at, expires_at), expires_at) < ${dayAgo} returning 1)
      select (select count(*) from tokens)::int + (select count(*) from invites)::int + (select count(*) from codes)::int as n`,
  );
  return tests + zips.length + Number(cleaned?.n ?? 0);
}
