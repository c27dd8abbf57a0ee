/**
 * A record's fields, declared as plain data (the records of src/api/contract/*, imported as a
 * namespace: `field.text()`): each field's value type, and how a list shows it. The record's TypeBox
 * schema is made from them (recordSchema.ts, the service's), its static type too (RecordOf), and the
 * console reads them at run time for its generic columns (src/resources/shared/ContractColumns.tsx).
 */

export type FieldKind = "id" | "version" | "text" | "integer" | "boolean" | "date" | "oneOf";

/**
 * How a list shows a field: a column shown by default, one its column chooser offers hidden, or no
 * column at all. Undeclared: ids, versions and references to other records have none, the rest are shown.
 */
export type ColumnPresence = "shown" | "hidden" | "none";

export interface FieldDeclaration {
  readonly kind: FieldKind;
  readonly nullable: boolean;
  /** A `oneOf` field's values. */
  readonly values?: readonly string[];
  readonly column?: ColumnPresence;
}

/** A record's fields, in the order of the answer and of the CSV columns. */
export type Fields = { readonly [key: string]: FieldDeclaration };

type BaseValue<D> = D extends { kind: "integer" | "version" }
  ? number
  : D extends { kind: "boolean" }
    ? boolean
    : D extends { values: readonly (infer V)[] }
      ? V
      : string;
/** The value a field holds. */
export type ValueOf<D extends FieldDeclaration> = BaseValue<D> | (D extends { nullable: true } ? null : never);
/** The record a resource's fields make (every field present in every answer). */
export type RecordOf<F extends Fields> = { -readonly [K in keyof F]: ValueOf<F[K]> };

/** Options every field takes. */
interface Shown {
  column?: ColumnPresence;
}

const declare =
  <const K extends FieldKind, const N extends boolean>(kind: K, nullable: N) =>
  <const O extends Shown = object>(options?: O) =>
    ({ kind, nullable, ...options }) as { kind: K; nullable: N } & O;

export const id = declare("id", false);
/** The optimistic-concurrency version: sent back on every write, bumped by the service. */
export const version = declare("version", false);
export const text = declare("text", false);
export const textOrNull = declare("text", true);
export const integer = declare("integer", false);
export const integerOrNull = declare("integer", true);
export const boolean = declare("boolean", false);
/** An instant, as an ISO 8601 UTC string. */
export const date = declare("date", false);
export const dateOrNull = declare("date", true);
export const oneOf = <const T extends readonly string[], const O extends Shown = object>(values: T, options?: O) =>
  ({ kind: "oneOf", nullable: false, values, ...options }) as { kind: "oneOf"; nullable: false; values: T } & O;

/**
 * Whether a list has a column for the field: declared, or by its kind (ids and versions have none)
 * and whether it points at another record (`references`: its name field is the column).
 */
export function columnPresence(key: string, declaration: FieldDeclaration, references?: object): ColumnPresence {
  if (declaration.column) return declaration.column;
  if (declaration.kind === "id" || declaration.kind === "version") return "none";
  return references && key in references ? "none" : "shown";
}
