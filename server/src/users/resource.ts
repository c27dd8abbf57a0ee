/**
 * Users (docs/api-resources.md "Users"): the list, the full record (a superset of the session's
 * ApiUser), direct creation by super admins, per-role edits and deletion.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { USER_STATUSES, type UserCreate, type UserUpdate } from "../../../src/api/resources";
import { userFieldsEditableBy } from "../../../src/api/rules";
import { ROLES } from "../../../src/api/types";
import { callerOf } from "../auth/guard";
import { users } from "../db/schema";
import { fieldError, forbidden, HttpError } from "../http/errors";
import { emailSchema } from "../http/schemas";
import type { Services } from "../services";
import { checkAccountExists, checkBusinessOfAccount } from "../businesses/routes";
import { dateRange, type ResourceDefinition } from "../resources/definition";
import { findRecord } from "../resources/list";
import { bodySchema, idParams, nullableId, personNameSchema, readRoutes, versionSchema } from "../resources/routes";
import { iso, rowsOf, type Executor } from "../resources/sql";
import { logActivity, notFoundOf, updateVersioned, versionedChange, recordCreated } from "../resources/writes";

export const userDefinition: ResourceDefinition = {
  name: "users",
  label: "user",
  from: "users u join accounts a on a.id = u.account_id left join businesses b on b.id = u.business_id",
  id: "u.id",
  where: "u.deleted_at is null",
  fields: {
    id: "u.id",
    version: "u.version",
    firstName: "u.first_name",
    lastName: "u.last_name",
    email: "u.email",
    role: "u.role",
    accountId: "u.account_id",
    accountName: "a.name",
    businessId: "u.business_id",
    businessName: "b.name",
    status: "u.status",
    lastSignInAt: iso("u.last_sign_in_at"),
    avatar: "u.avatar",
    createdAt: iso("u.created_at"),
  },
  accountExpr: "u.account_id",
  search: ["u.first_name", "u.last_name", "u.email"],
  filters: {
    role: { type: ROLES, expr: "u.role" },
    status: { type: USER_STATUSES, expr: "u.status" },
    accountId: { type: "string", expr: "u.account_id" },
    businessId: { type: "string", expr: "u.business_id" },
    ...dateRange("lastSignInAt", "u.last_sign_in_at"),
  },
  sorts: {
    lastName: { expr: "u.last_name" },
    firstName: { expr: "u.first_name" },
    email: { expr: "u.email" },
    role: { expr: "u.role" },
    status: { expr: "u.status" },
    lastSignInAt: { expr: "u.last_sign_in_at", nullable: true },
    createdAt: { expr: "u.created_at" },
    accountName: { expr: "a.name" },
    businessName: { expr: "b.name", nullable: true },
  },
  defaultSort: ["lastName", "ASC"],
};

/** Users made without a password (directly or invited) cannot sign in until they set one. */
export const NO_PASSWORD = "!no-password";

/** 422 email when any live user has it (the unique index compares lower-cased). */
export async function checkUserEmailFree(db: Executor, email: string, exceptId: string | null): Promise<void> {
  const [row] = await rowsOf(
    db,
    sql`select 1 from users where lower(email) = lower(${email}) and id <> ${exceptId ?? ""}`,
  );
  if (row) throw fieldError(422, "email", "This email is already used.");
}

const person = { firstName: personNameSchema, lastName: personNameSchema };

export function userRoutes(app: FastifyInstance, { db }: Services): void {
  const def = userDefinition;
  // GET users/{id} is for everybody within their scope (spec §2 /users/:userId, "Tested by").
  readRoutes(app, db, def, { list: ["SuperAdmin", "Admin", "Manager"], get: "signedIn", export: ["SuperAdmin"] });

  app.post<{ Body: UserCreate }>(
    "/users",
    {
      config: { access: ["SuperAdmin"] },
      schema: {
        body: bodySchema({
          ...person,
          email: emailSchema,
          role: { type: "string", enum: ROLES },
          accountId: { type: "string", maxLength: 100 },
          businessId: nullableId,
        }),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const record = await db.transaction(async (tx) => {
        await checkAccountExists(tx, body.accountId);
        await checkBusinessOfAccount(tx, body.accountId, body.businessId);
        await checkUserEmailFree(tx, body.email, null);
        const id = randomUUID();
        await tx.insert(users).values({
          id,
          ...body,
          firstName: body.firstName.trim(),
          lastName: body.lastName.trim(),
          passwordHash: NO_PASSWORD,
          status: "active",
        });
        return recordCreated(tx, def, caller, id);
      });
      return reply.status(201).send(record);
    },
  );

  app.put<{ Params: { id: string }; Body: UserUpdate }>(
    "/users/:id",
    {
      config: { access: "signedIn" },
      schema: {
        params: idParams,
        body: bodySchema(
          {
            ...person,
            version: versionSchema,
            email: emailSchema,
            accountId: { type: "string", maxLength: 100 },
            businessId: nullableId,
          },
          ["email", "accountId", "businessId"],
        ),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { version, ...body } = request.body;
      return versionedChange(db, def, users, caller, request.params.id, version, "update", async (current, tx) => {
        // The fields the caller may send for this user: the console offers the same ones.
        const allowed: string[] = userFieldsEditableBy(caller, {
          id: String(current.id),
          accountId: String(current.accountId),
        });
        if (allowed.length === 0) throw forbidden();
        const refused = Object.keys(body).find((field) => !allowed.includes(field));
        if (refused) throw fieldError(403, refused, "You may not change this field.");
        const accountId = body.accountId ?? String(current.accountId);
        if (body.accountId !== undefined) await checkAccountExists(tx, accountId);
        // Moving to another account without naming a business drops the old account's business.
        const businessId =
          body.businessId !== undefined ? body.businessId : accountId === current.accountId ? undefined : null;
        await checkBusinessOfAccount(tx, accountId, businessId);
        if (body.email !== undefined) await checkUserEmailFree(tx, body.email, request.params.id);
        return {
          ...body,
          firstName: body.firstName.trim(),
          lastName: body.lastName.trim(),
          ...(businessId === undefined ? {} : { businessId }),
        };
      });
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/users/:id",
    { config: { access: ["SuperAdmin"] }, schema: { params: idParams } },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      if (id === caller.id) throw new HttpError(422, "You cannot delete yourself.");
      // Soft delete (the row stays for audit and the tests it created); its tokens answer 499.
      return db.transaction(async (tx) => {
        const current = await findRecord(tx, def, caller, id);
        if (!current) throw notFoundOf(def);
        await updateVersioned(tx, def, users, id, Number(current.version), { deletedAt: new Date() });
        await logActivity(tx, {
          actorId: caller.id,
          action: "delete",
          resource: def.name,
          recordId: id,
          changes: current,
        });
        return current;
      });
    },
  );
}
