import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import type { PasswordCheckResponse } from "../../../src/api/types";
import { callerOf } from "../auth/guard";
import { verifyPassword } from "../auth/passwords";
import { tooManyAttemptsMessage } from "../auth/signInThrottle";
import { users } from "../db/schema";
import { HttpError } from "../http/errors";
import { passwordSchema } from "../http/schemas";
import type { Services } from "../services";

/**
 * The password re-check. GET users/{id} (the full User record, a superset of ApiUser) is served
 * by the users resource (users/resource.ts).
 */
export function passwordCheckRoutes(app: FastifyInstance, { db, throttle }: Services): void {
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
      // A passed check allows a refund for the next 5 minutes (docs/api-resources.md "Payments").
      if (isCorrect) await db.update(users).set({ passwordConfirmedAt: new Date() }).where(eq(users.id, caller.id));
      return { isCorrect };
    },
  );
}
