/**
 * The TypeBox schemas the resource routes share: request parts (ids, and the fields of
 * src/api/schemas/inputs.ts), the error answers, the answers of the usual routes of a resource.
 */
import Type from "typebox";
import { described, refusalSchema } from "../docs/openapi";
import { recordSchema, type Fields, type ResourceDefinition } from "./definition";

/** Record ids are strings; the bound keeps junk out. Not-found ids answer 404, never 400. */
export const idParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

export { versionSchema } from "../../../src/api/schemas/inputs";

/** A body: exactly these properties (Type.Optional ones may be left out); any other is refused. */
export const bodySchema = <P extends Type.TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

/** What each refusal means, for the OpenAPI document (docs/api-resources.md "Validation errors"). */
const MEANINGS = {
  400: "Invalid request (shape, type, length, unknown field): the message names the field.",
  401: "No token, a bad or expired one (`token_expired`: refresh and retry), or a disabled user.",
  403: "The caller's role may not do this (or may not change the field named).",
  404: "Not found, or outside the caller's account.",
  409: "Conflict with the current state.",
  413: "The file is too large.",
  422: "Refused for its meaning (already used, not allowed in this state): `errors` names the field.",
  499: "The token's user was deleted (`User deleted`).",
};

/** The error answers of a route. */
export const errors = <C extends keyof typeof MEANINGS>(...codes: C[]) =>
  Object.fromEntries(
    codes.map((code) => [code, Type.Object(refusalSchema.properties, { description: MEANINGS[code] })]),
  ) as Record<C, typeof refusalSchema>;

/** A write's 409: `current`, when present, is the stored record. */
export const conflictSchema = <F extends Fields>(def: ResourceDefinition<F>) =>
  Type.Object(
    { message: Type.String(), current: Type.Optional(recordSchema(def)) },
    { description: `The ${def.label} was changed by someone else since it was read; nothing was written.` },
  );

/** The errors every signed-in route may answer (the guard's 401 and 499, a refused role's 403). */
export const SIGNED_IN_ERRORS = [400, 401, 403, 499] as const;

/** The answers of a resource's usual routes: its record, or the errors each may give. */
export function answers<F extends Fields>(def: ResourceDefinition<F>) {
  const record = recordSchema(def);
  return {
    record,
    created: { 201: described(record, `Created: the new ${def.label}.`), ...errors(...SIGNED_IN_ERRORS, 422) },
    changed: {
      200: described(record, `Written: the ${def.label} as it now is.`),
      409: conflictSchema(def),
      ...errors(...SIGNED_IN_ERRORS, 404, 422),
    },
    deleted: { 200: record, ...errors(...SIGNED_IN_ERRORS, 404, 422) },
  };
}
