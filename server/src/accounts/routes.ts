/** Accounts (docs/api-resources.md "Accounts"): super admins manage them; owners rename their own. */
import { ownAccountUpdateSchema } from "../../../src/api/schemas/resourceWrites";
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { sql } from "drizzle-orm";
import { callerOf } from "../auth/guard";
import { alias } from "drizzle-orm/pg-core";
import { accountCounts, accounts, users } from "../db/schema";
import { forbidden } from "../http/errors";
import type { Services } from "../services";
import { implementResource } from "../resources/definition";
import { accountsContract } from "../../../src/api/contract/accounts";
import { writableFields } from "../../../src/api/contract/recordSchema";
import { findRecord } from "../resources/list";
import { declaredAccess, readRoutes } from "../resources/routes";
import { writeRoutes } from "../resources/writeRoutes";
import { answers, errors, idParams, versionSchema } from "../resources/schemas";
import { checkFree, checkUserOfAccount } from "../resources/checks";
import { fullName, sqlText, type Executor } from "../resources/sql";
import { through } from "../resources/search";
import { notFoundOf, versionedChange } from "../resources/writes";
import { routeOptions } from "../docs/openapi";
import { requireRecentPasswordCheck } from "../users/passwordCheck";

/** Deleting an account asks for the password again first, as every high-impact action does. */
export const DELETE_ACCOUNT_RECHECK = "Confirm your password to delete the account.";

const a = alias(accounts, "a");
const o = alias(users, "o");
const ownerName = fullName(o);
const c = alias(accountCounts, "c");
/** The counts shown in the list, also its sorts: kept by the database as rows change (schema.ts accountCounts). */
const counts = {
  businessCount: sqlText`coalesce(${c.businesses}, 0)`,
  userCount: sqlText`coalesce(${c.users}, 0)`,
  deviceCount: sqlText`coalesce(${c.devices}, 0)`,
  testCount: sqlText`coalesce(${c.tests}, 0)`,
};

export const accountDefinition = implementResource(accountsContract, {
  from: sqlText`accounts a left join users o on ${o.id} = ${a.ownerId} left join account_counts c on ${c.accountId} = ${a.id}`,
  // A deleted account (the lifecycle's tombstone, kept for its payments) is nobody's to see or edit.
  where: sqlText`${a.status} <> 'deleted'`,
  table: a,
  columns: {
    ownerName,
    ...counts,
  },
  accountExpr: a.id,
  keptTotal: "(select total from list_totals where list = 'accounts')",
  search: [a.name, a.email, a.phone, through(a.ownerId, [o.firstName, o.lastName])],
  filters: {
    bookmarked: {
      build: (value, caller) =>
        sql`${value ? sql`` : sql`not `}exists (select 1 from bookmarks k where k.user_id = ${caller.id}
            and k.resource = 'accounts' and k.record_id = a.id)`,
    },
  },
  sorts: counts,
});

const writable = writableFields(accountsContract.fields, ["name", "email", "phone", "country"]);

/** 422 email when another account uses it (compared case-insensitively, like the unique index). */
const checkEmailFree = (db: Executor, email: string, exceptId: string | null) =>
  checkFree(db, "accounts", sql`lower(email) = lower(${email})`, exceptId, "email", "This email is already used.");

/** 422 ownerId unless it names a live user of the account. */
const checkOwner = (db: Executor, accountId: string, ownerId: string | null) =>
  checkUserOfAccount(db, "ownerId", accountId, ownerId, "The owner must be a user of this account.");

/** The name trimmed; a phone left empty (null or absent) stored as "". */
const trimmed = <T extends { name: string; phone?: string | null }>(body: T): T & { phone: string } => ({
  ...body,
  name: body.name.trim(),
  phone: body.phone ?? "",
});

export const accountRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db, clock }) => {
  const def = accountDefinition;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const responses = answers(def);
  const writes = writeRoutes(app, db, def, accounts);
  const tag = def.name;
  readRoutes(app, db, def);

  api.get(
    "/account",
    routeOptions("signedIn", tag, "The caller's own account", {
      description: "The same record GET /api/accounts/{id} answers, for any role.",
      response: { 200: responses.record, ...errors(401, 404, 499) },
    }),
    async (request) => {
      const caller = callerOf(request);
      const record = await findRecord(db, def, caller, caller.accountId);
      if (!record) throw notFoundOf(def);
      return record;
    },
  );

  api.put(
    "/account",
    routeOptions("signedIn", tag, "The account's owner renames their account or hands it to another of its users", {
      description:
        "Only the account's owner (403 for anyone else); the new owner must be one of the account's users. 409 when the account changed since the `version` read.",
      body: ownAccountUpdateSchema,
      response: responses.changed,
    }),
    async (request) => {
      const caller = callerOf(request);
      const body = trimmed(request.body);
      return versionedChange({
        db,
        def,
        table: accounts,
        caller,
        id: caller.accountId,
        version: body.version,
        action: "update",
        values: async (current, tx) => {
          if (current.ownerId !== caller.id) throw forbidden("Only the account's owner can change its name and owner.");
          await checkOwner(tx, caller.accountId, body.ownerId);
          return { name: body.name, ownerId: body.ownerId };
        },
      });
    },
  );

  writes.createRoute({
    summary: "Create an account",
    fields: writable,
    insert: async (tx, fields, { id }) => {
      const body = trimmed(fields);
      await checkEmailFree(tx, body.email, null);
      await tx.insert(accounts).values({ id, ...body, status: "active", subscriptionStatus: "inactive" });
    },
  });

  writes.updateRoute({
    summary: "Update an account (pending_deletion schedules its deletion)",
    behaviour: { schedulesLifecycle: true },
    fields: { ...writable, version: versionSchema, ...writableFields(accountsContract.fields, ["status", "ownerId"]) },
    change: (fields, { id }) => {
      const body = trimmed(fields);
      return async (current, tx) => {
        await checkEmailFree(tx, body.email, id);
        await checkOwner(tx, id, body.ownerId);
        // pending_deletion schedules the deletion (spec §2 scheduled actions); leaving it cancels it.
        const deletionRequestedAt =
          body.status === "pending_deletion" ? (current.status === "pending_deletion" ? undefined : clock.now()) : null;
        return { ...body, ...(deletionRequestedAt === undefined ? {} : { deletionRequestedAt }) };
      };
    },
  });

  api.delete(
    "/accounts/:id",
    routeOptions(
      declaredAccess(def, "delete"),
      tag,
      "Schedule an account's deletion (its data goes after the scheduled-deletion period)",
      {
        description:
          "The account becomes `pending_deletion` and answers as it now is; an account already pending is answered unchanged. Needs a passed POST users/password/check within 5 minutes (403 `Confirm your password to delete the account.`). Restoring it (POST /api/accounts/{id}/restore) cancels the deletion.",
        params: idParams,
        response: responses.changed,
      },
      { schedulesLifecycle: true },
    ),
    async (request) => {
      const caller = callerOf(request);
      const current = await findRecord(db, def, caller, request.params.id);
      if (!current) throw notFoundOf(def);
      if (current.status === "pending_deletion") return current;
      // A high-impact action (spec §6): the whole account's people, devices and tests go with it.
      requireRecentPasswordCheck(caller, DELETE_ACCOUNT_RECHECK);
      return versionedChange({
        db,
        def,
        table: accounts,
        caller,
        id: request.params.id,
        version: current.version,
        action: "delete",
        values: () => ({ status: "pending_deletion", deletionRequestedAt: clock.now() }),
      });
    },
  );
};
