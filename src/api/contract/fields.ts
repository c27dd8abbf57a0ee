/**
 * A record's fields, declared as plain data (the records of src/api/contract/*, imported as a
 * namespace: `field.text()`): each field's value type. The record's TypeBox schema is made from
 * them (recordSchema.ts, the service's), its static type too (RecordOf), and the console reads
 * them at run time to draw each column by its type (src/resources/shared/contractColumns.tsx).
 */

export type FieldKind = "id" | "version" | "text" | "integer" | "boolean" | "date" | "oneOf";

export interface FieldDeclaration {
  readonly kind: FieldKind;
  readonly nullable: boolean;
  /** A `oneOf` field's values. */
  readonly values?: readonly string[];
  /**
   * How a `oneOf` value is shown: "status" (a status chip, the console's shared status words) or the
   * messages its values are keys under ("roles": `roles.Admin`); without it, as it is.
   */
  readonly labels?: string;
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

const declare =
  <const K extends FieldKind, const N extends boolean>(kind: K, nullable: N) =>
  () => ({ kind, nullable });

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
export const oneOf = <const T extends readonly string[]>(values: T, labels?: string) =>
  ({ kind: "oneOf", nullable: false, values, ...(labels === undefined ? {} : { labels }) }) as const;
