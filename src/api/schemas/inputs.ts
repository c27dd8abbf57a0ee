/**
 * The fields requests carry, with their limits: the service validates with them and the console
 * takes the static types of the bodies made of them (./invitations.ts, ./resourceWrites.ts).
 */
import Type from "typebox";
import { COUNTRY_CODE_PATTERN, PERSON_NAME_MAX_LENGTH, PHONE_MAX_LENGTH, RECORD_NAME_MAX_LENGTH } from "../rules";
import { nullable } from "./common";

export const versionSchema = Type.Integer({ minimum: 1 });
export const countrySchema = Type.String({ pattern: COUNTRY_CODE_PATTERN.source });
/** A person's first or last name; no NUL character (PostgreSQL text cannot hold one: it would be a 500). */
export const personNameSchema = Type.String({
  minLength: 1,
  maxLength: PERSON_NAME_MAX_LENGTH,
  pattern: "^[^\\u0000]*$",
});
/** The name of an account or a business. */
export const recordNameSchema = Type.String({ minLength: 1, maxLength: RECORD_NAME_MAX_LENGTH });
/** Optional in the console's forms: an untouched or emptied input sends nothing or null (stored ""). */
export const phoneSchema = nullable("string", { maxLength: PHONE_MAX_LENGTH, pattern: "^[0-9+() .-]*$" });
export const accountIdSchema = Type.String({ maxLength: 100 });
export const nullableId = nullable("string", { maxLength: 100 });
