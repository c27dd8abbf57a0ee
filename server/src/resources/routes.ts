/**
 * The three read routes every resource has (list, export.csv, one record) wired from its
 * definition, plus the schemas write routes share.
 */
import type { FastifyInstance } from "fastify";
import {
  COUNTRY_CODE_PATTERN,
  contentRange,
  PERSON_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  RECORD_NAME_MAX_LENGTH,
} from "../../../src/api/rules";
import type { Access } from "../auth/guard";
import { callerOf } from "../auth/guard";
import type { Database } from "../db/client";
import type { ResourceDefinition } from "./definition";
import { exportPages, findRecord, listPage, listQuerySchema, parseList, type ListParams } from "./list";
import { sendCsv } from "./csv";
import { notFoundOf } from "./writes";

export interface ReadAccess {
  list: Access;
  get: Access;
  export: Access;
}

/** Record ids are strings; the bound keeps junk out. Not-found ids answer 404, never 400. */
export const idParams = {
  type: "object",
  required: ["id"],
  additionalProperties: false,
  properties: { id: { type: "string", minLength: 1, maxLength: 100 } },
} as const;

export const versionSchema = { type: "integer", minimum: 1 } as const;
export const countrySchema = { type: "string", pattern: COUNTRY_CODE_PATTERN.source } as const;
/** A person's first or last name. */
export const personNameSchema = { type: "string", minLength: 1, maxLength: PERSON_NAME_MAX_LENGTH } as const;
/** The name of an account or a business. */
export const recordNameSchema = { type: "string", minLength: 1, maxLength: RECORD_NAME_MAX_LENGTH } as const;
/** Optional in the console's forms: an untouched or emptied input sends nothing or null (stored ""). */
export const phoneSchema = {
  type: ["string", "null"],
  maxLength: PHONE_MAX_LENGTH,
  pattern: "^[0-9+() .-]*$",
} as const;
export const nullableId = { type: ["string", "null"], maxLength: 100 } as const;

/** A body schema: every listed property, all required unless named in `optional`. */
export function bodySchema(properties: Record<string, object>, optional: string[] = []) {
  return {
    type: "object",
    additionalProperties: false,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    properties,
  } as const;
}

export function readRoutes(app: FastifyInstance, db: Database, def: ResourceDefinition, access: ReadAccess): void {
  app.get<{ Querystring: ListParams }>(
    `/${def.name}`,
    { config: { access: access.list }, schema: { querystring: listQuerySchema } },
    async (request, reply) => {
      const page = await listPage(db, def, parseList(def, callerOf(request), request.query));
      return reply
        .header("content-range", contentRange(def.name, page.start, page.records.length, page.total))
        .header("access-control-expose-headers", "Content-Range")
        .send(page.records);
    },
  );

  app.get<{ Querystring: ListParams }>(
    `/${def.name}/export.csv`,
    { config: { access: access.export }, schema: { querystring: listQuerySchema } },
    async (request, reply) => {
      // The export ignores any range: every matching row, in the list's order.
      const parsed = parseList(def, callerOf(request), { sort: request.query.sort, filter: request.query.filter });
      return sendCsv(reply, def.name, Object.keys(def.fields), exportPages(db, def, parsed));
    },
  );

  app.get<{ Params: { id: string } }>(
    `/${def.name}/:id`,
    { config: { access: access.get }, schema: { params: idParams } },
    async (request) => {
      const record = await findRecord(db, def, callerOf(request), request.params.id);
      if (!record) throw notFoundOf(def);
      return record;
    },
  );
}
