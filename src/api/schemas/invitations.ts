/**
 * Invitations (docs/api-resources.md "Invitations"): the service validates, answers and documents
 * with these schemas; the console takes their static types (src/api/resources.ts).
 */
import Type from "typebox";
import { PERSON_NAME_MAX_LENGTH } from "../rules";
import { ROLES } from "../types";
import { emailSchema, passwordSchema } from "./auth";
import { nullable, stringEnum } from "./common";
import { accountIdSchema, nullableId, personNameSchema } from "./inputs";

const date = () => Type.String({ format: "date-time" });

/** POST /api/invitations: invites a person into an account; the code opens /invitation/{code}. */
export const invitationCreateSchema = Type.Object(
  {
    email: emailSchema,
    firstName: personNameSchema,
    lastName: personNameSchema,
    role: stringEnum(ROLES),
    /** Super admins name the account; for everyone else it is their own. */
    accountId: Type.Optional(accountIdSchema),
    businessId: Type.Optional(nullableId),
  },
  { additionalProperties: false },
);

/** The invitation made; `userId` is the invited user, created with status "invited". */
export const invitationSchema = Type.Object({
  id: Type.String(),
  code: Type.String(),
  email: Type.String(),
  role: stringEnum(ROLES),
  accountId: Type.String(),
  businessId: nullable("string"),
  userId: Type.String(),
  expiresAt: date(),
  createdAt: date(),
});

/** GET /api/invitations/{code} (public): what the invitation page shows a guest. */
export const invitationPublicSchema = Type.Object({
  email: Type.String(),
  firstName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
  role: stringEnum(ROLES),
  accountName: Type.String(),
  expiresAt: date(),
});

/** POST /api/invitations/{code}/accept (public); answered like a sign-in. */
export const invitationAcceptSchema = Type.Object(
  {
    firstName: Type.String({ maxLength: PERSON_NAME_MAX_LENGTH }),
    lastName: Type.String({ maxLength: PERSON_NAME_MAX_LENGTH }),
    password: passwordSchema,
  },
  { additionalProperties: false },
);
