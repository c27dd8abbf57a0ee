import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq } from "drizzle-orm";
import { passwordCheckRequestSchema, passwordCheckResponseSchema } from "../../../src/api/schemas/auth";
import { callerOf } from "../auth/guard";
import { verifyPassword } from "../auth/passwords";
import { users } from "../db/schema";
import { described, GUARD_REFUSALS, refusals, routeOptions, tooManyWithRetryAfter } from "../docs/openapi";
import { forbidden } from "../http/errors";
import type { Services } from "../services";
import { logOwnActivity } from "../resources/writes";

/**
 * The password re-check. GET users/{id} (the full User record, a superset of ApiUser) is served
 * by the users resource (users/resource.ts).
 */
export const passwordCheckRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db, throttle }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Re-checks the caller's password before a high-impact action; rate-limited like sign-in
  // because it is just as good an oracle for guessing the password.
  api.post(
    "/users/password/check",
    routeOptions(
      "signedIn",
      "Session",
      "Re-check the caller's password before a high-impact action",
      {
        description:
          "Rate-limited like sign-in. A correct password allows, for the next 5 minutes, a refund, an Advanced Settings change or a scheduled action's cancel or run.",
        body: passwordCheckRequestSchema,
        response: {
          200: described(passwordCheckResponseSchema, "Whether the password is the caller's."),
          ...refusals({ 400: true, ...GUARD_REFUSALS }),
          ...tooManyWithRetryAfter("Too many failed attempts. Try again in N minutes."),
        },
      },
      { allowedDuringGrace: true },
    ),
    async (request) => {
      const caller = callerOf(request);
      const source = { email: caller.email, ip: request.ip };
      await throttle.admit(source);

      const isCorrect = await verifyPassword(caller.passwordHash, request.body.password);
      await (isCorrect ? throttle.recordSuccess(source) : throttle.recordFailure(source));
      // A passed check allows a high-impact action for the next 5 minutes (requireRecentPasswordCheck below).
      if (isCorrect) {
        await db.transaction(async (tx) => {
          await tx.update(users).set({ passwordConfirmedAt: new Date() }).where(eq(users.id, caller.id));
          await logOwnActivity(tx, caller, "password-check", {});
        });
      }
      return { isCorrect };
    },
  );
};

/** How long a passed password check (POST users/password/check) allows a high-impact action. */
export const PASSWORD_CHECK_VALID_MS = 5 * 60 * 1000;

/**
 * Refuses (403 with `message`, nothing written) unless the caller passed the password re-check in
 * the last 5 minutes: refunds, Advanced Settings, scheduled actions, deleting an account.
 */
export function requireRecentPasswordCheck(
  caller: { passwordConfirmedAt: Date | null },
  message: string,
  now = Date.now(),
): void {
  const confirmed = caller.passwordConfirmedAt;
  if (!confirmed || now - confirmed.getTime() > PASSWORD_CHECK_VALID_MS) throw forbidden(message);
}
