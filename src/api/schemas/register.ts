/** Register shapes (src/api/register.ts; docs/api.md "Public flows"). */
import Type from "typebox";
import {
  COUNTRY_CODE_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  RECORD_NAME_MAX_LENGTH,
} from "../rules";
import { emailSchema } from "./auth";
import { nullable, TRIMMED_MIN_LENGTH } from "./common";

/** No NUL character: PostgreSQL text cannot hold one (it would be a 500). */
const NO_NUL = "^[^\\u0000]*$";

/** A new password: the shared rule (8 to 256 characters, not only spaces). */
export const newPasswordSchema = Type.String({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  [TRIMMED_MIN_LENGTH]: 1,
});

/** A link's token from an email: 43 characters; the bound only keeps junk out of the query. */
export const linkTokenSchema = Type.String({ minLength: 1, maxLength: 200, pattern: NO_NUL });

/** POST register: the new account and its owner, who signs in with this email and password. */
export const registerRequestSchema = Type.Object(
  {
    // Names of spaces are refused by the handler in its own words (server/src/http/validation.ts OWN_BLANK_REFUSAL).
    firstName: Type.String({
      minLength: 1,
      maxLength: PERSON_NAME_MAX_LENGTH,
      pattern: NO_NUL,
      "x-ownBlankRefusal": true,
    }),
    lastName: Type.String({
      minLength: 1,
      maxLength: PERSON_NAME_MAX_LENGTH,
      pattern: NO_NUL,
      "x-ownBlankRefusal": true,
    }),
    email: emailSchema,
    password: newPasswordSchema,
    accountName: Type.String({
      minLength: 1,
      maxLength: RECORD_NAME_MAX_LENGTH,
      pattern: NO_NUL,
      "x-ownBlankRefusal": true,
      description: "The business's name, as its people will see it.",
    }),
    country: Type.String({ pattern: COUNTRY_CODE_PATTERN.source, description: "ISO 3166-1 alpha-2, e.g. GB." }),
    phone: Type.Optional(nullable("string", { maxLength: PHONE_MAX_LENGTH, pattern: "^[0-9+() .-]*$" })),
  },
  { additionalProperties: false },
);

/** The one answer of a public request (register, forgot password), whatever the email. */
export const publicRequestAcceptedSchema = Type.Object({ message: Type.String() });

/** POST register/confirm: the token of the confirmation link. */
export const registerConfirmRequestSchema = Type.Object({ token: linkTokenSchema }, { additionalProperties: false });
