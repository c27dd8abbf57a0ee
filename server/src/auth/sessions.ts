/**
 * A sign-in is a refresh-token family (auth/refreshTokens.ts); every access token names it in its
 * `sid` claim. Ending a sign-in (sign-out, a reused refresh token, a password reset or change, a
 * disabled user) revokes the family's rows, and from then on the guard refuses the family's access
 * tokens as well, on every instance: the revoked rows in the shared database are the denylist, and
 * they outlive any access token (refresh tokens live days, access tokens minutes).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { readCacheOf } from "../db/readCache";
import { refreshTokens, users } from "../db/schema";
import type { UserRow } from "../users/queries";
import type { AccessTokens } from "./accessTokens";
import { guardFingerprint } from "./guardAlong";
import type { RefreshTokens } from "./refreshTokens";

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** Starts a sign-in for `user`: a new refresh-token family and an access token naming it. */
export async function startSession(
  tokens: { accessTokens: AccessTokens; refreshTokens: RefreshTokens },
  user: Pick<UserRow, "id" | "role" | "accountId">,
): Promise<SessionTokens> {
  const { refreshToken, familyId } = await tokens.refreshTokens.issue(user.id);
  const accessToken = await tokens.accessTokens.issue({
    id: user.id,
    role: user.role,
    accountId: user.accountId,
    sessionId: familyId,
  });
  return { accessToken, refreshToken };
}

/**
 * The user of an access token and whether its sign-in is still live, in one query (the guard runs
 * it on every request; refresh_tokens.family_id is indexed). Live means the family exists, is the
 * user's, and none of its tokens was revoked: revoking marks every row, and a row a racing
 * rotation added after the revocation does not bring the sign-in back.
 *
 * On the embedded database the answer is remembered until the data changes (db/readCache.ts): a
 * demotion, a deletion or a sign-out is a write, so the next request asks again. The answer is
 * frozen because every request of that sign-in shares it.
 */
export async function userAndSession(
  db: Database,
  userId: string,
  sessionId: string,
  { fingerprint = false }: { fingerprint?: boolean } = {},
): Promise<{ user: UserRow | undefined; live: boolean; fingerprint?: string | null }> {
  const cache = readCacheOf(db);
  const key = `userAndSession\u0000${userId}\u0000${sessionId}${fingerprint ? "\u0000fingerprint" : ""}`;
  const known = cache.get<{ user: UserRow | undefined; live: boolean; fingerprint?: string | null }>(key);
  if (known) return known;
  const readAt = cache.version();
  const [row] = await db
    .select({
      user: users,
      live: sql<boolean | null>`(select bool_and(${refreshTokens.revokedAt} is null) from ${refreshTokens}
        where ${and(eq(refreshTokens.familyId, sessionId), eq(refreshTokens.userId, userId))})`,
      // What a list's statement compares with, in the same snapshot (auth/guardAlong.ts).
      ...(fingerprint ? { fingerprint: sql<string | null>`${guardFingerprint(userId, sessionId)}` } : {}),
    })
    .from(users)
    .where(eq(users.id, userId));
  const answer = Object.freeze({
    user: row?.user && Object.freeze(row.user),
    live: row?.live === true,
    ...(fingerprint ? { fingerprint: (row as { fingerprint?: string | null } | undefined)?.fingerprint ?? null } : {}),
  });
  cache.set(key, answer, readAt);
  return answer;
}
