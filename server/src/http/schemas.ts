/** JSON schemas shared by several routes (Fastify validates requests and serializes answers with them). */
import { PASSWORD_MAX_LENGTH } from "../../../src/api/rules";
import { ROLES } from "../../../src/api/types";

/** RFC 5321 caps an address at 254 characters. */
export const emailSchema = { type: "string", format: "email", maxLength: 254 } as const;

/** Any password, as signed in with; long enough for any passphrase, short enough that hashing it stays cheap. */
export const passwordSchema = { type: "string", minLength: 1, maxLength: PASSWORD_MAX_LENGTH } as const;

/** Issued tokens are 43 characters; the bound only keeps junk out. */
export const refreshTokenSchema = { type: "string", minLength: 1, maxLength: 512 } as const;

export const idSchema = { type: "string", format: "uuid" } as const;

export const messageSchema = {
  type: "object",
  required: ["message"],
  properties: { message: { type: "string" } },
} as const;

export const apiUserSchema = {
  type: "object",
  required: ["id", "accountId", "businessId", "firstName", "lastName", "email", "role", "avatar"],
  properties: {
    id: { type: "string" },
    accountId: { type: "string" },
    businessId: { type: ["string", "null"] },
    firstName: { type: "string" },
    lastName: { type: "string" },
    email: { type: "string" },
    role: { type: "string", enum: ROLES },
    avatar: { type: ["string", "null"] },
  },
} as const;
