/**
 * Building blocks of the API schemas (src/api/schemas/*): TypeBox values, so the service validates
 * and serialises with them and documents them (OpenAPI), while the console only takes their
 * static types (`import type`), never TypeBox itself.
 */
import Type from "typebox";

/**
 * `type: [T, "null"]` rather than an anyOf: the service's validation messages then name the
 * field's types ("must be a string or null"), and the OpenAPI document shows a nullable type.
 */
export const nullable = <T extends "string" | "integer" | "number" | "boolean">(type: T, options: object = {}) =>
  Type.Unsafe<(T extends "string" ? string : T extends "boolean" ? boolean : number) | null>({
    type: [type, "null"],
    ...options,
  });

/**
 * A string's least length once its spaces are trimmed (the service's validation keyword, added to
 * every bounded string but passwords, which are taken as typed): `{ [TRIMMED_MIN_LENGTH]: 1 }` on a
 * new password refuses one of spaces only.
 */
export const TRIMMED_MIN_LENGTH = "x-trimmedMinLength";

/** Every error answer of the service: a sentence a person can act on. */
export const apiErrorSchema = Type.Object(
  { message: Type.String() },
  { description: "Every error answer: a human message (docs/api.md, Errors)." },
);

/** A string of one of the given values (`type: "string"` first: a number is "must be a string"). */
export const stringEnum = <const T extends readonly string[]>(values: T, options: object = {}) =>
  Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });
