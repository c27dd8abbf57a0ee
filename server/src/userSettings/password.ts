/**
 * POST users/me/password (docs/api.md "User settings"): a signed-in user changes their own
 * password. The current password is required (a wrong one changes nothing and counts as a failed
 * sign-in attempt: this route is as good a password oracle as sign-in); on success every other
 * sign-in of the user is signed out, the caller's own stays.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import Type from "typebox";
import { passwordChangeSchema } from "../../../src/api/schemas/userSettings";
import { callerOf } from "../auth/guard";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { hashRefreshToken } from "../auth/refreshTokens";
import { users } from "../db/schema";
import { described, GUARD_REFUSALS, refusals, routeOptions, tooManyWithRetryAfter } from "../docs/openapi";
import { fieldError } from "../http/errors";
import { errors } from "../resources/schemas";
import { rowsOf, type Tx } from "../resources/sql";
import { logOwnActivity } from "../resources/writes";
import type { Services } from "../services";
import { USER_SETTINGS_TAG } from "./tag";

export const WRONG_CURRENT_PASSWORD = "The current password is incorrect.";
export const SAME_PASSWORD = "The new password must be different from the current one.";
export const NOT_YOUR_SIGN_IN = "This is not a sign-in of yours that is still valid. Sign in again.";

/**
 * Revokes every refresh-token family (sign-in, auth/refreshTokens.ts) of the user but `keepFamily`,
 * in the password change's transaction. Answers how many of them were still live (a session that
 * could have refreshed): those devices are signed out at their next refresh.
 */
async function signOutOtherSessions(tx: Tx, userId: string, keepFamily: string): Promise<number> {
  const [row] = await rowsOf(
    tx,
    sql`with revoked as (
          update refresh_tokens set revoked_at = now()
          where user_id = ${userId} and family_id <> ${keepFamily} and revoked_at is null
          returning family_id, used_at, expires_at
        )
        select count(distinct family_id) filter (where used_at is null and expires_at > now())::int as live
        from revoked`,
  );
  return Number(row?.live ?? 0);
}

/** The sign-in (refresh-token family) the caller's refresh token belongs to, while it is not revoked. */
async function familyOf(tx: Tx, userId: string, refreshToken: string): Promise<string | null> {
  const [row] = await rowsOf(
    tx,
    sql`select family_id from refresh_tokens
        where token_hash = ${hashRefreshToken(refreshToken)} and user_id = ${userId} and revoked_at is null`,
  );
  return typeof row?.family_id === "string" ? row.family_id : null;
}

export function passwordChangeRoutes(app: FastifyInstance, { db, throttle }: Services): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    "/users/me/password",
    routeOptions(
      "signedIn",
      USER_SETTINGS_TAG,
      "Change one's own password; every other sign-in is signed out",
      {
        description:
          "Rate-limited like sign-in: a wrong current password counts as a failed attempt. The sign-in of `refreshToken` stays; every other one of the user is revoked, so those sessions end at their next refresh (within the access token's lifetime). Records the activity entry `change-password` (never a password).",
        body: passwordChangeSchema,
        response: {
          200: described(
            Type.Object({
              signedOutSessions: Type.Integer({ minimum: 0, description: "Other sessions that were signed out." }),
            }),
            "Changed.",
          ),
          ...errors(400),
          ...refusals(GUARD_REFUSALS),
          ...tooManyWithRetryAfter("Too many failed attempts. Try again in N minutes."),
        },
      },
      { allowedDuringGrace: true },
    ),
    async (request) => {
      const caller = callerOf(request);
      const { currentPassword, newPassword, refreshToken } = request.body;
      const source = { email: caller.email, ip: request.ip };
      await throttle.admit(source);

      const correct = await verifyPassword(caller.passwordHash, currentPassword);
      await (correct ? throttle.recordSuccess(source) : throttle.recordFailure(source));
      if (!correct) throw fieldError(400, "currentPassword", WRONG_CURRENT_PASSWORD);
      if (newPassword === currentPassword) throw fieldError(400, "newPassword", SAME_PASSWORD);

      const passwordHash = await hashPassword(newPassword);
      const signedOutSessions = await db.transaction(async (tx) => {
        const keep = await familyOf(tx, caller.id, refreshToken);
        // Without its own sign-in the caller would be signed out too, by surprise: refuse instead.
        if (keep === null) throw fieldError(400, "refreshToken", NOT_YOUR_SIGN_IN);
        await tx.update(users).set({ passwordHash }).where(eq(users.id, caller.id));
        const count = await signOutOtherSessions(tx, caller.id, keep);
        // The action only: neither password, nor its hash, goes into the log.
        await logOwnActivity(tx, caller, "change-password", {});
        return count;
      });
      return { signedOutSessions };
    },
  );
}
