/**
 * The record fields' schemas, by the type of their value, and the record they make (the records
 * of src/api/contract/*, imported as a namespace: `fieldSchema.text()`). Each is a TypeBox schema.
 * The console's build treats `fieldSchema.*()` as pure, like TypeBox's own builders
 * (vite.config.ts): the records it does not use, and TypeBox, stay out of its files.
 */
import Type from "typebox";
import { nullable, stringEnum } from "../schemas/common";

export const id = () => Type.String();
/** The optimistic-concurrency version: sent back on every write, bumped by the service. */
export const version = () => Type.Integer();
export const text = () => Type.String();
export const textOrNull = () => nullable("string");
export const integer = () => Type.Integer();
export const integerOrNull = () => nullable("integer");
export const boolean = () => Type.Boolean();
export const oneOf = <const T extends readonly string[]>(values: T) => stringEnum(values);
/** An instant, as an ISO 8601 UTC string. */
export const date = () => Type.String({ format: "date-time" });
export const dateOrNull = () => nullable("string", { format: "date-time" });

/** A record: its fields in the order of the answer and of the CSV columns, titled by its label. */
export const record = <P extends Type.TProperties>(label: string, properties: P) =>
  Type.Object(properties, { title: label });
