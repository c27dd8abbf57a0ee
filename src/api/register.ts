/**
 * Register (spec §2 /register, guests only; docs/api.md "Public flows"): a new
 * business customer asks for an account, confirms their email from a link, and is signed in as
 * its owner, with no subscription yet. Shared by the console, the service and the tests; the
 * shapes are the schemas' (src/api/schemas/register.ts).
 */
import type { Static } from "typebox";
import type { publicRequestAcceptedSchema, registerRequestSchema } from "./schemas/register";

export const REGISTER_PATH = "register";
export const REGISTER_CONFIRM_PATH = "register/confirm";

/** The console's page for the confirmation link: `/register?token=…`. */
export const REGISTER_PAGE = "/register";

export type RegisterRequest = Static<typeof registerRequestSchema>;
export type PublicRequestAccepted = Static<typeof publicRequestAcceptedSchema>;

/** How long a confirmation link works. */
export const REGISTER_LINK_HOURS = 24;

/** The answer to every registration request, taken email or not: it reveals nothing. */
export const REGISTER_ACCEPTED = "Check your email: we sent a message to finish your registration.";

/** An expired, used, replaced or unknown link (register and forgot password alike). */
export const LINK_NOT_VALID = "This link has expired or was already used.";

/** An invitation code that was used, withdrawn, has expired or never existed. */
export const INVITATION_NOT_VALID = "This invitation is not valid any more.";

/** Confirming after the email was given to someone else in the meantime: nothing is created. */
export const EMAIL_TAKEN_ON_CONFIRM =
  "An account with this email address already exists. Sign in, or reset your password if you forgot it.";

/** A country code that names no country. */
export const UNKNOWN_COUNTRY = "Choose a country from the list.";
