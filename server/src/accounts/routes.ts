/** Accounts (docs/api-resources.md "Accounts"): super admins manage them; owners rename their own. */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  ACCOUNT_STATUSES,
  SUBSCRIPTION_STATES,
  type AccountCreate,
  type AccountUpdate,
  type OwnAccountUpdate,
} from "../../../src/api/resources";
import { callerOf } from "../auth/guard";
import { accounts } from "../db/schema";
import { fieldError, forbidden } from "../http/errors";
import type { Services } from "../services";
import { dateRange, type ResourceDefinition } from "../resources/definition";
import { findRecord } from "../resources/list";
import {
  bodySchema,
  countrySchema,
  idParams,
  recordNameSchema,
  nullableId,
  phoneSchema,
  readRoutes,
  versionSchema,
} from "../resources/routes";
import { fullName, iso, rowsOf, type Executor } from "../resources/sql";
import { notFoundOf, recordCreated, versionedChange } from "../resources/writes";
import { emailSchema } from "../http/schemas";

const ownerName = fullName("o");

export const accountDefinition: ResourceDefinition = {
  name: "accounts",
  label: "account",
  from: "accounts a left join users o on o.id = a.owner_id",
  id: "a.id",
  fields: {
    id: "a.id",
    version: "a.version",
    name: "a.name",
    ownerId: "a.owner_id",
    ownerName,
    email: "a.email",
    phone: "a.phone",
    country: "a.country",
    status: "a.status",
    subscriptionStatus: "a.subscription_status",
    createdAt: iso("a.created_at"),
    businessCount: "(select count(*) from businesses x where x.account_id = a.id)::int",
    userCount: "(select count(*) from users x where x.account_id = a.id and x.deleted_at is null)::int",
    deviceCount: "(select count(*) from devices x where x.account_id = a.id)::int",
    testCount: "(select count(*) from tests x where x.account_id = a.id and x.deleted_at is null)::int",
  },
  accountExpr: "a.id",
  search: ["a.name", "a.email", "a.phone", ownerName],
  filters: {
    status: { type: ACCOUNT_STATUSES, expr: "a.status" },
    subscriptionStatus: { type: SUBSCRIPTION_STATES, expr: "a.subscription_status" },
    country: { type: "string", expr: "a.country" },
    ...dateRange("createdAt", "a.created_at"),
    bookmarked: {
      type: "boolean",
      build: (value, caller) =>
        sql`${value ? sql`` : sql`not `}exists (select 1 from bookmarks k where k.user_id = ${caller.id}
            and k.resource = 'accounts' and k.record_id = a.id)`,
    },
  },
  sorts: {
    name: { expr: "a.name" },
    email: { expr: "a.email" },
    country: { expr: "a.country" },
    status: { expr: "a.status" },
    subscriptionStatus: { expr: "a.subscription_status" },
    createdAt: { expr: "a.created_at" },
    ownerName: { expr: ownerName, nullable: true },
    businessCount: { expr: "(select count(*) from businesses x where x.account_id = a.id)" },
    userCount: { expr: "(select count(*) from users x where x.account_id = a.id and x.deleted_at is null)" },
    deviceCount: { expr: "(select count(*) from devices x where x.account_id = a.id)" },
    testCount: { expr: "(select count(*) from tests x where x.account_id = a.id and x.deleted_at is null)" },
  },
  defaultSort: ["createdAt", "DESC"],
};

const writable = {
  name: recordNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  country: countrySchema,
};

/** 422 email when another account uses it (compared case-insensitively, like the unique index). */
async function checkEmailFree(db: Executor, email: string, exceptId: string | null): Promise<void> {
  const [row] = await rowsOf(
    db,
    sql`select 1 from accounts where lower(email) = lower(${email}) and id <> ${exceptId ?? ""}`,
  );
  if (row) throw fieldError(422, "email", "This email is already used.");
}

/** 422 ownerId unless it names a live user of the account. */
async function checkOwner(db: Executor, accountId: string, ownerId: string | null): Promise<void> {
  if (ownerId === null) return;
  const [row] = await rowsOf(
    db,
    sql`select 1 from users where id = ${ownerId} and account_id = ${accountId} and deleted_at is null`,
  );
  if (!row) throw fieldError(422, "ownerId", "The owner must be a user of this account.");
}

/** The name trimmed; a phone left empty (null or absent) stored as "". */
const trimmed = <T extends { name: string; phone?: string | null }>(body: T): T & { phone: string } => ({
  ...body,
  name: body.name.trim(),
  phone: body.phone ?? "",
});

export function accountRoutes(app: FastifyInstance, { db }: Services): void {
  const def = accountDefinition;
  readRoutes(app, db, def, { list: ["SuperAdmin"], get: "signedIn", export: ["SuperAdmin"] });

  app.get("/account", { config: { access: "signedIn" } }, async (request) => {
    const caller = callerOf(request);
    const record = await findRecord(db, def, caller, caller.accountId);
    if (!record) throw notFoundOf(def);
    return record;
  });

  app.put<{ Body: OwnAccountUpdate }>(
    "/account",
    {
      config: { access: "signedIn" },
      schema: {
        body: bodySchema({
          version: versionSchema,
          name: recordNameSchema,
          ownerId: { type: "string", maxLength: 100 },
        }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = trimmed(request.body);
      return versionedChange(
        db,
        def,
        accounts,
        caller,
        caller.accountId,
        body.version,
        "update",
        async (current, tx) => {
          if (current.ownerId !== caller.id) throw forbidden("Only the account's owner can change its name and owner.");
          await checkOwner(tx, caller.accountId, body.ownerId);
          return { name: body.name, ownerId: body.ownerId };
        },
      );
    },
  );

  app.post<{ Body: AccountCreate }>(
    "/accounts",
    { config: { access: ["SuperAdmin"] }, schema: { body: bodySchema(writable, ["phone"]) } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = trimmed(request.body);
      const record = await db.transaction(async (tx) => {
        await checkEmailFree(tx, body.email, null);
        const id = randomUUID();
        await tx.insert(accounts).values({ id, ...body, status: "active", subscriptionStatus: "inactive" });
        return recordCreated(tx, def, caller, id);
      });
      return reply.status(201).send(record);
    },
  );

  app.put<{ Params: { id: string }; Body: AccountUpdate }>(
    "/accounts/:id",
    {
      config: { access: ["SuperAdmin"] },
      schema: {
        params: idParams,
        body: bodySchema(
          {
            ...writable,
            version: versionSchema,
            status: { type: "string", enum: ACCOUNT_STATUSES },
            ownerId: nullableId,
          },
          ["phone"],
        ),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const { version, ...body } = trimmed(request.body);
      return versionedChange(db, def, accounts, caller, id, version, "update", async (current, tx) => {
        await checkEmailFree(tx, body.email, id);
        await checkOwner(tx, id, body.ownerId);
        // pending_deletion schedules the deletion (spec §2 scheduled actions); leaving it cancels it.
        const deletionRequestedAt =
          body.status === "pending_deletion" ? (current.status === "pending_deletion" ? undefined : new Date()) : null;
        return { ...body, ...(deletionRequestedAt === undefined ? {} : { deletionRequestedAt }) };
      });
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/accounts/:id",
    { config: { access: ["SuperAdmin"] }, schema: { params: idParams } },
    async (request) => {
      const caller = callerOf(request);
      const current = await findRecord(db, def, caller, request.params.id);
      if (!current) throw notFoundOf(def);
      if (current.status === "pending_deletion") return current;
      // Deleting an account only schedules it: the data goes after the scheduled-deletion period.
      return versionedChange(db, def, accounts, caller, request.params.id, Number(current.version), "delete", () => ({
        status: "pending_deletion",
        deletionRequestedAt: new Date(),
      }));
    },
  );
}
