/**
 * The limits several resources' fields share (fields.ts `FieldLimits`): what a write may hold in a
 * name, an email, a phone, a country, an id. The service validates bodies with them and the
 * console's forms check the same before sending.
 */
import { COUNTRY_CODE_PATTERN, PERSON_NAME_MAX_LENGTH, PHONE_MAX_LENGTH, RECORD_NAME_MAX_LENGTH } from "../rules";
import type { FieldLimits } from "./fields";

/** The id of a record (of the resource or one it points at), as a body sends it. */
export const ID = { maxLength: 100 } as const satisfies FieldLimits;
/** The id of a record it may point at or not (a business, an owner). */
export const OPTIONAL_ID = { ...ID, optional: true } as const satisfies FieldLimits;

/**
 * What a name may not hold: NUL (PostgreSQL text cannot hold it: it would be a 500), and the
 * bidirectional controls U+202A–U+202E and U+2066–U+2069, which make a name read otherwise than it
 * is in every list, picker and email that shows it ("Zoë" + U+202E + "RTL" reads "Zoë LTR").
 */
export const NAME_TEXT = {
  source: "^[^\\0\\u202a-\\u202e\\u2066-\\u2069]*$",
  message: "resources.shared.invalid.text",
} as const;

/** The name of an account or a business. */
export const RECORD_NAME = {
  minLength: 1,
  maxLength: RECORD_NAME_MAX_LENGTH,
  pattern: NAME_TEXT,
} as const satisfies FieldLimits;

/** A person's first or last name. */
export const PERSON_NAME = {
  minLength: 1,
  maxLength: PERSON_NAME_MAX_LENGTH,
  pattern: NAME_TEXT,
} as const satisfies FieldLimits;

export const EMAIL = { format: "email", maxLength: 254 } as const satisfies FieldLimits;

/** Optional: an untouched or emptied input sends nothing or null (stored ""). */
export const PHONE = {
  maxLength: PHONE_MAX_LENGTH,
  pattern: { source: "^[0-9+() .-]*$", message: "resources.shared.invalid.phone" },
  optional: true,
} as const satisfies FieldLimits;

/** ISO 3166-1 alpha-2. */
export const COUNTRY = {
  format: "country",
  pattern: { source: COUNTRY_CODE_PATTERN.source, message: "resources.shared.invalid.country" },
} as const satisfies FieldLimits;
