/**
 * The OpenAPI document's side of the routes: the refusal answers a route declares, and the
 * @fastify/swagger options. Who may call a route is said once, in its `config.access`: the
 * document's `security` and its `x-access` (shown by GET /api/docs) are derived from it here.
 * So is what every operation shares and no route should spell out by hand: its `operationId` (from
 * its method and URL), the headers of a list's answer (Content-Range, X-Total-Count) and of a
 * download (Content-Disposition), and a 204's empty body (see `swaggerOptions`'s transform).
 */
import { readFileSync } from "node:fs";
import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import type { FastifyReply, FastifyRequest } from "fastify";
import Type, { type TSchema } from "typebox";
import { CONTRACTS } from "../../../src/api/contract";
import type { Access, RouteBehaviour } from "../auth/guard";
import { METHODS_WITH_BODY, UNDECODABLE_BODY } from "../http/requestBody";
import { recordExampleOf } from "./examples";

export const BEARER = "bearerAuth";

/**
 * A route schema's key for a body that Fastify must not validate (a multipart form, a body that may
 * be missing altogether) but the document should show: the handler checks it.
 */
export const DOCUMENTED_BODY = "documentedBody";

/** Every 4xx answer: `{message}`, and `errors` (field → why) when fields are at fault. */
export const refusalSchema = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
type RefusalSchema = typeof refusalSchema;

/** What the common refusals mean, when a route says nothing more precise (docs/api.md "Errors"). */
const USUAL: Record<number, string> = {
  400: "Invalid request: the message names the field.",
  401: "No token, a bad one, or an expired one or one whose sign-in ended (`token_expired`: refresh and retry; the refresh of an ended sign-in, a disabled user's too, is refused).",
  403: "The caller's role may not do this.",
  404: "Not found (or not visible to the caller).",
  409: "Conflict with the current state.",
  413: "The body is too large.",
  429: "Too many failed sign-in attempts.",
  499: "The token's user was deleted (`User deleted`).",
};

/**
 * Response schemas for a route's refusals, each `{message}` (and `errors` naming fields), e.g.
 * `refusals({ 400: true, 404: "Test not found" })` (true: the usual meaning).
 */
export function refusals<const T extends Record<number, string | true>>(codes: T): { [K in keyof T]: RefusalSchema } {
  const out: Record<number, RefusalSchema> = {};
  for (const [code, text] of Object.entries(codes)) {
    const description = text === true ? (USUAL[Number(code)] ?? "Refused.") : text;
    out[Number(code)] = Type.Object(refusalSchema.properties, { description });
  }
  return out as { [K in keyof T]: RefusalSchema };
}

/** The refusals every route behind the guard can answer (auth/guard.ts). */
export const GUARD_REFUSALS = { 401: true, 499: true } as const;

/** The tags of the routes that are not a declared resource's, in the order the app registers them (features.ts). */
const SERVICE_TAGS: readonly { name: string; description: string }[] = [
  {
    name: "Health",
    description: "Whether the service, its database and its file store answer (the console's start-up check).",
  },
  {
    name: "Session",
    description:
      "Sign-in, token refresh and sign-out, the token check, the password re-check and the caller's subscription status.",
  },
  {
    name: "Tests",
    description: "Test records: the gallery, one test with its files, edits, deletion, sharing, zips and uploads.",
  },
  {
    name: "Files",
    description: "A test's files and their thumbnails, by the signed links the answers carry (no token).",
  },
  { name: "Bulk downloads", description: "One zip of many tests, built in the background and kept 24 hours." },
  { name: "AI", description: "AI analyses of a test run: start a job, poll it, read the latest result." },
  { name: "invitations", description: "A pending invitation by its code, and its acceptance (public)." },
  {
    name: "Public flows",
    description: "What a guest finishes from an email: a device's unsubscribe link, a data-deletion request.",
  },
  { name: "saved-queries", description: "The caller's saved list queries, per list." },
  { name: "bookmarks", description: "The caller's bookmarked records." },
  { name: "phones", description: "The phones used with the devices: the ranking of models, and one model's figures." },
  { name: "User settings", description: "The caller's own preferences, password and avatar." },
  { name: "box-type-settings", description: "Each device type's settings (Advanced Settings)." },
  { name: "device-config", description: "The device app's configuration, and whether it must reset." },
  { name: "Dashboard", description: "Home's figures for the caller's role." },
  {
    name: "Search",
    description:
      "The command palette's records: accounts, businesses, users, devices and tests, as the caller's lists show them.",
  },
  {
    name: "Live changes",
    description:
      "Which of the caller's lists changed, as it happens: a Server-Sent Events stream (optional to a console).",
  },
  {
    name: "Register and forgot password",
    description: "Registering a new account, and resetting a forgotten password, by emailed link.",
  },
];

/**
 * The document's tags, each with what it groups: the service's own, then each declared resource's
 * (its name, its contract's description). Every tag a route uses must be one of them, and every
 * one used (tests/server/openapi.test.ts).
 */
export const TAGS: readonly { name: string; description: string }[] = [
  ...SERVICE_TAGS,
  ...Object.values(CONTRACTS).map(({ name, description }) => ({ name, description })),
];

/** A response header, as a route's answer schema declares it (@fastify/swagger documents `headers`). */
interface HeaderSchema {
  type: "string" | "integer";
  description: string;
  minimum?: number;
  example?: string | number;
}

/** The response headers the service sends, by name, for the document. */
export const HEADERS = {
  contentRange: {
    "Content-Range": {
      type: "string",
      description:
        "The page and the total, as ra-data-simple-rest reads it: `<resource> <first>-<last>/<total>`, or `<resource> */<total>` for a page past the end (`*` as the total when it is not counted).",
      example: "accounts 0-24/319",
    },
  },
  totalCount: {
    "X-Total-Count": {
      type: "integer",
      minimum: 0,
      description:
        "The same total as Content-Range's (ra-data-simple-rest's other `countHeader`); absent when it is not counted.",
      example: 319,
    },
  },
  location: {
    Location: {
      type: "string",
      description: "The created record's own path, `/api/<resource>/<id>`.",
      example: "/api/accounts/10000000-0000-4000-8000-000000000002",
    },
  },
  retryAfter: {
    "Retry-After": {
      type: "integer",
      minimum: 1,
      description: "Seconds to wait before trying again.",
      example: 600,
    },
  },
  contentDisposition: {
    "Content-Disposition": {
      type: "string",
      description: "`attachment` with the file's name: the answer is a file to save.",
      example: 'attachment; filename="accounts-2025-01-31.csv"',
    },
  },
} as const satisfies Record<string, Record<string, HeaderSchema>>;

/** A response schema with headers it documents (no effect on what is sent, nor on serialization). */
export const withHeaders = <S extends object>(schema: S, headers: Record<string, HeaderSchema>): S => {
  const own = (schema as { headers?: Record<string, HeaderSchema> }).headers;
  return { ...schema, headers: { ...own, ...headers } };
};

/**
 * A 429 that says how long to wait: in its message, and in Retry-After (seconds), which its
 * handler sends (http/errors.ts tooMany). The document gives every 429 Retry-After anyway.
 */
export const tooManyWithRetryAfter = (description: string) => ({
  429: withHeaders(refusals({ 429: description })[429], HEADERS.retryAfter),
});

interface RouteSchemaShape {
  querystring?: unknown;
  response?: Record<string, unknown>;
}

/**
 * A list in ra-data-simple-rest's manner: it takes `range` and answers an array, with its total in
 * Content-Range (every list does: the resources', the gallery, the ranking, the activity log…).
 */
export function isListRoute(schema: RouteSchemaShape | undefined): boolean {
  const takes = (schema?.querystring as { properties?: Record<string, unknown> } | undefined)?.properties;
  const answer = schema?.response?.["200"] as { type?: unknown } | undefined;
  return takes?.range !== undefined && answer?.type === "array";
}

/** `… 0-24/319` → 319; undefined for `…/*` (not counted) or no Content-Range. */
export function totalOfContentRange(value: unknown): string | undefined {
  return typeof value === "string" ? /\/(\d+)$/.exec(value)?.[1] : undefined;
}

/**
 * A list's answer says its total twice: Content-Range (set by its handler) and X-Total-Count with
 * the same number (ra-data-simple-rest's other `countHeader`, and json-server's convention).
 * Access-Control-Expose-Headers is the contract's (Content-Range), set here for every list: the
 * console is served from the same origin.
 */
export async function sendListHeaders(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const range = reply.getHeader("content-range");
  if (range === undefined) return payload;
  reply.header("access-control-expose-headers", "Content-Range");
  const total = totalOfContentRange(range);
  if (total !== undefined) reply.header("x-total-count", total);
  return payload;
}

/**
 * A route's options: who may call it (`config.access`, from which the document's `security`
 * follows), its OpenAPI tag and summary, then the rest of its schema, and what else it does
 * (`behaviour`, in its config too). A list (`isListRoute`) also sends X-Total-Count beside its
 * Content-Range, and exposes Content-Range (sendListHeaders).
 */
export const routeOptions = <S extends object>(
  access: Access,
  tag: string,
  summary: string,
  schema: S,
  behaviour: RouteBehaviour = {},
) => ({
  config: { access, ...behaviour },
  schema: { tags: [tag], summary, ...schema },
  ...(isListRoute(schema) ? { onSend: sendListHeaders } : {}),
});

/** A success answer's schema with what it means, for the document (an annotation: nothing else changes). */
export const described = <S extends TSchema>(schema: S, description: string): S => ({ ...schema, description }) as S;

/** A 204: done, no body (the document shows no content for it). */
export const noContent = (description = "Done; no body.") => Type.Null({ description });

/** A binary answer (a file, a zip), streamed as it is: no serialisation applies to it. */
export const binary = (contentType: string | readonly string[], description: string) => ({
  description,
  content: Object.fromEntries(
    [contentType].flat().map((type) => [type, { schema: { type: "string", format: "binary" } }]),
  ),
});

/** The media types whose answers are always files to save: the document shows their Content-Disposition. */
export const DOWNLOAD_TYPES = ["application/zip", "text/csv", "application/octet-stream"];

/** How the page and the document say who may call a route. */
export function describeAccess(access: Access | undefined): string {
  if (access === undefined) return "undeclared";
  if (access === "public") return "anybody (no token)";
  if (access === "signedIn") return "any signed-in user";
  return `signed-in ${access.join(", ")}`;
}

/**
 * An operation's `operationId`, from its method and URL alone, so it never changes unless they do:
 * camelCase words of the path after `/api`, a parameter read as `By<Name>`.
 * `GET /api/accounts/:id` → `getAccountsById`; `POST /api/v2/auth/login` → `postV2AuthLogin`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, "")
    .replace(/[:{](\w+)\}?/g, " by $1 ")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "");
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return [method.toLowerCase(), ...words.map(capital)].join("");
}

export interface PackageInfo {
  name: string;
  version: string;
}

/** The document's title and version: package.json's name and version. */
export function packageInfo(): PackageInfo {
  const { name, version } = JSON.parse(
    readFileSync(new URL("../../../package.json", import.meta.url), "utf8"),
  ) as PackageInfo;
  return { name, version };
}

type ResponseSchema = Record<string, unknown> & {
  type?: unknown;
  description?: string;
  content?: Record<string, unknown>;
  headers?: Record<string, HeaderSchema>;
};

/**
 * The answers as the document shows them (what is sent does not change): a list's 200 with its
 * total's headers, a 429 with Retry-After, a download's with Content-Disposition, a 204 without
 * any body, and the main resources' records with an example from the demo seed (examples.ts).
 */
function documentedResponses(
  responses: Record<string, ResponseSchema>,
  list: boolean,
  example: ReturnType<typeof recordExampleOf>,
): Record<string, ResponseSchema> {
  const out: Record<string, ResponseSchema> = {};
  for (const [status, answer] of Object.entries(responses)) {
    let documented = answer;
    if (status === "204") {
      // No content: @fastify/swagger leaves it out for a `null` schema only.
      documented = { type: "null", description: answer.description ?? "Done; no body." };
      if (answer.headers) documented.headers = answer.headers;
    }
    if (status === "200" && list) {
      documented = withHeaders(documented, { ...HEADERS.contentRange, ...HEADERS.totalCount });
    }
    // Every 429 says how long to wait (http/errors.ts tooMany); a route's own word on it wins.
    if (status === "429") documented = withHeaders(documented, { ...HEADERS.retryAfter, ...documented.headers });
    const types = Object.keys(documented.content ?? {});
    if (/^2\d\d$/.test(status) && types.some((type) => DOWNLOAD_TYPES.includes(type))) {
      // A route's own word on its Content-Disposition (when it sends it) wins.
      documented = withHeaders(documented, { ...HEADERS.contentDisposition, ...documented.headers });
    }
    // JSON Schema's `examples`: @fastify/swagger makes its one item the media type's `example`.
    if (example?.status === status) documented = { ...documented, examples: [example.example] };
    out[status] = documented;
  }
  return out;
}

export function swaggerOptions(info: PackageInfo): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: info.name,
        version: info.version,
        description:
          "The reference service's API. Conventions (errors, authentication, paging, rate limits) are in docs/api.md.",
      },
      // The document's own origin: it is served by the service it describes (GET /api/docs/openapi.json).
      servers: [{ url: "/", description: "This service (the origin the document was fetched from)" }],
      tags: TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          [BEARER]: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "An access token from POST /api/v2/auth/login or /api/v2/auth/refresh.",
          },
        },
      },
    },
    // Routes declare who may call them once (config.access); the document says it twice from that:
    // `security` for tools, `x-access` for people (the /api/docs page). What every operation
    // shares is derived here too, never written per route: operationId, list and download headers,
    // a 204's empty body, the main records' examples.
    transform: ({ schema, url, route }) => {
      const access = route.config?.access;
      const security = (schema as { security?: Record<string, unknown>[] } | undefined)?.security;
      const tokenOptional = access === "public" && security?.some((requirement) => BEARER in requirement) === true;
      const method = [route.method].flat()[0]!;
      const transformed: Record<string, unknown> = {
        ...schema,
        operationId: operationIdOf(method, url),
        "x-access": tokenOptional
          ? "anybody; a token, when sent, is checked and may give access to more"
          : describeAccess(access),
        // What the route's config says it does besides answering (auth/guard.ts RouteBehaviour).
        ...(route.config?.allowedDuringGrace ? { "x-allowed-during-grace": true } : {}),
        ...(route.config?.schedulesLifecycle ? { "x-schedules-lifecycle": true } : {}),
      };
      if (transformed[DOCUMENTED_BODY] !== undefined) {
        transformed.body = transformed[DOCUMENTED_BODY];
        delete transformed[DOCUMENTED_BODY];
      }
      if (transformed.security === undefined && access !== undefined) {
        transformed.security = access === "public" ? [] : [{ [BEARER]: [] }];
      }
      const declared = transformed.response as Record<string, ResponseSchema> | undefined;
      // Any route that reads a body refuses one it cannot decode (http/requestBody.ts) or one past
      // Fastify's body limit, and any route with a path parameter a malformed one (NUL): copies, as
      // the route's own response schemas are also its serializers'.
      const takesBody = METHODS_WITH_BODY.has(method);
      const hasParams = url.includes(":");
      const responses: Record<string, ResponseSchema> | undefined = declared && {
        ...(takesBody ? { 413: { ...refusals({ 413: "The body is too large (over 1 MiB)." })[413] } } : {}),
        ...(takesBody ? { 415: { ...refusals({ 415: UNDECODABLE_BODY })[415] } } : {}),
        ...(hasParams ? { 400: { ...refusals({ 400: true })[400] } } : {}),
        ...declared,
      };
      if (responses) {
        const example = recordExampleOf(method, url);
        transformed.response = documentedResponses(responses, isListRoute(schema as RouteSchemaShape), example);
      }
      return { schema: transformed as typeof schema, url };
    },
  };
}
