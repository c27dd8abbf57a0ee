import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type {
  LoginRequest,
  LoginResponse,
  RefreshRequest,
  RefreshResponse,
  VerifyTokenResponse,
} from "../../../src/api/types";
import { callerOf } from "./guard";
import { verifyAgainstDecoy, verifyPassword } from "./passwords";
import { tooManyAttemptsMessage } from "./signInThrottle";
import { users } from "../db/schema";
import { HttpError, userDeleted } from "../http/errors";
import { apiUserSchema, emailSchema, passwordSchema, refreshTokenSchema } from "../http/schemas";
import type { Services } from "../services";
import { findLiveUserByEmail, findUserById, toApiUser, type UserRow } from "../users/queries";

const WRONG_CREDENTIALS = "Incorrect email or password.";

const loginBody = {
  type: "object",
  required: ["email", "password"],
  additionalProperties: false,
  properties: { email: emailSchema, password: passwordSchema },
} as const;

const refreshBody = {
  type: "object",
  required: ["refreshToken"],
  additionalProperties: false,
  properties: { refreshToken: refreshTokenSchema },
} as const;

const tokenPairSchema = {
  type: "object",
  required: ["accessToken", "refreshToken"],
  properties: { accessToken: { type: "string" }, refreshToken: { type: "string" } },
} as const;

const loginResponseSchema = {
  type: "object",
  required: ["accessToken", "refreshToken", "user"],
  properties: { ...tokenPairSchema.properties, user: apiUserSchema },
} as const;

export function authRoutes(app: FastifyInstance, services: Services): void {
  const { db, accessTokens, refreshTokens, throttle } = services;

  const issueAccessToken = (user: UserRow) =>
    accessTokens.issue({ id: user.id, role: user.role, accountId: user.accountId });

  app.post<{ Body: LoginRequest }>(
    "/v2/auth/login",
    {
      config: { access: "public" },
      schema: { body: loginBody, response: { 200: loginResponseSchema } },
    },
    async (request): Promise<LoginResponse> => {
      const { email, password } = request.body;
      const source = { email, ip: request.ip };
      const verdict = await throttle.check(source);
      if (!verdict.allowed) throw new HttpError(429, tooManyAttemptsMessage(verdict.retryAfterMinutes));

      const user = await findLiveUserByEmail(db, email);
      const correct = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDecoy(password);
      if (!user || !correct) {
        await throttle.recordFailure(source);
        throw new HttpError(401, WRONG_CREDENTIALS);
      }
      if (user.status !== "active") {
        throw new HttpError(403, "This user is disabled. Contact your administrator.");
      }

      await throttle.recordSuccess(source);
      await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
      return {
        accessToken: await issueAccessToken(user),
        refreshToken: await refreshTokens.issue(user.id),
        user: toApiUser(user),
      };
    },
  );

  app.post<{ Body: RefreshRequest }>(
    "/v2/auth/refresh",
    {
      config: { access: "public" },
      schema: { body: refreshBody, response: { 200: tokenPairSchema } },
    },
    async (request): Promise<RefreshResponse> => {
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
      return { accessToken: await issueAccessToken(user), refreshToken: rotation.refreshToken };
    },
  );

  // Public: the console signs out with whatever it holds, possibly an expired access token.
  app.post<{ Body: RefreshRequest }>(
    "/v2/auth/logout",
    { config: { access: "public" }, schema: { body: refreshBody } },
    async (request, reply) => {
      await refreshTokens.revokeFamilyOf(request.body.refreshToken);
      return reply.status(204).send();
    },
  );

  // The body is ignored: the console posts an empty one.
  app.post(
    "/verify-token",
    {
      config: { access: "signedIn" },
      schema: {
        response: {
          200: {
            type: "object",
            required: ["valid", "user"],
            properties: { valid: { type: "boolean" }, user: apiUserSchema },
          },
        },
      },
    },
    async (request): Promise<VerifyTokenResponse> => ({ valid: true, user: toApiUser(callerOf(request)) }),
  );
}
