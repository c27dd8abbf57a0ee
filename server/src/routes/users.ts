import type { FastifyInstance } from "fastify";
import type { ApiUser, PasswordCheckResponse } from "../../../src/api/types";
import { callerOf } from "../auth/guard";
import { verifyPassword } from "../auth/passwords";
import { tooManyAttemptsMessage } from "../auth/signInThrottle";
import { forbidden, HttpError, notFound } from "../http/errors";
import { apiUserSchema, idSchema, passwordSchema } from "../http/schemas";
import type { Services } from "../services";
import { findUserById, toApiUser, type UserRow } from "../users/queries";

/** Whether `caller` may see `target`'s profile: themselves, anyone for a super admin, their account for admins and managers. */
export function canViewUser(
  caller: Pick<UserRow, "id" | "role" | "accountId">,
  target: Pick<UserRow, "id" | "accountId">,
): boolean {
  if (caller.id === target.id) return true;
  switch (caller.role) {
    case "SuperAdmin":
      return true;
    case "Admin":
    case "Manager":
      return caller.accountId === target.accountId;
    case "User":
      return false;
  }
}

export function userRoutes(app: FastifyInstance, { db, throttle }: Services): void {
  app.get<{ Params: { id: string } }>(
    "/users/:id",
    {
      config: { access: "signedIn" },
      schema: {
        params: { type: "object", required: ["id"], additionalProperties: false, properties: { id: idSchema } },
        response: { 200: apiUserSchema },
      },
    },
    async (request): Promise<ApiUser> => {
      const caller = callerOf(request);
      // A plain user may only see themselves: answer 403 before revealing whether the id exists.
      if (caller.role === "User" && request.params.id !== caller.id)
        throw forbidden("You may only view your own profile.");
      const target = await findUserById(db, request.params.id);
      if (!target || target.deletedAt !== null) throw notFound("User not found.");
      if (!canViewUser(caller, target)) throw forbidden("You may not view users of another account.");
      return toApiUser(target);
    },
  );

  // Re-checks the caller's password before a high-impact action; rate-limited like sign-in
  // because it is just as good an oracle for guessing the password.
  app.post<{ Body: { password: string } }>(
    "/users/password/check",
    {
      config: { access: "signedIn" },
      schema: {
        body: {
          type: "object",
          required: ["password"],
          additionalProperties: false,
          properties: { password: passwordSchema },
        },
        response: { 200: { type: "object", required: ["isCorrect"], properties: { isCorrect: { type: "boolean" } } } },
      },
    },
    async (request): Promise<PasswordCheckResponse> => {
      const caller = callerOf(request);
      const source = { email: caller.email, ip: request.ip };
      const verdict = await throttle.check(source);
      if (!verdict.allowed) throw new HttpError(429, tooManyAttemptsMessage(verdict.retryAfterMinutes));

      const isCorrect = await verifyPassword(caller.passwordHash, request.body.password);
      await (isCorrect ? throttle.recordSuccess(source) : throttle.recordFailure(source));
      return { isCorrect };
    },
  );
}
