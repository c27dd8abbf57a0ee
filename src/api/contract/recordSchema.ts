/**
 * A record's TypeBox schema, made from its declared fields (fields.ts): the service validates,
 * answers and documents with it. The console's build treats `recordSchema()` as pure
 * (vite.config.ts), so the schemas, and TypeBox, stay out of its files.
 */
import Type from "typebox";
import { nullable, stringEnum } from "../schemas/common";
import type { FieldDeclaration, Fields, ValueOf, WriteValueOf } from "./fields";

function schemaOf(field: FieldDeclaration): Type.TSchema {
  switch (field.kind) {
    case "integer":
    case "version":
      return field.nullable ? nullable("integer") : Type.Integer();
    case "boolean":
      return Type.Boolean();
    case "date":
      return field.nullable ? nullable("string", { format: "date-time" }) : Type.String({ format: "date-time" });
    case "oneOf":
      return stringEnum(field.values ?? []);
    default:
      return field.nullable ? nullable("string") : Type.String();
  }
}

/** A record's properties as TypeBox holds them, by its declared fields. */
export type RecordProperties<F extends Fields> = { -readonly [K in keyof F]: Type.TUnsafe<ValueOf<F[K]>> };

/** A record: its fields in the order of the answer and of the CSV columns, titled by its label. */
export const recordSchema = <F extends Fields>(label: string, fields: F) =>
  Type.Object(
    Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, schemaOf(field)])) as RecordProperties<F>,
    { title: label },
  );

/** The JSON type a write of each kind of field sends; a `oneOf` sends one of its values. */
const WRITE_TYPE: Record<FieldDeclaration["kind"], "string" | "integer" | "boolean" | undefined> = {
  id: "string",
  version: "integer",
  text: "string",
  integer: "integer",
  boolean: "boolean",
  date: "string",
  oneOf: undefined,
};

/**
 * What a create or an update may send in a field, from its declared limits: an optional text or
 * number may also be null or left out (the service stores its empty value).
 */
export function writeSchemaOf<D extends FieldDeclaration>(field: D): WriteProperty<D> {
  const { optional = false, pattern, format, ...bounds } = field.limits ?? {};
  // A country is checked by its pattern; "email" is a JSON Schema format.
  const options = {
    ...bounds,
    ...(pattern ? { pattern: pattern.source } : {}),
    ...(format === "email" ? { format } : {}),
  };
  const type = WRITE_TYPE[field.kind];
  const schema =
    type === undefined
      ? stringEnum(field.values ?? [])
      : field.nullable || optional
        ? nullable(type, options)
        : Type.Unsafe({ type, ...options });
  return (optional ? Type.Optional(schema) : schema) as WriteProperty<D>;
}

type WriteProperty<D extends FieldDeclaration> = D extends { limits?: { optional: true } }
  ? Type.TOptional<Type.TUnsafe<WriteValueOf<D>>>
  : Type.TUnsafe<WriteValueOf<D>>;

/** A write body's properties for the named fields, in that order (the route adds what is its own). */
export const writableFields = <F extends Fields, const N extends keyof F & string>(fields: F, names: readonly N[]) =>
  Object.fromEntries(names.map((name) => [name, writeSchemaOf(fields[name]!)])) as {
    -readonly [K in N]: WriteProperty<F[K]>;
  };
