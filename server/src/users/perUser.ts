/**
 * Saved queries and bookmarks (docs/api-resources.md): per user, on the service, so they follow
 * the user to another browser. Super admins only (change log); each sees only their own.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { RESOURCES, type BookmarkListUpdate, type SavedQueryCreate } from "../../../src/api/resources";
import { callerOf } from "../auth/guard";
import { bookmarks, savedQueries } from "../db/schema";
import { fieldError, HttpError, notFound } from "../http/errors";
import type { Services } from "../services";
import type { Caller } from "../resources/definition";
import { accountDefinition } from "../accounts/routes";
import { businessDefinition } from "../businesses/routes";
import { deviceDefinition } from "../devices/routes";
import { discountDefinition } from "../discounts/routes";
import { firmwareDefinition } from "../firmware/routes";
import { paymentDefinition, subscriptionDefinition } from "../payments/billing";
import { findRecord } from "../resources/list";
import { bodySchema, idParams } from "../resources/routes";
import { iso, rowsOf, type Executor } from "../resources/sql";
import { userDefinition } from "./resource";

const SA: ["SuperAdmin"] = ["SuperAdmin"];
export const MAX_SAVED_QUERIES = 50;
export const MAX_BOOKMARKS = 500;
const resourceSchema = { type: "string", enum: RESOURCES } as const;

/** What a bookmark shows: the record's current name, by resource. */
const BOOKMARKABLE = {
  accounts: { def: accountDefinition, label: "name" },
  businesses: { def: businessDefinition, label: "name" },
  users: { def: userDefinition, label: "email" },
  devices: { def: deviceDefinition, label: "serialNumber" },
  payments: { def: paymentDefinition, label: "invoiceNumber" },
  subscriptions: { def: subscriptionDefinition, label: "plan" },
  firmware: { def: firmwareDefinition, label: "firmwareVersion" },
  discounts: { def: discountDefinition, label: "code" },
} as const;

async function bookmarkList(db: Executor, caller: Caller) {
  const rows = await rowsOf(
    db,
    sql`select resource, record_id as "recordId", ${sql.raw(iso("created_at"))} as "createdAt"
        from bookmarks where user_id = ${caller.id} order by position`,
  );
  const items = [];
  for (const row of rows) {
    const known = BOOKMARKABLE[row.resource as keyof typeof BOOKMARKABLE];
    const record = known ? await findRecord(db, known.def, caller, String(row.recordId)) : undefined;
    // A record deleted since it was bookmarked drops out of the list.
    if (!record || !known) continue;
    items.push({
      resource: row.resource,
      recordId: row.recordId,
      label: String(record[known.label] ?? ""),
      createdAt: row.createdAt,
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

export function perUserRoutes(app: FastifyInstance, { db }: Services): void {
  app.get<{ Querystring: { resource: string } }>(
    "/saved-queries",
    {
      config: { access: SA },
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          required: ["resource"],
          properties: { resource: resourceSchema },
        },
      },
    },
    async (request) => {
      const rows = await db
        .select(savedQueryColumns)
        .from(savedQueries)
        .where(and(eq(savedQueries.userId, callerOf(request).id), eq(savedQueries.resource, request.query.resource)))
        .orderBy(asc(savedQueries.createdAt), asc(savedQueries.id));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  );

  app.post<{ Body: SavedQueryCreate }>(
    "/saved-queries",
    {
      config: { access: SA },
      schema: {
        body: bodySchema({
          resource: resourceSchema,
          label: { type: "string", maxLength: 200 },
          value: {
            type: "object",
            required: ["filter", "sort", "perPage"],
            additionalProperties: false,
            properties: {
              filter: { type: "object" },
              sort: {
                type: "object",
                required: ["field", "order"],
                additionalProperties: false,
                properties: {
                  field: { type: "string", maxLength: 100 },
                  order: { type: "string", enum: ["ASC", "DESC"] },
                },
              },
              perPage: { type: "integer", minimum: 1, maximum: 100 },
              displayedFilters: { type: "object" },
            },
          },
        }),
      },
    },
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
            value: request.body.value,
          })
          .returning(savedQueryColumns);
        return inserted!;
      });
      return reply.status(201).send({ ...row, createdAt: row.createdAt.toISOString() });
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/saved-queries/:id",
    { config: { access: SA }, schema: { params: idParams } },
    async (request, reply) => {
      const deleted = await db
        .delete(savedQueries)
        .where(and(eq(savedQueries.id, request.params.id), eq(savedQueries.userId, callerOf(request).id)))
        .returning({ id: savedQueries.id });
      if (deleted.length === 0) throw notFound("Saved query not found.");
      return reply.status(204).send();
    },
  );

  app.get("/bookmarks", { config: { access: SA } }, async (request) => bookmarkList(db, callerOf(request)));

  app.put<{ Body: BookmarkListUpdate }>(
    "/bookmarks",
    {
      config: { access: SA },
      schema: {
        body: bodySchema({
          items: {
            type: "array",
            maxItems: MAX_BOOKMARKS,
            items: {
              type: "object",
              required: ["resource", "recordId"],
              additionalProperties: false,
              properties: { resource: resourceSchema, recordId: { type: "string", minLength: 1, maxLength: 100 } },
            },
          },
        }),
      },
    },
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
          const record = await findRecord(
            tx,
            BOOKMARKABLE[item.resource as keyof typeof BOOKMARKABLE].def,
            caller,
            item.recordId,
          );
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
        return bookmarkList(tx, caller);
      });
    },
  );
}
