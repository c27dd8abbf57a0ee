/**
 * The write routes of a resource, wired from its definition and table: create (201 with the new
 * record), update and the record actions (the version the body read, 409 on a stale one, the
 * activity log), delete. Each resource states only what differs: who, the summary, the body's
 * fields and what it writes.
 */
import { randomUUID } from "node:crypto";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import Type from "typebox";
import Value from "typebox/value";
import type { RouteBehaviour } from "../auth/guard";
import { declaredAccess, type RouteName } from "./routes";
import { ROUTE_DESCRIPTIONS } from "./listDocs";
import { callerOf } from "../auth/guard";
import type { Database } from "../db/client";
import type { UserRow } from "../users/queries";
import { requireRecentPasswordCheck } from "../users/passwordCheck";
import type { Caller, Fields, RecordOf, ResourceDefinition } from "./definition";
import { HEADERS, routeOptions, withHeaders } from "../docs/openapi";
import { answers, bodySchema, idParams, versionSchema } from "./schemas";
import type { Tx } from "./sql";
import { deleteRecord, recordCreated, versionedChange, type VersionedChange } from "./writes";

/** A body's value, from its fields' schemas. */
type BodyOf<P extends Type.TProperties> = Type.Static<Type.TObject<P>>;

/** The version a write read: the part of its body every versioned write has. */
const versionPart = Type.Object({ version: versionSchema });

/**
 * The value as its schema types it, where the schema is generic and Fastify's inference cannot
 * follow. Fastify validated it against the same schema already; this check cannot fail.
 */
function typed<S extends Type.TSchema>(schema: S, value: unknown): Type.Static<S> {
  if (!Value.Check(schema, value)) throw new Error("A validated body does not match its schema.");
  return value;
}

/** Who writes which record, for the write's own checks. */
export interface WriteContext {
  caller: UserRow;
  /** The record's id (in the path). */
  id: string;
  log: FastifyBaseLogger;
  /**
   * Something to do once the write is committed (an email about it), given the record as written;
   * never called for a refused or rolled-back write, and its failure does not fail the write.
   */
  afterCommit(work: (record: Record<string, unknown>) => Promise<void> | void): void;
}

/** A write route's words; who may call it is the contract's (`access` of src/api/contract). */
interface RouteText {
  summary: string;
  behaviour?: RouteBehaviour;
}

/** A create: the body's fields, and the INSERT of the new record under `id` (its checks first). */
export interface CreateOptions<P extends Type.TProperties> extends RouteText {
  fields: P;
  insert: (tx: Tx, body: BodyOf<P>, context: { caller: UserRow; id: string }) => Promise<void>;
}

/** A versioned write's body fields; `version` among them only to place it (see ChangeOptions). */
type VersionedFields = Type.TProperties & { version?: typeof versionSchema };

/**
 * An update or action: the body's fields, and `change`, which reads the body (its checks come
 * before the record is read) and answers what to write given the current record. The body also
 * carries `version`, the version it read: last in an update's fields, first in an action's,
 * unless `fields` names it where the document should show it.
 */
export interface ChangeOptions<F extends Fields, P extends VersionedFields> extends RouteText {
  fields: P;
  change: (body: BodyOf<Omit<P, "version">>, context: WriteContext) => VersionedChange<F>["values"];
}

/** A delete: the record's refusals, then its deletion (see deleteRecord). */
export interface DeleteOptions<F extends Fields> extends RouteText {
  remove: (tx: Tx, current: RecordOf<F>, caller: Caller) => Promise<void | (() => Promise<void>)>;
  /**
   * A high-impact delete (spec §6): refused (403 with this message, nothing written) unless the
   * caller passed the password re-check in the last 5 minutes.
   */
  recheck?: string;
}

export function writeRoutes<F extends Fields>(
  app: FastifyInstance,
  db: Database,
  def: ResourceDefinition<F>,
  table: PgTable,
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Typed loosely, like the read routes: the record goes out through its full schema.
  const responses = answers(def) as Record<"created" | "changed" | "deleted", Record<number, Type.TSchema>>;
  const described = (route: RouteName, { summary, behaviour }: RouteText) =>
    routeOptions(
      declaredAccess(def, route),
      def.name,
      summary,
      {
        description: ROUTE_DESCRIPTIONS[typeof route === "string" ? route : "action"],
        response: responses.changed,
      },
      behaviour,
    );

  /** PUT or POST on one record: check its version, write, log the difference; answers the record. */
  function changeRoute<P extends VersionedFields>(
    method: "PUT" | "POST",
    url: string,
    action: string,
    options: ChangeOptions<F, P>,
  ): void {
    const { version: named, ...others } = options.fields;
    const fields = Type.Object(others);
    // `version` where `fields` names it, else last in an update, first in an action.
    const body = bodySchema(
      named
        ? options.fields
        : method === "PUT"
          ? { ...others, version: versionSchema }
          : { version: versionSchema, ...others },
    );
    const { config, schema } = described(action === "update" ? "update" : { action }, options);
    api.route({
      method,
      url,
      config,
      schema: { ...schema, params: idParams, body },
      handler: async (request) => {
        const { version, ...rest } = typed(versionPart, request.body);
        const caller = callerOf(request);
        const { id } = request.params;
        const pending: Parameters<WriteContext["afterCommit"]>[0][] = [];
        const afterCommit: WriteContext["afterCommit"] = (work) => void pending.push(work);
        const values = options.change(typed(fields, rest), { caller, id, log: request.log, afterCommit });
        const record = await versionedChange({ db, def, table, caller, id, version, action, values });
        for (const work of pending) {
          try {
            await work(record as Record<string, unknown>);
          } catch (error) {
            request.log.error({ err: error }, `after ${action} of ${def.name} ${id}`);
          }
        }
        return record;
      },
    });
  }

  return {
    /**
     * POST /{resource}: the record inserted and logged in one transaction; 201 with it, and its
     * path (`/api/{resource}/{id}`, where GET reads it) in Location.
     */
    createRoute<P extends Type.TProperties>(options: CreateOptions<P>): void {
      const body = bodySchema(options.fields);
      const { config, schema } = described("create", options);
      const response = { ...responses.created, 201: withHeaders(responses.created[201]!, HEADERS.location) };
      api.post(`/${def.name}`, { config, schema: { ...schema, body: body, response } }, async (request, reply) => {
        const caller = callerOf(request);
        const id = randomUUID();
        const record = await db.transaction(async (tx) => {
          await options.insert(tx, typed(body, request.body), { caller, id });
          return recordCreated(tx, def, caller, id);
        });
        return reply.status(201).header("location", `${request.routeOptions.url}/${id}`).send(record);
      });
    },

    /** PUT /{resource}/{id}: the versioned update. */
    updateRoute<P extends VersionedFields>(options: ChangeOptions<F, P>): void {
      changeRoute("PUT", `/${def.name}/:id`, "update", options);
    },

    /** POST /{resource}/{id}/{action}: a versioned change logged under the action's name. */
    actionRoute<P extends VersionedFields>(action: string, options: ChangeOptions<F, P>): void {
      changeRoute("POST", `/${def.name}/:id/${action}`, action, options);
    },

    /**
     * DELETE /{resource}/{id}: the record in the caller's scope (else 404), then `remove` in the
     * same transaction (its refusals, then the deletion); answers the deleted record.
     */
    deleteRoute(options: DeleteOptions<F>): void {
      const { config, schema } = described("delete", options);
      api.delete(
        `/${def.name}/:id`,
        { config, schema: { ...schema, params: idParams, response: responses.deleted } },
        async (request) => {
          const caller = callerOf(request);
          return deleteRecord({
            db,
            def,
            caller,
            id: request.params.id,
            remove: (tx, current) => {
              // Once the record is found (an unknown one is 404 all the same), before anything is written.
              if (options.recheck) requireRecentPasswordCheck(caller, options.recheck);
              return options.remove(tx, current, caller);
            },
          });
        },
      );
    },
  };
}
