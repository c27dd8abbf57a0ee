/**
 * The fields requests carry, with their limits: the service validates with them and the console
 * takes the static types of the bodies made of them (./invitations.ts, ./resourceWrites.ts). The
 * limits are the contract's (src/api/contract/limits.ts), where the resources' fields declare them.
 */
import Type from "typebox";
import * as field from "../contract/fields";
import { ID, PERSON_NAME, RECORD_NAME } from "../contract/limits";
import { writeSchemaOf } from "../contract/recordSchema";

export const versionSchema = Type.Integer({ minimum: 1 });
export const personNameSchema = writeSchemaOf(field.text(PERSON_NAME));
/** The name of an account or a business. */
export const recordNameSchema = writeSchemaOf(field.text(RECORD_NAME));
export const accountIdSchema = writeSchemaOf(field.id(ID));
export const nullableId = writeSchemaOf(field.textOrNull(ID));
