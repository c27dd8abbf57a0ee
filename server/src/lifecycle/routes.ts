/**
 * Scheduled actions (spec §2 /scheduled-actions…, super admins; docs/api.md "Lifecycle"): the
 * subscription cancelations and account deletions the scheduler will carry out, with the
 * account, the reason, when, and who asked; cancel one, or run it now. Both need a recent
 * password re-check and write an activity entry; a refused request changes nothing.
 *
 * Canceling withdraws the request behind the action too, or the scheduler would ask again: a
 * cancel at period end is resumed, an account deletion asked for is restored (the account is
 * active again). An unpaid step canceled stays canceled (the super admin's decision to wait).
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import Type from "typebox";
import { SCHEDULED_ACTIONS } from "../../../src/api/lifecycle";
import { requireRecentPasswordCheck } from "../users/passwordCheck";
import { callerOf } from "../auth/guard";
import { described, GUARD_REFUSALS, refusals, routeOptions } from "../docs/openapi";
import { accounts, scheduledActions, subscriptions, users } from "../db/schema";
import { HttpError, notFound } from "../http/errors";
import { implementResource, recordSchema } from "../resources/definition";
import { scheduledActionsContract } from "../../../src/api/contract/scheduledActions";
import { findRecord } from "../resources/list";
import { declaredAccess, readRoutes } from "../resources/routes";
import { fullName, rowsOf, sqlText } from "../resources/sql";
import { actorOf, logActivity } from "../resources/writes";
import type { Services } from "../services";
import { carryOut, removeUnreferencedBlobs } from "./steps";

const s = alias(scheduledActions, "s");
const a = alias(accounts, "a");
const sub = alias(subscriptions, "sub");
const r = alias(users, "r");
const du = alias(users, "du");

const STATE = sqlText`case when ${s.doneAt} is not null then 'done' when ${s.canceledAt} is not null then 'canceled' else 'pending' end`;

export const scheduledActionDefinition = implementResource(scheduledActionsContract, {
  from: sqlText`scheduled_actions s left join accounts a on ${a.id} = ${s.accountId}
    left join subscriptions sub on ${sub.id} = ${s.subscriptionId}
    left join users r on ${r.id} = ${s.requestedBy}
    left join users du on ${du.id} = ${s.userId}`,
  table: s,
  columns: {
    state: STATE,
    accountName: a.name,
    plan: sub.plan,
    userName: fullName(du),
    requestedById: s.requestedBy,
    requestedByName: fullName(r),
  },
  search: [a.name],
});

const NOT_PENDING = "Only a pending scheduled action can be canceled or run.";
export const SCHEDULED_ACTION_RECHECK = "Confirm your password to change a scheduled action.";

export const scheduledActionRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  const { db, storage, clock } = services;
  const def = scheduledActionDefinition;
  readRoutes(app, db, def);

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const answer = recordSchema(def);
  const options = (action: "cancel" | "run", summary: string, description: string) =>
    routeOptions(declaredAccess(def, { action }), SCHEDULED_ACTIONS, summary, {
      description,
      params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
      response: {
        200: described(answer, "The action as it is now."),
        ...refusals({
          400: true,
          ...GUARD_REFUSALS,
          403: `Not a super admin, or \`${SCHEDULED_ACTION_RECHECK}\` (no password re-check in the last 5 minutes).`,
          404: "Scheduled action not found.",
          409: `\`${NOT_PENDING}\``,
        }),
      },
    });

  api.post(
    `/${SCHEDULED_ACTIONS}/:id/cancel`,
    options(
      "cancel",
      "Cancel a pending scheduled action (and withdraw the request behind it)",
      "A cancel at period end is resumed; an account deletion asked for is restored. Needs a password re-check.",
    ),
    async (request) => {
      const caller = callerOf(request);
      requireRecentPasswordCheck(caller, SCHEDULED_ACTION_RECHECK);
      const { id } = request.params;
      const at = clock.now().toISOString();
      await db.transaction(async (tx) => {
        const [action] = await rowsOf(tx, sql`select * from scheduled_actions where id = ${id} for update`);
        if (!action) throw notFound("Scheduled action not found.");
        if (action.done_at !== null || action.canceled_at !== null) throw new HttpError(409, NOT_PENDING);
        await tx.execute(
          sql`update scheduled_actions set canceled_at = ${at}, canceled_by = ${caller.id}, outcome = 'canceled by a super admin'
            where id = ${id}`,
        );
        if (action.reason !== "unpaid" && action.kind === "subscription-cancelation") {
          await tx.execute(
            sql`update subscriptions set cancel_at_period_end = false, canceled_at = null, version = version + 1
              where id = ${action.subscription_id} and cancel_at_period_end`,
          );
        }
        if (action.reason !== "unpaid" && action.kind === "account-deletion" && action.subscription_id === null) {
          await tx.execute(
            sql`update accounts set status = 'active', deletion_requested_at = null, version = version + 1
              where id = ${action.account_id} and status = 'pending_deletion'`,
          );
        }
        await logActivity(tx, {
          ...actorOf(caller),
          action: "cancel-scheduled",
          resource: "accounts",
          recordId: String(action.account_id),
          changes: { kind: action.kind, reason: action.reason, runAt: action.run_at },
        });
      });
      return (await findRecord(db, scheduledActionDefinition, caller, id))!;
    },
  );

  api.post(
    `/${SCHEDULED_ACTIONS}/:id/run`,
    options(
      "run",
      "Carry out a pending scheduled action now",
      "What the scheduler would do at its time, now (an unpaid step a payment made moot ends as `paid`). Needs a password re-check.",
    ),
    async (request) => {
      const caller = callerOf(request);
      requireRecentPasswordCheck(caller, SCHEDULED_ACTION_RECHECK);
      const { id } = request.params;
      const done = await db.transaction(async (tx) => {
        const [action] = await rowsOf(tx, sql`select kind, account_id, reason from scheduled_actions where id = ${id}`);
        if (!action) throw notFound("Scheduled action not found.");
        const result = await carryOut(tx, id, clock.now(), true);
        if (!result) throw new HttpError(409, NOT_PENDING);
        await logActivity(tx, {
          ...actorOf(caller),
          action: "run-scheduled",
          resource: "accounts",
          recordId: String(action.account_id),
          changes: { kind: action.kind, reason: action.reason, outcome: result.outcome },
        });
        return result;
      });
      await removeUnreferencedBlobs({ db, storage }, done.deletedKeys);
      return (await findRecord(db, scheduledActionDefinition, caller, id))!;
    },
  );
};
