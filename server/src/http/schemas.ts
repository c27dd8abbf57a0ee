/**
 * TypeBox schemas shared by several routes. They are the JSON schemas Fastify validates requests
 * and serializes answers with, the OpenAPI document's shapes, and (through the type provider) the
 * handlers' types.
 */
import Type from "typebox";
import { PASSWORD_MAX_LENGTH } from "../../../src/api/rules";
import { ROLES } from "../../../src/api/types";

/** RFC 5321 caps an address at 254 characters. */
export const emailSchema = Type.String({ format: "email", maxLength: 254 });

/** Any password, as signed in with; long enough for any passphrase, short enough that hashing it stays cheap. */
export const passwordSchema = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });

/** Issued tokens are 43 characters; the bound only keeps junk out. */
export const refreshTokenSchema = Type.String({ minLength: 1, maxLength: 512 });

export const idSchema = Type.String({ format: "uuid" });

/** `type: [T, "null"]`: validation errors then name the field's types ("a string or null"). */
export const nullable = <T extends "string" | "integer" | "number" | "boolean">(type: T, options: object = {}) =>
  Type.Unsafe<(T extends "string" ? string : T extends "boolean" ? boolean : number) | null>({
    type: [type, "null"],
    ...options,
  });

export const messageSchema = Type.Object({ message: Type.String() });

export const apiUserSchema = Type.Object({
  id: Type.String(),
  accountId: Type.String(),
  businessId: nullable("string"),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: Type.Enum(ROLES),
  avatar: nullable("string"),
});
