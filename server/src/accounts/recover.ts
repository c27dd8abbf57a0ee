/**
 * Recover accounts (spec §2 /recover/accounts, super admins; docs/api-resources.md "Recover
 * accounts"): the accounts whose deletion was asked for (DELETE /accounts/{id}, or status
 * pending_deletion) less than 15 days ago, with who asked and the days left, and restoring one:
 * POST /accounts/{id}/restore cancels the deletion (the version check, the activity entry
 * "restore").
 */
import { DELETED_ACCOUNTS, RECOVERY_DAYS as DELETED_TEST_RECOVERY_DAYS } from "../../../src/api/recover";
import { accounts } from "../db/schema";
import { fieldError } from "../http/errors";
import { defineResource, field } from "../resources/definition";
import { readRoutes } from "../resources/routes";
import { rowsOf } from "../resources/sql";
import { writeRoutes } from "../resources/writeRoutes";
import { fullName } from "../resources/sql";
import { sql } from "drizzle-orm";
import type { Services } from "../services";
import type { FastifyInstance } from "fastify";
import { accountDefinition } from "./routes";

/** Decision: the window of spec §9's deleted tests applies to accounts too (docs/api-resources.md "Recover accounts"). */
const WINDOW_DAYS = DELETED_TEST_RECOVERY_DAYS;
const DAY_SECONDS = 86_400;
const IN_WINDOW = `a.status = 'pending_deletion' and a.deletion_requested_at is not null
  and a.deletion_requested_at > now() - interval '${WINDOW_DAYS} days'`;
const restorableUntil = `a.deletion_requested_at + interval '${WINDOW_DAYS} days'`;
/** The latest activity entry that asked for the deletion: DELETE, or an update to pending_deletion. */
const requestedBy = `(select l.actor_id from activity_log l where l.resource = 'accounts' and l.record_id = a.id
  and (l.action = 'delete' or l.changes -> 'status' ->> 1 = 'pending_deletion')
  order by l.created_at desc limit 1)`;

export const NOT_RESTORABLE_ACCOUNT = `Only an account whose deletion was asked for in the last ${WINDOW_DAYS} days can be restored.`;

export const deletedAccountDefinition = defineResource({
  name: DELETED_ACCOUNTS,
  label: "deleted account",
  from: `accounts a left join users r on r.id = ${requestedBy}`,
  id: "a.id",
  fields: {
    id: field.text("a.id"),
    version: field.integer("a.version"),
    name: field.text("a.name"),
    email: field.text("a.email"),
    deletionRequestedAt: field.date("a.deletion_requested_at"),
    deletionRequestedById: field.textOrNull("r.id"),
    deletionRequestedByName: field.textOrNull(fullName("r")),
    restorableUntil: field.date(restorableUntil),
    daysLeft: field.integer(`ceil(extract(epoch from (${restorableUntil} - now())) / ${DAY_SECONDS})::int`),
    userCount: field.integer("(select count(*) from users x where x.account_id = a.id and x.deleted_at is null)::int"),
    testCount: field.integer("(select count(*) from tests x where x.account_id = a.id and x.deleted_at is null)::int"),
  },
  where: IN_WINDOW,
  search: ["a.name", "a.email"],
  filters: {},
  sorts: {
    name: { expr: "a.name" },
    email: { expr: "a.email" },
    deletionRequestedAt: { expr: "a.deletion_requested_at" },
    daysLeft: { expr: "a.deletion_requested_at" },
  },
  defaultSort: ["deletionRequestedAt", "DESC"],
});

export function recoverAccountRoutes(app: FastifyInstance, { db }: Services): void {
  readRoutes(app, db, deletedAccountDefinition, {
    list: ["SuperAdmin"],
    get: ["SuperAdmin"],
    export: ["SuperAdmin"],
  });

  writeRoutes(app, db, accountDefinition, accounts).actionRoute("restore", {
    access: ["SuperAdmin"],
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
}
