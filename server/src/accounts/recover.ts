/**
 * Recover accounts (spec §2 /recover/accounts, super admins; docs/api-resources.md "Recover
 * accounts"): the accounts whose deletion was asked for (DELETE /accounts/{id}, or status
 * pending_deletion) less than 15 days ago, with who asked and the days left, and restoring them:
 * POST /accounts/{id}/restore cancels one deletion (the version check), POST
 * deleted-accounts/restore several at once (all or none); each writes the activity entry "restore".
 */
import { DELETED_ACCOUNTS, RECOVERY_DAYS as DELETED_TEST_RECOVERY_DAYS } from "../../../src/api/recover";
import { alias } from "drizzle-orm/pg-core";
import { accountCounts, accounts, users } from "../db/schema";
import { fieldError } from "../http/errors";
import { implementResource } from "../resources/definition";
import { deletedAccountsContract } from "../../../src/api/contract/deletedAccounts";
import { readRoutes } from "../resources/routes";
import { rowsOf } from "../resources/sql";
import { writeRoutes } from "../resources/writeRoutes";
import { fullName, sqlText } from "../resources/sql";
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { sql } from "drizzle-orm";
import { callerOf } from "../auth/guard";
import { GUARD_REFUSALS, refusals } from "../docs/openapi";
import { notFound } from "../http/errors";
import { restoreIdsBody, restoredIdsAnswer } from "../resources/restoreIds";
import { actorOf, logActivity } from "../resources/writes";
import type { Services } from "../services";
import { accountDefinition } from "./routes";

/** Decision: the window of spec §9's deleted tests applies to accounts too (docs/api-resources.md "Recover accounts"). */
const WINDOW_DAYS = DELETED_TEST_RECOVERY_DAYS;
const DAY_SECONDS = 86_400;
const a = alias(accounts, "a");
const r = alias(users, "r");
const c = alias(accountCounts, "c");
const IN_WINDOW = sqlText`${a.status} = 'pending_deletion' and ${a.deletionRequestedAt} is not null
  and ${a.deletionRequestedAt} > now() - interval '${WINDOW_DAYS} days'`;
const restorableUntil = sqlText`${a.deletionRequestedAt} + interval '${WINDOW_DAYS} days'`;
/** The latest activity entry that asked for the deletion: DELETE, or an update to pending_deletion. */
const requestedBy = `(select l.actor_id from activity_log l where l.resource = 'accounts' and l.record_id = a.id
  and (l.action = 'delete' or l.changes -> 'status' ->> 1 = 'pending_deletion')
  order by l.created_at desc limit 1)`;

export const NOT_RESTORABLE_ACCOUNT = `Only an account whose deletion was asked for in the last ${WINDOW_DAYS} days can be restored.`;

export const deletedAccountDefinition = implementResource(deletedAccountsContract, {
  from: sqlText`accounts a left join users r on ${r.id} = ${requestedBy} left join account_counts c on ${c.accountId} = ${a.id}`,
  table: a,
  columns: {
    deletionRequestedById: r.id,
    deletionRequestedByName: fullName(r),
    restorableUntil: restorableUntil,
    daysLeft: `ceil(extract(epoch from (${restorableUntil} - now())) / ${DAY_SECONDS})::int`,
    // Kept by the database as rows change (schema.ts accountCounts), as the accounts list's.
    userCount: sqlText`coalesce(${c.users}, 0)`,
    testCount: sqlText`coalesce(${c.tests}, 0)`,
  },
  where: IN_WINDOW,
  search: [a.name, a.email],
  // The fewer days left, the earlier the request.
  sorts: { daysLeft: a.deletionRequestedAt },
});

export const recoverAccountRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db }) => {
  readRoutes(app, db, deletedAccountDefinition);

  writeRoutes(app, db, accountDefinition, accounts).actionRoute("restore", {
    behaviour: { schedulesLifecycle: true },
    summary: `Restore an account whose deletion was asked for in the last ${WINDOW_DAYS} days (cancels it)`,
    fields: {},
    change: (_body, { id }) => {
      return async (_current, tx) => {
        const [inWindow] = await rowsOf(
          tx,
          sql`select 1 as ok from accounts a where a.id = ${id} and ${sql.raw(IN_WINDOW)}`,
        );
        if (!inWindow) throw fieldError(422, "status", NOT_RESTORABLE_ACCOUNT);
        return { status: "active", deletionRequestedAt: null };
      };
    },
  });

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    `/${DELETED_ACCOUNTS}/restore`,
    {
      config: { access: ["SuperAdmin"], schedulesLifecycle: true },
      schema: {
        tags: [DELETED_ACCOUNTS],
        summary: `Restore several accounts whose deletion was asked for in the last ${WINDOW_DAYS} days (all or none)`,
        description:
          "Each id must be an account in the window; one that is not refuses the whole request and restores nothing. " +
          "No version: the selection is the caller's intent, as for deleted tests.",
        body: restoreIdsBody("deleted accounts"),
        response: {
          200: restoredIdsAnswer("Restored: each account is active again and its deletion canceled."),
          ...refusals({ 400: true, ...GUARD_REFUSALS, 403: true, 404: `\`${NOT_RESTORABLE_ACCOUNT} {id}\`` }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { ids } = request.body;
      await db.transaction(async (tx) => {
        const idList = sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        );
        const restored = await rowsOf(
          tx,
          sql`select a.id, a.deletion_requested_at from accounts a
            where a.id in (${idList}) and ${sql.raw(IN_WINDOW)} for update`,
        );
        const found = new Set(restored.map((row) => row.id));
        const missing = ids.find((id) => !found.has(id));
        // Throwing rolls the transaction back: nothing is restored.
        if (missing !== undefined) throw notFound(`${NOT_RESTORABLE_ACCOUNT} ${missing}`);
        await tx.execute(
          sql`update accounts set status = 'active', deletion_requested_at = null, version = version + 1
            where id in (${idList})`,
        );
        for (const row of restored) {
          const changes = {
            status: ["pending_deletion", "active"],
            deletionRequestedAt: [row.deletion_requested_at, null],
          };
          const entry = { action: "restore", resource: "accounts", recordId: String(row.id), changes };
          await logActivity(tx, { ...actorOf(caller), ...entry });
        }
      });
      return { data: ids };
    },
  );
};
