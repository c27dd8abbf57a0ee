/**
 * The routes every resource has, wired from its definition: list, export.csv, one record, and
 * the usual delete; and what its write routes share (who changes which record at which version).
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import Type from "typebox";
import { contentRange } from "../../../src/api/rules";
import type { Access } from "../auth/guard";
import { callerOf } from "../auth/guard";
import type { Database } from "../db/client";
import { recordSchema, type Caller, type Fields, type RecordOf, type ResourceDefinition } from "./definition";
import { exportPages, FILTER_MAX_LENGTH, findRecord, listPage, parseList } from "./list";
import { listQuerySchema } from "./listQuery";
import { sendCsv } from "./csv";
import { answers, describe, errors, idParams, SIGNED_IN_ERRORS } from "./schemas";
import type { Tx } from "./sql";
import { deleteRecord, notFoundOf, versionedChange, type VersionedChange } from "./writes";

export interface ReadAccess {
  list: Access;
  get: Access;
  export: Access;
}

/** A write route's request: the record's id in the path, the version it read in the body. */
type VersionedRequest = FastifyRequest & { params: { id: string }; body: { version: number } };

/** Who changes which record at which version. */
const changeTarget = (request: VersionedRequest) => ({
  caller: callerOf(request),
  id: request.params.id,
  version: request.body.version,
});

/**
 * versionedChange bound to one resource's table: `change(request, "update", values)` checks the
 * version the request's body read, writes, logs and answers the record.
 */
export const changesOf =
  <F extends Fields>(db: Database, def: ResourceDefinition<F>, table: PgTable) =>
  (request: VersionedRequest, action: string, values: VersionedChange<F>["values"]) =>
    versionedChange({ db, def, table, ...changeTarget(request), action, values });

export function readRoutes<F extends Fields>(
  app: FastifyInstance,
  db: Database,
  def: ResourceDefinition<F>,
  access: ReadAccess,
): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Typed loosely here: the generic fields' static type is beyond TypeScript; each record is
  // still answered through its full schema.
  const record: Type.TSchema = recordSchema(def);
  const querystring = listQuerySchema(FILTER_MAX_LENGTH);

  api.get(
    `/${def.name}`,
    {
      config: { access: access.list },
      schema: {
        ...describe(def.name, `List ${def.name} (ra-data-simple-rest: sort, range, filter; total in Content-Range)`),
        querystring,
        response: { 200: Type.Array(record), ...errors(...SIGNED_IN_ERRORS) },
      },
    },
    async (request, reply) => {
      const page = await listPage(db, def, parseList(def, callerOf(request), request.query));
      return reply
        .header("content-range", contentRange(def.name, page.start, page.records.length, page.total))
        .header("access-control-expose-headers", "Content-Range")
        .send(page.records);
    },
  );

  api.get(
    `/${def.name}/export.csv`,
    {
      config: { access: access.export },
      schema: {
        ...describe(def.name, `Export the ${def.name} list as CSV (every matching row, in the list's order)`),
        querystring,
        response: {
          200: { description: "CSV, one column per record field", content: { "text/csv": { schema: Type.String() } } },
          ...errors(...SIGNED_IN_ERRORS),
        },
      },
    },
    async (request, reply) => {
      // The export ignores any range: every matching row, in the list's order.
      const parsed = parseList(def, callerOf(request), { sort: request.query.sort, filter: request.query.filter });
      return sendCsv(reply, def.name, Object.keys(def.fields), exportPages(db, def, parsed));
    },
  );

  api.get(
    `/${def.name}/:id`,
    {
      config: { access: access.get },
      schema: {
        ...describe(def.name, `One ${def.label}`),
        params: idParams,
        response: { 200: record, ...errors(...SIGNED_IN_ERRORS, 404) },
      },
    },
    async (request) => {
      const found = await findRecord(db, def, callerOf(request), request.params.id);
      if (!found) throw notFoundOf(def);
      return found;
    },
  );
}

/**
 * DELETE /{resource}/{id}: the record in the caller's scope (else 404), then `remove` in the same
 * transaction (its refusals, then the deletion); answers the deleted record.
 */
export function deleteRoute<F extends Fields>(
  app: FastifyInstance,
  db: Database,
  def: ResourceDefinition<F>,
  options: {
    access: Access;
    summary: string;
    remove: (tx: Tx, current: RecordOf<F>, caller: Caller) => Promise<void | (() => Promise<void>)>;
  },
): void {
  // Loosely typed like the read routes: the record goes out through its full schema.
  const response = answers(def).deleted as Record<number, Type.TSchema>;
  app.withTypeProvider<TypeBoxTypeProvider>().delete(
    `/${def.name}/:id`,
    {
      config: { access: options.access },
      schema: { ...describe(def.name, options.summary), params: idParams, response },
    },
    async (request) => {
      const caller = callerOf(request);
      return deleteRecord({
        db,
        def,
        caller,
        id: request.params.id,
        remove: (tx, current) => options.remove(tx, current, caller),
      });
    },
  );
}
