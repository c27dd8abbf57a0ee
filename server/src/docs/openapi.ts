/**
 * The OpenAPI document's side of the routes: the refusal answers a route declares, and the
 * @fastify/swagger options. Who may call a route is said once, in its `config.access`: the
 * document's `security` and its `x-access` (shown by GET /api/docs) are derived from it here.
 */
import { readFileSync } from "node:fs";
import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import Type, { type TObject, type TSchema, type TString } from "typebox";
import type { Access } from "../auth/guard";

export const BEARER = "bearerAuth";

/**
 * A route schema's key for a body that Fastify must not validate (a multipart form, a body that may
 * be missing altogether) but the document should show: the handler checks it.
 */
export const DOCUMENTED_BODY = "documentedBody";

type RefusalSchema = TObject<{ message: TString }>;

/** What the common refusals mean, when a route says nothing more precise (docs/api.md "Errors"). */
const USUAL: Record<number, string> = {
  400: "Invalid request: the message names the field.",
  401: "No token, a bad or expired one (`token_expired`: refresh and retry), or a disabled user.",
  403: "The caller's role may not do this.",
  404: "Not found (or not visible to the caller).",
  409: "Conflict with the current state.",
  413: "The body is too large.",
  429: "Too many failed sign-in attempts.",
  499: "The token's user was deleted (`User deleted`).",
};

/**
 * Response schemas for a route's refusals, each `{message}`, e.g.
 * `refusals({ 400: true, 404: "Test not found" })` (true: the usual meaning).
 */
export function refusals<const T extends Record<number, string | true>>(codes: T): { [K in keyof T]: RefusalSchema } {
  const out: Record<number, RefusalSchema> = {};
  for (const [code, text] of Object.entries(codes)) {
    const description = text === true ? (USUAL[Number(code)] ?? "Refused.") : text;
    out[Number(code)] = Type.Object({ message: Type.String() }, { description });
  }
  return out as { [K in keyof T]: RefusalSchema };
}

/** The refusals every route behind the guard can answer (auth/guard.ts). */
export const GUARD_REFUSALS = { 401: true, 499: true } as const;

/**
 * A route's options: who may call it (`config.access`, from which the document's `security`
 * follows), its OpenAPI tag and summary, then the rest of its schema.
 */
export const routeOptions = <S extends object>(access: Access, tag: string, summary: string, schema: S) => ({
  config: { access },
  schema: { tags: [tag], summary, ...schema },
});

/** A success answer's schema with what it means, for the document (an annotation: nothing else changes). */
export const described = <S extends TSchema>(schema: S, description: string): S => ({ ...schema, description }) as S;

/** A 204: done, no body. */
export const noContent = (description = "Done; no body.") => Type.Null({ description });

/** A binary answer (a file, a zip), streamed as it is: no serialisation applies to it. */
export const binary = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: { type: "string", format: "binary" } } },
});

/** How the page and the document say who may call a route. */
export function describeAccess(access: Access | undefined): string {
  if (access === undefined) return "undeclared";
  if (access === "public") return "anybody (no token)";
  if (access === "signedIn") return "any signed-in user";
  return `signed-in ${access.join(", ")}`;
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
    // `security` for tools, `x-access` for people (the /api/docs page).
    transform: ({ schema, url, route }) => {
      const access = route.config?.access;
      const security = (schema as { security?: Record<string, unknown>[] } | undefined)?.security;
      const tokenOptional = access === "public" && security?.some((requirement) => BEARER in requirement) === true;
      const transformed: Record<string, unknown> = {
        ...schema,
        "x-access": tokenOptional
          ? "anybody; a token, when sent, is checked and may give access to more"
          : describeAccess(access),
      };
      if (transformed[DOCUMENTED_BODY] !== undefined) {
        transformed.body = transformed[DOCUMENTED_BODY];
        delete transformed[DOCUMENTED_BODY];
      }
      if (transformed.security === undefined && access !== undefined) {
        transformed.security = access === "public" ? [] : [{ [BEARER]: [] }];
      }
      return { schema: transformed as typeof schema, url };
    },
  };
}
