/**
 * A record's TypeBox schema, made from its declared fields (fields.ts): the service validates,
 * answers and documents with it. The console's build treats `recordSchema()` as pure
 * (vite.config.ts), so the schemas, and TypeBox, stay out of its files.
 */
import Type from "typebox";
import { nullable, stringEnum } from "../schemas/common";
import type { FieldDeclaration, Fields, ValueOf } from "./fields";

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

/** A record: its fields in the order of the answer and of the CSV columns, titled by its label. */
export const recordSchema = <F extends Fields>(label: string, fields: F) =>
  Type.Object(
    Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, schemaOf(field)])) as {
      -readonly [K in keyof F]: Type.TUnsafe<ValueOf<F[K]>>;
    },
    { title: label },
  );
