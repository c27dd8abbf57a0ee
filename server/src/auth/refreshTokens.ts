/**
 * Opaque refresh tokens with rotation and reuse detection.
 *
 * Every sign-in starts a family. Each refresh spends the presented token and issues its successor
 * in the same family. A token presented twice means it was copied: the whole family is revoked,
 * so neither the thief nor the victim can continue with it, and the victim signs in again.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { refreshTokens } from "../db/schema";
import { systemClock, type Clock } from "../clock";

const DAY_MS = 24 * 60 * 60 * 1000;

export const hashRefreshToken = (token: string): string => createHash("sha256").update(token).digest("hex");

export type RotationResult =
  | { ok: true; userId: string; refreshToken: string; familyId: string }
  | { ok: false; reason: "unknown" | "expired" | "reused" };

/** A new sign-in's first refresh token and its family (the access tokens' `sid`). */
export interface NewFamily {
  refreshToken: string;
  familyId: string;
}

export interface RefreshTokens {
  /** Starts a new family (a sign-in) and returns its first token. */
  issue(userId: string): Promise<NewFamily>;
  /** Spends `token` and returns its successor, or why it cannot. */
  rotate(token: string): Promise<RotationResult>;
  /** Revokes the token's sign-in; answers its user when it was still live (a sign-out), else null. */
  revokeFamilyOf(token: string): Promise<string | null>;
}

export function refreshTokenStore(db: Database, ttlDays: number, clock: Clock = systemClock): RefreshTokens {
  async function insertToken(executor: Pick<Database, "insert">, userId: string, familyId: string): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await executor.insert(refreshTokens).values({
      id: randomUUID(),
      userId,
      familyId,
      tokenHash: hashRefreshToken(token),
      expiresAt: new Date(clock.now().getTime() + ttlDays * DAY_MS),
    });
    return token;
  }

  /** Answers how many live tokens it revoked. */
  async function revokeFamily(familyId: string): Promise<number> {
    const revoked = await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return revoked.length;
  }

  return {
    async issue(userId) {
      const familyId = randomUUID();
      return { refreshToken: await insertToken(db, userId, familyId), familyId };
    },

    async rotate(token) {
      const [stored] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
      if (!stored) return { ok: false, reason: "unknown" };
      if (stored.usedAt !== null || stored.revokedAt !== null) {
        await revokeFamily(stored.familyId);
        return { ok: false, reason: "reused" };
      }
      if (stored.expiresAt.getTime() <= clock.now().getTime()) return { ok: false, reason: "expired" };

      const successor = await db.transaction(async (tx) => {
        // The conditional update is the arbiter when two requests race with the same token.
        const spent = await tx
          .update(refreshTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(refreshTokens.id, stored.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
          .returning({ id: refreshTokens.id });
        if (spent.length === 0) return undefined;
        return insertToken(tx, stored.userId, stored.familyId);
      });
      if (successor === undefined) {
        await revokeFamily(stored.familyId);
        return { ok: false, reason: "reused" };
      }
      return { ok: true, userId: stored.userId, refreshToken: successor, familyId: stored.familyId };
    },

    async revokeFamilyOf(token) {
      const [stored] = await db
        .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
      if (!stored) return null;
      return (await revokeFamily(stored.familyId)) > 0 ? stored.userId : null;
    },
  };
}
