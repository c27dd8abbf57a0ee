/**
 * The activity feed (spec §2 /activity-feed, everyone; docs/api-resources.md "Activity feed"):
 * GET activity lists the activity log (written by every versioned write, resources/writes.ts),
 * newest first, with the actor's name and the console path of the record's page.
 *
 * Scope, per role: a super admin sees every entry; an admin the entries whose actor was a user of
 * their own account when they made them (an entry belongs to its actor's account: a super admin's
 * change to that account is not the admin's to see, and changes the service makes on its own,
 * with no actor, are super admins' only); a manager or a user their own entries. Everyone also
 * sees the activity on their account's tests, whoever made it (they may all see those tests,
 * spec §6). Read-only: no table of its own.
 *
 * The total is counted up to ACTIVITY_EXACT_TOTAL entries past the page: a log of a hundred
 * thousand entries is not counted for each page of 25 (or each 30 s poll); beyond it the
 * Content-Range total is "*" (unknown, and at least one more page).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ACTIVITY_EXACT_TOTAL, ACTIVITY_LINKS, ACTIVITY_RESOURCES } from "../../../src/api/activity";
import { boxTypeNameSql } from "../advancedSettings/boxTypeSettings";
import { TARGET_NAME } from "../advancedSettings/forcedResets";
import { activityLog, users } from "../db/schema";
import { implementResource, type Caller } from "../resources/definition";
import { activityContract } from "../../../src/api/contract/activity";
import { readRoutes } from "../resources/routes";
import { fullName, sqlText } from "../resources/sql";
import { through } from "../resources/search";
import type { Services } from "../services";

/**
 * Whether the record is still there to open (a deleted user or test has no page): true, or null
 * when it is not. A scalar subquery rather than EXISTS: the planner may turn an EXISTS into a
 * hash of the whole table (every test, user and device) built for each page of 25 entries.
 */
const STILL_THERE: Record<keyof typeof ACTIVITY_LINKS, string> = {
  accounts: "select true from accounts x where x.id = l.record_id",
  businesses: "select true from businesses x where x.id = l.record_id",
  users: "select true from users x where x.id = l.record_id and x.deleted_at is null",
  devices: "select true from devices x where x.id = l.record_id",
  payments: "select true from payments x where x.id = l.record_id",
  subscriptions: "select true from subscriptions x where x.id = l.record_id",
  tests: "select true from tests x where x.id = l.record_id and x.deleted_at is null",
  // Only known box types have settings to log.
  "box-type-settings": "select true",
};

/** The record's page, when its type has one and the record is still there; else null. */
const LINK = `case l.resource ${Object.entries(ACTIVITY_LINKS)
  .map(
    ([resource, prefix]) =>
      `when '${resource}' then case when (${STILL_THERE[resource as keyof typeof ACTIVITY_LINKS]}) then '${prefix}' || l.record_id end`,
  )
  .join(" ")} end`;

/** What the record is called, for people: its name (or serial, plan, code, version), while it exists. */
const NAMED_BY: Record<(typeof ACTIVITY_RESOURCES)[number], string> = {
  accounts: "select x.name from accounts x where x.id = l.record_id",
  businesses: "select x.name from businesses x where x.id = l.record_id",
  users: "select x.first_name || ' ' || x.last_name from users x where x.id = l.record_id",
  devices: "select coalesce(nullif(x.name, ''), x.serial_number) from devices x where x.id = l.record_id",
  payments: "select a.name from payments x join accounts a on a.id = x.account_id where x.id = l.record_id",
  subscriptions: "select x.plan from subscriptions x where x.id = l.record_id",
  firmware: "select x.firmware_version from firmware x where x.id = l.record_id",
  discounts: "select x.code from discounts x where x.id = l.record_id",
  tests: "select x.name from tests x where x.id = l.record_id",
  "box-type-settings": `select ${boxTypeNameSql("l.record_id")}`,
  "forced-resets": `select ${TARGET_NAME} from forced_resets r left join users tu on tu.id = r.user_id
    left join devices td on td.id = r.device_id where r.id = l.record_id`,
};

const RECORD_NAME = `case l.resource ${Object.entries(NAMED_BY)
  .map(([resource, query]) => `when '${resource}' then (${query})`)
  .join(" ")} end`;

/**
 * The entries a caller may see (the module's comment), by the accounts each entry stored when it
 * was written (actor_account_id, test_account_id: the activity_log_accounts trigger): each side an
 * index range, where a look-up of the account's users and tests was a scan of the whole log.
 */
export function scopeOf(caller: Caller): SQL {
  if (caller.role === "SuperAdmin") return sql`true`;
  const accountTests = sql`l.test_account_id = ${caller.accountId}`;
  const people =
    caller.role === "Admin" ? sql`l.actor_account_id = ${caller.accountId}` : sql`l.actor_id = ${caller.id}`;
  return sql`(${people} or ${accountTests})`;
}

const l = alias(activityLog, "l");
const au = alias(users, "au");

export const activityDefinition = implementResource(activityContract, {
  from: sqlText`activity_log l left join users au on ${au.id} = ${l.actorId}`,
  table: l,
  columns: {
    actorName: fullName(au),
    recordName: RECORD_NAME,
    link: LINK,
  },
  // Not accountExpr: the scope depends on the role (scopeOf above).
  scope: scopeOf,
  search: [through(l.actorId, [au.firstName, au.lastName]), l.action, l.resource, l.recordId],
});

export const activityRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db }) => {
  readRoutes(app, db, activityDefinition, {
    summary:
      "List the activity log within the caller's scope, newest first (ra-data-simple-rest: sort, range, filter; total in Content-Range, counted up to 1,000 entries past the page, else `*`)",
    exactTotal: ACTIVITY_EXACT_TOTAL,
  });
};
