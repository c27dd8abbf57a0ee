/**
 * Saved queries and bookmarks (docs/api-resources.md): per user, on the service, so they follow
 * the user to another browser. Super admins only (change log); each sees only their own.
 */
import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, count, eq, sql } from "drizzle-orm";
import Type from "typebox";
import { RESOURCES, type SavedQueryValue } from "../../../src/api/resources";
import {
  bookmarkListSchema,
  bookmarkListUpdateSchema,
  savedQueryCreateSchema,
  savedQuerySchema,
} from "../../../src/api/schemas/perUser";
import { callerOf } from "../auth/guard";
import { bookmarks, savedQueries } from "../db/schema";
import { fieldError, HttpError, notFound } from "../http/errors";
import type { Services } from "../services";
import { type Caller, type ResourceDefinition } from "../resources/definition";
import { stringEnum } from "../../../src/api/schemas/common";
import { accountDefinition } from "../accounts/routes";
import { businessDefinition } from "../businesses/routes";
import { deviceDefinition } from "../devices/routes";
import { discountDefinition } from "../discounts/routes";
import { firmwareDefinition } from "../firmware/routes";
import { paymentDefinition, subscriptionDefinition } from "../payments/billing";
import { findRecord, findRecords } from "../resources/list";
import { errors, idParams, SIGNED_IN_ERRORS } from "../resources/schemas";
import { iso, rowsOf, type Executor } from "../resources/sql";
import { userDefinition } from "./resource";
import { noContent, routeOptions } from "../docs/openapi";
import { logOwnActivity } from "../resources/writes";

const SA: ["SuperAdmin"] = ["SuperAdmin"];
export const MAX_SAVED_QUERIES = 50;
const resourceSchema = stringEnum(RESOURCES);

/** What a bookmark shows: the record's current name, by resource. */
const BOOKMARKABLE: Record<string, { def: ResourceDefinition; label: string } | undefined> = {
  accounts: { def: accountDefinition, label: "name" },
  businesses: { def: businessDefinition, label: "name" },
  users: { def: userDefinition, label: "email" },
  devices: { def: deviceDefinition, label: "serialNumber" },
  payments: { def: paymentDefinition, label: "invoiceNumber" },
  subscriptions: { def: subscriptionDefinition, label: "plan" },
  firmware: { def: firmwareDefinition, label: "firmwareVersion" },
  discounts: { def: discountDefinition, label: "code" },
};

/** The caller's bookmarks in their order, each labelled with its record's name: one read per resource. */
async function bookmarkList(db: Executor, caller: Caller) {
  const rows = await rowsOf(
    db,
    sql`select resource, record_id as "recordId", ${sql.raw(iso("created_at"))} as "createdAt"
        from bookmarks where user_id = ${caller.id} order by position`,
  );
  const records = new Map<string, Map<string, Record<string, unknown>>>();
  for (const resource of new Set(rows.map((row) => String(row.resource)))) {
    const known = BOOKMARKABLE[resource];
    if (!known) continue;
    const ids = rows.filter((row) => row.resource === resource).map((row) => String(row.recordId));
    records.set(resource, await findRecords(db, known.def, caller, ids));
  }
  const items = [];
  for (const row of rows) {
    const known = BOOKMARKABLE[String(row.resource)];
    const record = records.get(String(row.resource))?.get(String(row.recordId));
    // A record deleted since it was bookmarked drops out of the list.
    if (!record || !known) continue;
    items.push({
      resource: row.resource as (typeof RESOURCES)[number],
      recordId: String(row.recordId),
      label: String(record[known.label] ?? ""),
      createdAt: String(row.createdAt),
    });
  }
  return { items };
}

const savedQueryColumns = {
  id: savedQueries.id,
  resource: savedQueries.resource,
  label: savedQueries.label,
  value: savedQueries.value,
  createdAt: savedQueries.createdAt,
};

/** A saved query as answered: its date as an ISO string. */
const savedQueryOf = (row: {
  id: string;
  resource: string;
  label: string;
  value: SavedQueryValue;
  createdAt: Date;
}) => ({
  ...row,
  resource: row.resource as (typeof RESOURCES)[number],
  createdAt: row.createdAt.toISOString(),
});

export const perUserRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    "/saved-queries",
    routeOptions(SA, "saved-queries", "The caller's saved queries of one list, oldest first", {
      description: "Only the caller's own; `resource` names the list.",
      querystring: Type.Object({ resource: resourceSchema }, { additionalProperties: false }),
      response: { 200: Type.Array(savedQuerySchema), ...errors(...SIGNED_IN_ERRORS) },
    }),
    async (request) => {
      const rows = await db
        .select(savedQueryColumns)
        .from(savedQueries)
        .where(and(eq(savedQueries.userId, callerOf(request).id), eq(savedQueries.resource, request.query.resource)))
        .orderBy(asc(savedQueries.createdAt), asc(savedQueries.id));
      return rows.map(savedQueryOf);
    },
  );

  api.post(
    "/saved-queries",
    routeOptions(SA, "saved-queries", "Save a list query under a label (unique per user and list)", {
      description: `422 for a label already used on this list (case aside), a label outside 1 to 80 characters, a query too large, or past ${MAX_SAVED_QUERIES} queries on the list.`,
      body: savedQueryCreateSchema,
      response: { 201: savedQuerySchema, ...errors(...SIGNED_IN_ERRORS, 422) },
    }),
    async (request, reply) => {
      const caller = callerOf(request);
      const label = request.body.label.trim();
      if (label.length < 1 || label.length > 80) throw fieldError(422, "label", "1 to 80 characters.");
      if (JSON.stringify(request.body.value).length > 20_000)
        throw fieldError(422, "value", "This query is too large.");
      const row = await db.transaction(async (tx) => {
        const mine = and(eq(savedQueries.userId, caller.id), eq(savedQueries.resource, request.body.resource));
        const [same] = await tx
          .select({ id: savedQueries.id })
          .from(savedQueries)
          .where(and(mine, sql`lower(${savedQueries.label}) = lower(${label})`));
        if (same) throw fieldError(422, "label", "You already have a saved query with this name.");
        const [counted] = await tx.select({ n: count() }).from(savedQueries).where(mine);
        if ((counted?.n ?? 0) >= MAX_SAVED_QUERIES)
          throw new HttpError(422, `You can keep at most ${MAX_SAVED_QUERIES} saved queries per list.`);
        const [inserted] = await tx
          .insert(savedQueries)
          .values({
            id: randomUUID(),
            userId: caller.id,
            resource: request.body.resource,
            label,
            // Stored as given (the list's own filter); the schema checked its shape.
            value: request.body.value as SavedQueryValue,
          })
          .returning(savedQueryColumns);
        await logOwnActivity(tx, caller, "save-query", { list: request.body.resource, label });
        return inserted!;
      });
      return reply.status(201).send(savedQueryOf(row));
    },
  );

  api.delete(
    "/saved-queries/:id",
    routeOptions(SA, "saved-queries", "Delete one of the caller's saved queries", {
      description: "404 for another user's query, as for an unknown one.",
      params: idParams,
      response: {
        204: noContent("Deleted: no body."),
        ...errors(...SIGNED_IN_ERRORS, 404),
      },
    }),
    async (request, reply) => {
      const caller = callerOf(request);
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(savedQueries)
          .where(and(eq(savedQueries.id, request.params.id), eq(savedQueries.userId, caller.id)))
          .returning({ list: savedQueries.resource, label: savedQueries.label });
        if (!deleted) throw notFound("Saved query not found.");
        await logOwnActivity(tx, caller, "delete-query", deleted);
      });
      return reply.status(204).send(null);
    },
  );

  api.get(
    "/bookmarks",
    routeOptions(SA, "bookmarks", "The caller's bookmarks, each labelled with its record's current name", {
      description: "In the caller's order.",
      response: { 200: bookmarkListSchema, ...errors(...SIGNED_IN_ERRORS) },
    }),
    async (request) => bookmarkList(db, callerOf(request)),
  );

  api.put(
    "/bookmarks",
    routeOptions(SA, "bookmarks", "Replace the caller's whole bookmark list", {
      description:
        "The list as sent, in its order, a repeated record kept once; a bookmark kept from before keeps its date. 422 names an item whose record does not exist.",
      body: bookmarkListUpdateSchema,
      response: { 200: bookmarkListSchema, ...errors(...SIGNED_IN_ERRORS, 422) },
    }),
    async (request) => {
      const caller = callerOf(request);
      return db.transaction(async (tx) => {
        const seen = new Set<string>();
        const items = request.body.items.filter((item) => {
          const key = `${item.resource}/${item.recordId}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
        for (const [i, item] of items.entries()) {
          const record = await findRecord(tx, BOOKMARKABLE[item.resource]!.def, caller, item.recordId);
          if (!record) throw fieldError(422, `items[${i}].recordId`, "No such record.");
        }
        // Entries kept from before keep their createdAt; the list is replaced as a whole.
        const before = await tx.select().from(bookmarks).where(eq(bookmarks.userId, caller.id));
        const since = new Map(before.map((row) => [`${row.resource}/${row.recordId}`, row.createdAt]));
        await tx.delete(bookmarks).where(eq(bookmarks.userId, caller.id));
        if (items.length > 0) {
          await tx.insert(bookmarks).values(
            items.map((item, position) => ({
              userId: caller.id,
              resource: item.resource,
              recordId: item.recordId,
              position,
              createdAt: since.get(`${item.resource}/${item.recordId}`) ?? new Date(),
            })),
          );
        }
        await logOwnActivity(tx, caller, "bookmarks", { bookmarks: [before.length, items.length] });
        return bookmarkList(tx, caller);
      });
    },
  );
};
