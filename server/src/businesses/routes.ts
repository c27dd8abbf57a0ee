/** Businesses, the locations of an account (docs/api-resources.md "Businesses"). */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { BusinessCreate, BusinessUpdate } from "../../../src/api/resources";
import { ADDRESS_MAX_LENGTH, CITY_MAX_LENGTH } from "../../../src/api/rules";
import { callerOf } from "../auth/guard";
import { businesses, devices, invitations, tests, users } from "../db/schema";
import { fieldError, HttpError } from "../http/errors";
import type { Services } from "../services";
import type { ResourceDefinition } from "../resources/definition";
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
import { logActivity, notFoundOf, versionedChange, recordCreated } from "../resources/writes";

const ownerName = fullName("o");

export const businessDefinition: ResourceDefinition = {
  name: "businesses",
  label: "business",
  from: "businesses b join accounts a on a.id = b.account_id left join users o on o.id = b.owner_id",
  id: "b.id",
  fields: {
    id: "b.id",
    version: "b.version",
    name: "b.name",
    accountId: "b.account_id",
    accountName: "a.name",
    ownerId: "b.owner_id",
    ownerName,
    address: "b.address",
    city: "b.city",
    country: "b.country",
    phone: "b.phone",
    createdAt: iso("b.created_at"),
  },
  accountExpr: "b.account_id",
  search: ["b.name", "b.address", "b.city", ownerName],
  filters: {
    accountId: { type: "string", expr: "b.account_id" },
    country: { type: "string", expr: "b.country" },
    city: { type: "string", expr: "b.city" },
  },
  sorts: {
    name: { expr: "b.name" },
    city: { expr: "b.city" },
    country: { expr: "b.country" },
    ownerName: { expr: ownerName, nullable: true },
    createdAt: { expr: "b.created_at" },
  },
  defaultSort: ["name", "ASC"],
};

/** 422 `field` unless `userId` is a live user of the account. */
export async function checkUserOfAccount(
  db: Executor,
  field: string,
  accountId: string,
  userId: string | null | undefined,
) {
  if (userId === null || userId === undefined) return;
  const [row] = await rowsOf(
    db,
    sql`select 1 from users where id = ${userId} and account_id = ${accountId} and deleted_at is null`,
  );
  if (!row) throw fieldError(422, field, "Choose a user of this account.");
}

/** 422 `businessId` unless the business belongs to the account. */
export async function checkBusinessOfAccount(db: Executor, accountId: string, businessId: string | null | undefined) {
  if (businessId === null || businessId === undefined) return;
  const [row] = await rowsOf(db, sql`select 1 from businesses where id = ${businessId} and account_id = ${accountId}`);
  if (!row) throw fieldError(422, "businessId", "Choose a business of this account.");
}

export async function checkAccountExists(db: Executor, accountId: string) {
  const [row] = await rowsOf(db, sql`select 1 from accounts where id = ${accountId}`);
  if (!row) throw fieldError(422, "accountId", "No such account.");
}

const fields = {
  name: recordNameSchema,
  ownerId: nullableId,
  address: { type: "string", maxLength: ADDRESS_MAX_LENGTH },
  city: { type: "string", maxLength: CITY_MAX_LENGTH },
  country: countrySchema,
  phone: phoneSchema,
  accountId: { type: "string", maxLength: 100 },
};

export function businessRoutes(app: FastifyInstance, { db }: Services): void {
  const def = businessDefinition;
  readRoutes(app, db, def, { list: "signedIn", get: "signedIn", export: ["SuperAdmin", "Admin"] });

  app.post<{ Body: BusinessCreate }>(
    "/businesses",
    {
      config: { access: ["SuperAdmin", "Admin"] },
      schema: { body: bodySchema(fields, ["ownerId", "accountId", "phone"]) },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { accountId: named, ownerId = null, ...rest } = request.body;
      // Admins add locations to their own account (spec §2 /add-new-location); accountId is ignored.
      const accountId = caller.role === "SuperAdmin" ? named : caller.accountId;
      if (accountId === undefined) throw fieldError(400, "accountId", "accountId is required");
      const record = await db.transaction(async (tx) => {
        await checkAccountExists(tx, accountId);
        await checkUserOfAccount(tx, "ownerId", accountId, ownerId);
        const id = randomUUID();
        await tx
          .insert(businesses)
          .values({ id, accountId, ownerId, ...rest, name: rest.name.trim(), phone: rest.phone ?? "" });
        return recordCreated(tx, def, caller, id);
      });
      return reply.status(201).send(record);
    },
  );

  app.put<{ Params: { id: string }; Body: BusinessUpdate }>(
    "/businesses/:id",
    {
      config: { access: ["SuperAdmin", "Admin"] },
      schema: {
        params: idParams,
        body: bodySchema({ ...fields, version: versionSchema }, ["ownerId", "accountId", "phone"]),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      // accountId is read-only here (a business does not move between accounts).
      const { version, accountId: _ignored, ...body } = request.body;
      return versionedChange(db, def, businesses, caller, request.params.id, version, "update", async (current, tx) => {
        await checkUserOfAccount(tx, "ownerId", String(current.accountId), body.ownerId);
        return { ...body, name: body.name.trim(), phone: body.phone ?? "" };
      });
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/businesses/:id",
    { config: { access: ["SuperAdmin"] }, schema: { params: idParams } },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      return db.transaction(async (tx) => {
        const current = await findRecord(tx, def, caller, id);
        if (!current) throw notFoundOf(def);
        const [withTests] = await tx.select({ id: tests.id }).from(tests).where(eq(tests.businessId, id)).limit(1);
        // Test records must keep their location (spec §3): such a business cannot go.
        if (withTests) throw new HttpError(422, "This business has test records and cannot be deleted.");
        // Its users and devices stay in the account without a business.
        // Their records changed, so their versions move on too.
        await tx
          .update(users)
          .set({ businessId: null, version: sql`${users.version} + 1` })
          .where(eq(users.businessId, id));
        await tx
          .update(devices)
          .set({ businessId: null, version: sql`${devices.version} + 1` })
          .where(eq(devices.businessId, id));
        await tx.update(invitations).set({ businessId: null }).where(eq(invitations.businessId, id));
        await tx.delete(businesses).where(eq(businesses.id, id));
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
