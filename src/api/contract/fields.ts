/**
 * The record fields' schemas, by the type of their value (the records of src/api/contract/*).
 * Each is a TypeBox schema; `@__NO_SIDE_EFFECTS__` lets the console's build drop the ones it
 * does not use, like TypeBox's own builders (vite.config.ts).
 */
import Type from "typebox";
import { nullable, stringEnum } from "../schemas/common";

export const field = {
  id: /* @__NO_SIDE_EFFECTS__ */ () => Type.String(),
  /** The optimistic-concurrency version: sent back on every write, bumped by the service. */
  version: /* @__NO_SIDE_EFFECTS__ */ () => Type.Integer(),
  text: /* @__NO_SIDE_EFFECTS__ */ () => Type.String(),
  textOrNull: /* @__NO_SIDE_EFFECTS__ */ () => nullable("string"),
  integer: /* @__NO_SIDE_EFFECTS__ */ () => Type.Integer(),
  integerOrNull: /* @__NO_SIDE_EFFECTS__ */ () => nullable("integer"),
  boolean: /* @__NO_SIDE_EFFECTS__ */ () => Type.Boolean(),
  oneOf: /* @__NO_SIDE_EFFECTS__ */ <const T extends readonly string[]>(values: T) => stringEnum(values),
  /** An instant, as an ISO 8601 UTC string. */
  date: /* @__NO_SIDE_EFFECTS__ */ () => Type.String({ format: "date-time" }),
  dateOrNull: /* @__NO_SIDE_EFFECTS__ */ () => nullable("string", { format: "date-time" }),
};

/** A record: its fields in the order of the answer and of the CSV columns, titled by its label. */
export const record = /* @__NO_SIDE_EFFECTS__ */ <P extends Type.TProperties>(label: string, properties: P) =>
  Type.Object(properties, { title: label });
