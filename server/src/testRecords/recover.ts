/**
 * Recover tests (spec §2 /recover/tests, §9: deleted tests are recoverable for 15 days;
 * docs/api.md "Recover tests"): the deleted tests of the window in the caller's scope (super
 * admins all, everyone else their own account: the scope in which they could see the test), who
 * deleted them and the days left; restoring some (all or none); and the purge of those past the
 * window, with their stored files, until the scheduler runs it.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import Type from "typebox";
import { DELETED_TESTS, RECOVERY_DAYS as DELETED_TEST_RECOVERY_DAYS } from "../../../src/api/recover";
import { callerOf } from "../auth/guard";
import { alias } from "drizzle-orm/pg-core";
import { accounts, devices, tests, users } from "../db/schema";
import { GUARD_REFUSALS, refusals } from "../docs/openapi";
import { notFound } from "../http/errors";
import { implementResource } from "../resources/definition";
import { deletedTestsContract } from "../../../src/api/contract/deletedTests";
import { restoreIdsBody, restoredIdsAnswer } from "../resources/restoreIds";
import { readRoutes } from "../resources/routes";
import { actorOf } from "../resources/writes";
import { purgeDeletedTests } from "./purge";
import { logTestActivity } from "./queries";
import { fullName, sqlText } from "../resources/sql";
import type { Services } from "../services";

const t = alias(tests, "t");
const a = alias(accounts, "a");
const v = alias(devices, "v");
const c = alias(users, "c");
const d = alias(users, "d");

const DAY_SECONDS = 86_400;
/** The window, in SQL: deleted, and less than 15 days ago. */
const IN_WINDOW = sqlText`${t.deletedAt} is not null and ${t.deletedAt} > now() - interval '${DELETED_TEST_RECOVERY_DAYS} days'`;
/** The same moment for drizzle queries: deleted at or before it means past the window. */
const windowStart = sql`now() - make_interval(days => ${DELETED_TEST_RECOVERY_DAYS})`;
const restorableUntil = sqlText`${t.deletedAt} + interval '${DELETED_TEST_RECOVERY_DAYS} days'`;

export const NOT_RESTORABLE = `Test not found among the deleted tests of the last ${DELETED_TEST_RECOVERY_DAYS} days`;

export const deletedTestDefinition = implementResource(deletedTestsContract, {
  from: sqlText`tests t
    join accounts a on ${a.id} = ${t.accountId}
    join devices v on ${v.id} = ${t.deviceId}
    join users c on ${c.id} = ${t.createdBy}
    left join users d on ${d.id} = ${t.deletedBy}`,
  table: t,
  columns: {
    accountName: a.name,
    deviceName: v.name,
    createdByName: fullName(c),
    deletedById: t.deletedBy,
    deletedByName: fullName(d),
    restorableUntil: restorableUntil,
    daysLeft: `ceil(extract(epoch from (${restorableUntil} - now())) / ${DAY_SECONDS})::int`,
    fileCount: "(select count(*) from test_files f where f.test_id = t.id)::int",
  },
  where: IN_WINDOW,
  // Everyone but super admins: their own account's tests, as for reading a live test (queries.ts canSeeTest).
  accountExpr: t.accountId,
  search: [t.name, t.sku, t.customer, a.name],
  // The fewer days left, the earlier the deletion.
  sorts: { daysLeft: t.deletedAt },
});

const restoreBody = restoreIdsBody("deleted tests");
const restoreAnswer = restoredIdsAnswer("Restored: each test is back whole (its files and AI results were kept).");
const purgeAnswer = Type.Object(
  {
    tests: Type.Integer({ description: "Tests removed for good." }),
    files: Type.Integer({ description: "Their file rows removed (a stored blob goes when no file refers to it)." }),
  },
  { description: "Purged." },
);

export const recoverTestRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db, storage, clock }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  readRoutes(app, db, deletedTestDefinition);

  api.post(
    `/${DELETED_TESTS}/restore`,
    {
      config: { access: "signedIn" },
      schema: {
        tags: ["Tests"],
        summary: `Restore deleted tests of the last ${DELETED_TEST_RECOVERY_DAYS} days (all or none)`,
        description:
          "Each id must be a test deleted less than 15 days ago in the caller's scope (super admins: any " +
          "account; others: their own). One that is not refuses the whole request and restores nothing.",
        body: restoreBody,
        response: {
          200: restoreAnswer,
          ...refusals({
            400: true,
            ...GUARD_REFUSALS,
            404: `\`${NOT_RESTORABLE}: {id}\` (never deleted, past the window, purged, or another account's).`,
          }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { ids } = request.body;
      const restored = await db.transaction(async (tx) => {
        const scope = caller.role === "SuperAdmin" ? sql`true` : eq(tests.accountId, caller.accountId);
        const rows = await tx
          .update(tests)
          .set({ deletedAt: null, deletedBy: null })
          .where(and(inArray(tests.id, ids), isNotNull(tests.deletedAt), gt(tests.deletedAt, windowStart), scope))
          .returning({ id: tests.id, name: tests.name });
        if (rows.length !== ids.length) {
          const found = new Set(rows.map((row) => row.id));
          // Throwing rolls the transaction back: nothing is restored.
          throw notFound(`${NOT_RESTORABLE}: ${ids.find((id) => !found.has(id))}`);
        }
        for (const row of rows) {
          await logTestActivity(tx, caller, "restore", row.id, { name: row.name });
        }
        return rows.map((row) => row.id);
      });
      return { data: ids.filter((id) => restored.includes(id)) };
    },
  );

  api.post(
    `/${DELETED_TESTS}/purge`,
    {
      config: { access: ["SuperAdmin"] },
      schema: {
        tags: ["Tests"],
        summary: `Purge the tests deleted ${DELETED_TEST_RECOVERY_DAYS} days ago or more, with their files`,
        description:
          "What the scheduler will run daily: the rows of those tests, their files and AI results go, and " +
          "each stored blob no remaining file refers to is removed from the storage.",
        response: { 200: purgeAnswer, ...refusals({ ...GUARD_REFUSALS, 403: true }) },
      },
    },
    async (request) => purgeDeletedTests(db, storage, clock.now(), actorOf(callerOf(request))),
  );
};
