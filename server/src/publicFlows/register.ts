/**
 * Register (spec §2 /register; docs/api.md "Public flows"): POST register asks
 * for a new account and always answers 202 the same way; the email gets a confirmation link, or,
 * when the address is already in use, an email saying so instead. POST register/confirm spends the
 * link's code and creates the account, its first location and its owner in one transaction, and
 * signs the owner in: the console then opens /new-subscription (the account has no subscription).
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { isCountryCode } from "../../../src/api/countries";
import {
  EMAIL_TAKEN_ON_CONFIRM,
  LINK_NOT_VALID,
  REGISTER_ACCEPTED,
  REGISTER_CONFIRM_PATH,
  REGISTER_LINK_HOURS,
  REGISTER_PATH,
  UNKNOWN_COUNTRY,
  type RegisterRequest,
} from "../../../src/api/register";
import { loginResponseSchema } from "../../../src/api/schemas/auth";
import {
  publicRequestAcceptedSchema,
  registerConfirmRequestSchema,
  registerRequestSchema,
} from "../../../src/api/schemas/register";
import type { LoginResponse } from "../../../src/api/types";
import { hashPassword } from "../auth/passwords";
import { startSession } from "../auth/sessions";
import { normalizeEmail } from "../auth/signInThrottle";
import { described, refusals, routeOptions } from "../docs/openapi";
import { fieldError, HttpError, notFound } from "../http/errors";
import { clientName } from "../http/userAgent";
import { errors } from "../resources/schemas";
import { isUniqueViolation } from "../resources/sql";
import type { Services } from "../services";
import { findUserById, toApiUser } from "../users/queries";
import { alreadyRegisteredMail, confirmRegistrationMail } from "./accountMails";
import { afterAnswer } from "../http/afterAnswer";
import { issueCode, liveCodeByToken, spendCode } from "./codes";
import { checkLimit, type Limit } from "./limits";
import { createRegisteredAccount, emailInUse, readPendingRegistration } from "./registration";

export const REGISTER_TAG = "Register and forgot password";

const HOUR_MS = 60 * 60 * 1000;

/** Registration requests within an hour: per address, per address and email; emails to one address (quietly). */
export const REGISTER_LIMIT: Limit = {
  action: "register",
  perIp: 10,
  perIpAndEmail: 3,
  perEmail: 10,
  windowMs: HOUR_MS,
};
/** Confirmations: per address (a token names no email), within 15 minutes. */
export const REGISTER_CONFIRM_LIMIT: Limit = {
  action: "register-confirm",
  perIp: 20,
  windowMs: 15 * 60 * 1000,
};

/** The typed values trimmed; an empty phone is "". 400 on the field when a name is only spaces. */
function cleaned(body: RegisterRequest) {
  const values = {
    firstName: body.firstName.trim(),
    lastName: body.lastName.trim(),
    accountName: body.accountName.trim(),
    country: body.country,
    phone: (body.phone ?? "").trim(),
  };
  for (const field of ["firstName", "lastName", "accountName"] as const) {
    if (!values[field]) throw fieldError(400, field, "Enter a name, not only spaces.");
  }
  if (!isCountryCode(values.country)) throw fieldError(400, "country", UNKNOWN_COUNTRY);
  return values;
}

export const registerRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  const { db, clock, mailer, config } = services;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const later = afterAnswer(app, app.log);

  api.post(
    `/${REGISTER_PATH}`,
    routeOptions("public", REGISTER_TAG, "Register a new account: sends a confirmation link by email", {
      description: `Always 202 with the same answer, whether or not the email is in use: an address in use gets an email saying so instead of a link. Nothing is created until the link (valid ${REGISTER_LINK_HOURS} hours, once) is confirmed. Rate-limited per address and per address and email; past the email's own cap nothing is sent, and the answer is the same: see docs/api.md.`,
      body: registerRequestSchema,
      response: {
        202: described(publicRequestAcceptedSchema, "Accepted: an email is on its way to the address."),
        ...errors(400),
        ...refusals({ 429: "Too many requests. Try again in N minutes." }),
      },
    }),
    async (request, reply) => {
      const values = cleaned(request.body);
      const email = normalizeEmail(request.body.email);
      const { password } = request.body;
      const now = clock.now();
      const { quiet } = await checkLimit(db, REGISTER_LIMIT, { email, ip: request.ip }, now);

      // Past the email's own cap nothing goes out, and the answer is the same: a 429 here would let
      // a stranger's requests for this email refuse the person's own.
      if (quiet) return reply.status(202).send({ message: REGISTER_ACCEPTED });
      later.run("registration email", async () => {
        // After the answer, so its time tells nothing; hashed only when a link is issued.
        const inUse = await emailInUse(db, email);
        if (inUse) {
          await mailer.send(email, alreadyRegisteredMail(config.mail, inUse.firstName));
          return;
        }
        const passwordHash = await hashPassword(password);
        const token = await issueCode(db, {
          purpose: "register",
          email,
          payload: { ...values, passwordHash },
          ttlMs: REGISTER_LINK_HOURS * HOUR_MS,
          form: "link",
          now,
        });
        await mailer.send(email, confirmRegistrationMail(config.mail, values, token));
      });
      return reply.status(202).send({ message: REGISTER_ACCEPTED });
    },
  );

  api.post(
    `/${REGISTER_CONFIRM_PATH}`,
    routeOptions("public", REGISTER_TAG, "Confirm a registration: creates the account and signs its owner in", {
      description:
        "Creates, in one transaction, the account (subscription inactive), its first location and its owner (an active Admin), and spends the link. Answered like a sign-in.",
      body: registerConfirmRequestSchema,
      response: {
        200: described(loginResponseSchema, "Registered and signed in: the tokens and the new owner."),
        ...refusals({
          400: true,
          404: LINK_NOT_VALID,
          409: "The email was taken since the registration: nothing was created.",
          429: "Too many requests. Try again in N minutes.",
        }),
      },
    }),
    async (request): Promise<LoginResponse> => {
      const now = clock.now();
      await checkLimit(db, REGISTER_CONFIRM_LIMIT, { ip: request.ip }, now);
      let userId: string;
      try {
        userId = await db.transaction(async (tx) => {
          const code = await liveCodeByToken(tx, "register", request.body.token, now);
          const details = code && readPendingRegistration(code.payload);
          if (!code || !details) throw notFound(LINK_NOT_VALID);
          // Spent first: of two confirmations at once, the second waits here and finds it used.
          if (!(await spendCode(tx, code.id, now))) throw notFound(LINK_NOT_VALID);
          // Rolled back with the rest: the code stays unspent, nothing is created.
          if (await emailInUse(tx, code.email)) throw new HttpError(409, EMAIL_TAKEN_ON_CONFIRM);
          return createRegisteredAccount(tx, code.email, details, { now, client: clientName(request.headers) });
        });
      } catch (error) {
        // Someone took the email between the check and the insert (the unique indexes decide).
        if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN_ON_CONFIRM);
        throw error;
      }
      const user = (await findUserById(db, userId))!;
      request.log.info({ userId, accountId: user.accountId }, "account registered");
      return { ...(await startSession(services, user)), user: toApiUser(user) };
    },
  );
};
