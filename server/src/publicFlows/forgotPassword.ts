/**
 * Forgot password (spec §2 /forgot-password; docs/api.md "Public flows"): POST
 * forgot-password always answers 202 the same way, and an active user with that email gets a
 * single-use link valid for an hour; POST forgot-password/reset sets the new password, spends the
 * link and signs the user out everywhere (every refresh token revoked), in one transaction.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, isNull } from "drizzle-orm";
import {
  FORGOT_PASSWORD_ACCEPTED,
  FORGOT_PASSWORD_PATH,
  RESET_LINK_MINUTES,
  RESET_PASSWORD_PATH,
} from "../../../src/api/forgotPassword";
import { LINK_NOT_VALID } from "../../../src/api/register";
import { forgotPasswordRequestSchema, resetPasswordRequestSchema } from "../../../src/api/schemas/forgotPassword";
import { publicRequestAcceptedSchema } from "../../../src/api/schemas/register";
import { hashPassword } from "../auth/passwords";
import { normalizeEmail } from "../auth/signInThrottle";
import type { Database } from "../db/client";
import { refreshTokens, signInFailures, users } from "../db/schema";
import type { Tx } from "../resources/sql";
import { described, noContent, refusals, routeOptions } from "../docs/openapi";
import { notFound } from "../http/errors";
import { clientName } from "../http/userAgent";
import { logActivity } from "../resources/writes";
import type { Services } from "../services";
import { findLiveUserByEmail } from "../users/queries";
import { resetPasswordMail } from "./accountMails";
import { afterAnswer } from "../http/afterAnswer";
import { issueCode, liveCodeByToken, spendCode } from "./codes";
import { checkLimit, type Limit } from "./limits";
import { REGISTER_TAG } from "./register";

const MINUTE_MS = 60 * 1000;

/** Reset requests within an hour: per address, per address and email; links to one email (quietly). */
export const FORGOT_PASSWORD_LIMIT: Limit = {
  action: "forgot-password",
  perIp: 20,
  perIpAndEmail: 3,
  perEmail: 10,
  windowMs: 60 * MINUTE_MS,
};
/** New passwords: per address (a token names no email), within 15 minutes. */
export const RESET_PASSWORD_LIMIT: Limit = {
  action: "forgot-password-reset",
  perIp: 20,
  windowMs: 15 * MINUTE_MS,
};

/** A live reset link's code and its user, still active and not deleted; undefined when the link is no good. */
async function resettableUser(db: Database | Tx, token: string, now: Date) {
  const code = await liveCodeByToken(db, "reset-password", token, now);
  if (!code?.userId) return undefined;
  // Deleted or disabled since the link was sent: the link is no good any more.
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, code.userId), isNull(users.deletedAt), eq(users.status, "active")));
  return user ? { code, user } : undefined;
}

export const forgotPasswordRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  const { db, clock, mailer, config } = services;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const later = afterAnswer(app, app.log);

  api.post(
    `/${FORGOT_PASSWORD_PATH}`,
    routeOptions("public", REGISTER_TAG, "Ask for a password reset link by email", {
      description: `Always 202 with the same answer, whether or not an account uses the email; an active user gets a link valid ${RESET_LINK_MINUTES} minutes, once (only the latest link works). Rate-limited per address and per address and email; past the email's own cap no link is sent, and the answer is the same: see docs/api.md.`,
      body: forgotPasswordRequestSchema,
      response: {
        202: described(publicRequestAcceptedSchema, "Accepted, whatever the email."),
        ...refusals({ 400: true, 429: "Too many requests. Try again in N minutes." }),
      },
    }),
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const now = clock.now();
      const { quiet } = await checkLimit(db, FORGOT_PASSWORD_LIMIT, { email, ip: request.ip }, now);
      // Past the email's own cap nothing goes out, and the answer is the same: a 429 here would let
      // a stranger's requests for this email refuse the person's own.
      if (quiet) return reply.status(202).send({ message: FORGOT_PASSWORD_ACCEPTED });
      later.run("password reset email", async () => {
        const user = await findLiveUserByEmail(db, email);
        // Disabled and invited users cannot sign in: a reset would not help them (nor activate them).
        if (!user || user.status !== "active") return;
        const token = await issueCode(db, {
          purpose: "reset-password",
          email,
          userId: user.id,
          ttlMs: RESET_LINK_MINUTES * MINUTE_MS,
          form: "link",
          now,
        });
        await mailer.send(user.email, resetPasswordMail(config.mail, user.firstName, token));
      });
      return reply.status(202).send({ message: FORGOT_PASSWORD_ACCEPTED });
    },
  );

  api.post(
    `/${RESET_PASSWORD_PATH}`,
    routeOptions("public", REGISTER_TAG, "Choose a new password with a reset link; signs out everywhere", {
      description:
        "Sets the new password, spends the link, revokes every refresh token of the user (signed out everywhere) and ends the email's sign-in lockout, with the activity entry `reset-password`. The user then signs in with the new password.",
      body: resetPasswordRequestSchema,
      response: {
        204: noContent("Changed: sign in with the new password."),
        ...refusals({ 400: true, 404: LINK_NOT_VALID, 429: "Too many requests. Try again in N minutes." }),
      },
    }),
    async (request, reply) => {
      const now = clock.now();
      await checkLimit(db, RESET_PASSWORD_LIMIT, { ip: request.ip }, now);
      // The link first: an unknown, used or expired one costs a lookup, never a hash (the token is
      // 32 random bytes, so answering sooner tells a guesser nothing they could use).
      if (!(await resettableUser(db, request.body.token, now))) throw notFound(LINK_NOT_VALID);
      // Hashed before the transaction: argon2 is slow and holds no lock (the transaction checks again).
      const passwordHash = await hashPassword(request.body.password);
      const userId = await db.transaction(async (tx) => {
        const found = await resettableUser(tx, request.body.token, now);
        if (!found) throw notFound(LINK_NOT_VALID);
        const { code, user } = found;
        if (!(await spendCode(tx, code.id, now))) throw notFound(LINK_NOT_VALID);
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        // Signed out everywhere: each sign-in ends at its next refresh.
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
        // Whoever forgot their password may have been locked out trying: the new one works at once.
        await tx.delete(signInFailures).where(eq(signInFailures.email, normalizeEmail(user.email)));
        await logActivity(tx, {
          actorId: user.id,
          client: clientName(request.headers),
          action: "reset-password",
          resource: "users",
          recordId: user.id,
          changes: {},
        });
        return user.id;
      });
      request.log.info({ userId }, "password reset");
      return reply.status(204).send(null);
    },
  );
};
