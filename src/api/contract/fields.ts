/**
 * A record's fields, declared as plain data (the records of src/api/contract/*, imported as a
 * namespace: `field.text()`): each field's value type. The record's TypeBox schema is made from
 * them (recordSchema.ts, the service's), its static type too (RecordOf), and the console reads
 * them at run time to draw each column by its type (src/resources/shared/contractColumns.tsx).
 */

export type FieldKind = "id" | "version" | "text" | "integer" | "boolean" | "date" | "oneOf";

/**
 * What a write may put in a field, declared once: the service's body schemas
 * (recordSchema.ts `writableFields`) and the console's form validators
 * (src/resources/shared/fieldValidators.ts) are made from it.
 */
export interface FieldLimits {
  /** A text's length, in characters (minLength 1: it cannot be empty). */
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A regular expression's source that the whole text matches, and the words (a message key) saying what it allows. */
  readonly pattern?: { readonly source: string; readonly message: string };
  /** An integer's bounds. */
  readonly minimum?: number;
  readonly maximum?: number;
  /** An email address; a country (ISO 3166-1 alpha-2, its pattern), which a form picks from the list. */
  readonly format?: "email" | "country";
  /** A form may leave it empty: a write leaves it out or sends null, and the service stores its empty value. */
  readonly optional?: boolean;
}

export interface FieldDeclaration {
  readonly kind: FieldKind;
  readonly nullable: boolean;
  /** What a write may hold; a field no form writes declares none. */
  readonly limits?: FieldLimits;
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

/** What a write may send in a field: its value, or null too when the field is optional. */
export type WriteValueOf<D extends FieldDeclaration> =
  ValueOf<D> | (D extends { limits?: { optional: true } } ? null : never);

const declare =
  <const K extends FieldKind, const N extends boolean>(kind: K, nullable: N) =>
  // The limits' literal type is kept: an optional field's writes may hold null (WriteValueOf).
  <const L extends FieldLimits = FieldLimits>(limits?: L) =>
    (limits ? { kind, nullable, limits } : { kind, nullable }) as { kind: K; nullable: N; limits?: L };

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
