/**
 * The routes every resource has, wired from its definition: list, export.csv and one record
 * (the write routes are in writeRoutes.ts).
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import Type from "typebox";
import { contentRange, LIST_EXACT_TOTAL } from "../../../src/api/rules";
import type { ResourceAccess, RouteAccess } from "../../../src/api/contract/declare";
import { callerOf } from "../auth/guard";
import { guardRidesAlong, readWithGuard } from "../auth/guardAlong";
import type { Database } from "../db/client";
import { recordSchema, type Fields, type ResourceDefinition } from "./definition";
import { exportPages, FILTER_MAX_LENGTH, findRecord, listPage, parseListIn, querySpecOf } from "./list";
import { listQueryDocs, resourceFilterWords, ROUTE_DESCRIPTIONS } from "./listDocs";
import { listQuerySchema } from "./listQuery";
import { sendCsv } from "./csv";
import { errors, idParams, SIGNED_IN_ERRORS } from "./schemas";
import { notFoundOf } from "./writes";
import { routeOptions } from "../docs/openapi";

/** One of a resource's routes: list, get, export, create, update, delete, or a record action. */
export type RouteName = Exclude<keyof ResourceAccess, "actions"> | { action: string };

/** Who may call the route, from the resource's contract; a route it declares for nobody is not served. */
export function declaredAccess(def: ResourceDefinition, route: RouteName): RouteAccess {
  const access = typeof route === "string" ? def.access[route] : def.access.actions?.[route.action];
  if (access === undefined) {
    throw new Error(`${def.name}: its contract declares who may call ${JSON.stringify(route)}, and nobody may`);
  }
  return access;
}

/**
 * How a list says what it is, when the generic words do not: its summary, and the exact total it
 * counts up to past the page (LIST_EXACT_TOTAL by default; beyond it the total is `*`).
 */
export interface ListWords {
  summary?: string;
  exactTotal?: number;
}

/** The list, and the record and the CSV export where its contract declares who may call them. */
export function readRoutes<F extends Fields>(
  app: FastifyInstance,
  db: Database,
  def: ResourceDefinition<F>,
  { exactTotal = LIST_EXACT_TOTAL, summary }: ListWords = {},
): void {
  const access = def.access;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Typed loosely here: the generic fields' static type is beyond TypeScript; each record is
  // still answered through its full schema.
  const record: Type.TSchema = recordSchema(def);
  const querystring = listQuerySchema(FILTER_MAX_LENGTH, listQueryDocs(querySpecOf(def), resourceFilterWords(def)));

  api.get(
    `/${def.name}`,
    guardRidesAlong(
      routeOptions(
        access.list,
        def.name,
        summary ??
          `List ${def.name} (ra-data-simple-rest: sort, range, filter; total in Content-Range, counted up to ${exactTotal.toLocaleString("en")} past the page, else \`*\`)`,
        {
          description: ROUTE_DESCRIPTIONS.list,
          querystring,
          response: { 200: Type.Array(record), ...errors(...SIGNED_IN_ERRORS) },
        },
      ),
    ),
    async (request, reply) => {
      // On PostgreSQL the guard's check is read in the page's own statement (auth/guardAlong.ts).
      const page = await readWithGuard(request, async (guardColumn) =>
        listPage(db, def, await parseListIn(db, def, callerOf(request), request.query), {
          guardColumn,
          // One more than the exact total shown (and past the page): reaching it means a next page.
          countUpTo: exactTotal + 1,
        }),
      );
      return reply
        .header("content-range", contentRange(def.name, page.start, page.records.length, page.total, page.atLeast))
        .send(page.records);
    },
  );

  if (access.export) {
    api.get(
      `/${def.name}/export.csv`,
      routeOptions(
        access.export,
        def.name,
        `Export the ${def.name} list as CSV (every matching row, in the list's order)`,
        {
          description: ROUTE_DESCRIPTIONS.export,
          querystring,
          response: {
            200: {
              description: "CSV, one column per record field; amounts in major units (149.00), beside their currency",
              content: { "text/csv": { schema: Type.String() } },
            },
            ...errors(...SIGNED_IN_ERRORS),
          },
        },
      ),
      async (request, reply) => {
        // The export ignores any range: every matching row, in the list's order.
        const parsed = await parseListIn(db, def, callerOf(request), {
          sort: request.query.sort,
          filter: request.query.filter,
        });
        return sendCsv(reply, def.name, Object.keys(def.fields), exportPages(db, def, parsed), def.contract.money);
      },
    );
  }

  if (access.get) {
    api.get(
      `/${def.name}/:id`,
      routeOptions(access.get, def.name, `One ${def.label}`, {
        description: ROUTE_DESCRIPTIONS.get,
        params: idParams,
        response: { 200: record, ...errors(...SIGNED_IN_ERRORS, 404) },
      }),
      async (request) => {
        const found = await findRecord(db, def, callerOf(request), request.params.id);
        if (!found) throw notFoundOf(def);
        return found;
      },
    );
  }
}
