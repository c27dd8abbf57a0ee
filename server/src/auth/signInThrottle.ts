/**
 * Limits password guessing: too many failures for one email from one address, or from one address
 * whatever the emails, within the window block further attempts from that address until the
 * oldest counted failure leaves the window. The email's lock is per (address, email) pair, never
 * per email alone: a stranger who fails five times with someone's email locks only their own
 * address out, not the person (docs/decisions.md "Sign-in lockout per address and email").
 * Failures are rows in the database so that every instance behind a load balancer sees the same count.
 */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, gt, lt, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { signInFailures } from "../db/schema";
import { tooMany } from "../http/errors";

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Per (address, email) pair. */
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

export interface AttemptSource {
  email: string;
  ip: string;
}

export interface SignInThrottle {
  /** Refuses (429, with Retry-After) an attempt from `source` that may not check a password now. */
  admit(source: AttemptSource): Promise<void>;
  recordFailure(source: AttemptSource): Promise<void>;
  /** A correct password forgives the pair's earlier failures (not the address's, nor other addresses'). */
  recordSuccess(source: AttemptSource): Promise<void>;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The failures of one email from one address. */
const pair = ({ email, ip }: AttemptSource): SQL =>
  and(eq(signInFailures.email, normalizeEmail(email)), eq(signInFailures.ip, ip))!;

export function signInThrottle(db: Database): SignInThrottle {
  /** When the failures matching `match` drop below `limit`, or undefined if they already are. */
  async function blockedUntil(match: SQL, limit: number, windowStart: Date): Promise<number | undefined> {
    const recent = and(match, gt(signInFailures.createdAt, windowStart));
    const [row] = await db.select({ n: count() }).from(signInFailures).where(recent);
    if ((row?.n ?? 0) < limit) return undefined;
    // The limit-th most recent failure is the one whose expiry brings the count under the limit.
    const [pivot] = await db
      .select({ createdAt: signInFailures.createdAt })
      .from(signInFailures)
      .where(recent)
      .orderBy(desc(signInFailures.createdAt))
      .offset(limit - 1)
      .limit(1);
    return pivot ? pivot.createdAt.getTime() + SIGN_IN_WINDOW_MS : undefined;
  }

  return {
    async admit({ email, ip }) {
      const now = Date.now();
      const windowStart = new Date(now - SIGN_IN_WINDOW_MS);
      const until = Math.max(
        (await blockedUntil(pair({ email, ip }), MAX_FAILURES_PER_EMAIL, windowStart)) ?? 0,
        (await blockedUntil(eq(signInFailures.ip, ip), MAX_FAILURES_PER_IP, windowStart)) ?? 0,
      );
      if (until <= now) return;
      const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
      throw tooMany(tooManyAttemptsMessage(minutes), minutes * 60);
    },

    async recordFailure({ email, ip }) {
      // The application clock, not the database's, since check() compares with it.
      await db
        .insert(signInFailures)
        .values({ id: randomUUID(), email: normalizeEmail(email), ip, createdAt: new Date() });
      // Keeps the table small without a scheduled job.
      await db.delete(signInFailures).where(lt(signInFailures.createdAt, new Date(Date.now() - SIGN_IN_WINDOW_MS)));
    },

    async recordSuccess(source) {
      await db.delete(signInFailures).where(pair(source));
    },
  };
}

const tooManyAttemptsMessage = (minutes: number): string =>
  `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
