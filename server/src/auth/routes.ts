import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  loginRequestSchema,
  loginResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  verifyTokenResponseSchema,
} from "../../../src/api/schemas/auth";
import { callerOf } from "./guard";
import { checkPassword } from "./passwords";
import { startSession } from "./sessions";
import { users } from "../db/schema";
import { described, GUARD_REFUSALS, noContent, refusals, routeOptions, tooManyWithRetryAfter } from "../docs/openapi";
import { HttpError, userDeleted } from "../http/errors";
import { clientName } from "../http/userAgent";
import { logActivity } from "../resources/writes";
import type { Services } from "../services";
import { findLiveUserByEmail, findUserById, toApiUser } from "../users/queries";

const WRONG_CREDENTIALS = "Incorrect email or password.";
const TAG = "Session";

export const authRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  const { db, accessTokens, refreshTokens, throttle } = services;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  /** A sign-in or sign-out entry: the user themselves, from the client they used; no changes. */
  const signedBy = (userId: string, request: FastifyRequest) => ({
    actorId: userId,
    client: clientName(request.headers),
    changes: {},
  });

  api.post(
    "/v2/auth/login",
    routeOptions("public", TAG, "Sign in with an email and a password", {
      description:
        "Starts a new refresh-token family and records the user's last sign-in. Rate-limited: see docs/api.md.",
      body: loginRequestSchema,
      response: {
        200: described(loginResponseSchema, "Signed in: the tokens and the user."),
        ...refusals({
          400: true,
          401: "Incorrect email or password (also for a deleted user).",
          403: "This user is disabled. Contact your administrator.",
        }),
        ...tooManyWithRetryAfter("Too many failed sign-in attempts. Try again in N minutes."),
      },
    }),
    async (request) => {
      const { email, password } = request.body;
      const source = { email, ip: request.ip };
      await throttle.admit(source);

      const user = await findLiveUserByEmail(db, email);
      // One Argon2 verification whoever asks (unknown email, invited user, wrong password).
      const correct = await checkPassword(user?.passwordHash, password);
      if (!user || !correct) {
        await throttle.recordFailure(source);
        throw new HttpError(401, WRONG_CREDENTIALS);
      }
      if (user.status !== "active") {
        throw new HttpError(403, "This user is disabled. Contact your administrator.");
      }

      await throttle.recordSuccess(source);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
        await logActivity(tx, {
          ...signedBy(user.id, request),
          action: "sign-in",
          resource: "users",
          recordId: user.id,
        });
      });
      return { ...(await startSession(services, user)), user: toApiUser(user) };
    },
  );

  api.post(
    "/v2/auth/refresh",
    routeOptions("public", TAG, "Exchange a refresh token for a new token pair", {
      description:
        "Rotation: the presented token is spent. Presenting a spent token again revokes its whole family (the sign-in), whose access tokens are refused from then on.",
      body: refreshRequestSchema,
      response: {
        200: described(refreshResponseSchema, "A new token pair of the same sign-in."),
        ...refusals({
          400: true,
          401: "Invalid, expired or reused refresh token, or a disabled user.",
          499: "The token's user was deleted.",
        }),
      },
    }),
    async (request) => {
      const rotation = await refreshTokens.rotate(request.body.refreshToken);
      if (!rotation.ok) {
        const reasons = {
          unknown: "Invalid refresh token.",
          expired: "Refresh token expired. Please sign in again.",
          reused: "Refresh token was already used. Please sign in again.",
        } as const;
        throw new HttpError(401, reasons[rotation.reason]);
      }
      const user = await findUserById(db, rotation.userId);
      if (!user || user.deletedAt !== null || user.status !== "active") {
        await refreshTokens.revokeFamilyOf(rotation.refreshToken);
        if (!user || user.deletedAt !== null) throw userDeleted();
        throw new HttpError(401, "This user is disabled.");
      }
      const accessToken = await accessTokens.issue({
        id: user.id,
        role: user.role,
        accountId: user.accountId,
        sessionId: rotation.familyId,
      });
      return { accessToken, refreshToken: rotation.refreshToken };
    },
  );

  // Public: the console signs out with whatever it holds, possibly an expired access token.
  api.post(
    "/v2/auth/logout",
    routeOptions("public", TAG, "Sign out: revoke the refresh token's family", {
      description:
        "Ends the sign-in: its refresh tokens and its access tokens are refused from then on (401 Unauthorized, not token_expired).",
      body: refreshRequestSchema,
      response: {
        204: noContent("Signed out (also for a token the service does not know)."),
        ...refusals({ 400: true }),
      },
    }),
    async (request, reply) => {
      const userId = await refreshTokens.revokeFamilyOf(request.body.refreshToken);
      if (userId !== null) {
        await db.transaction((tx) =>
          logActivity(tx, { ...signedBy(userId, request), action: "sign-out", resource: "users", recordId: userId }),
        );
      }
      return reply.status(204).send(null);
    },
  );

  // The body is ignored: the console posts an empty one.
  api.post(
    "/verify-token",
    routeOptions(
      "signedIn",
      TAG,
      "Check the access token and say whose it is",
      {
        description: "The body is ignored (the console posts an empty one).",
        response: {
          200: described(verifyTokenResponseSchema, "The token is good: whose it is."),
          ...refusals(GUARD_REFUSALS),
        },
      },
      { allowedDuringGrace: true },
    ),
    async (request) => ({ valid: true as const, user: toApiUser(callerOf(request)) }),
  );
};
