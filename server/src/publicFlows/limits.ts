/**
 * Rate limits of the public flows (register, forgot password, delete request and their
 * confirmations): each request is a row, counted per address and per email within a window, so
 * the limit holds across instances. A refused request writes nothing else and answers 429.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { publicRequests } from "../db/schema";
import { HttpError } from "../http/errors";
import { normalizeEmail } from "../auth/signInThrottle";

export interface Limit {
  /** The endpoint's name, e.g. "forgot-password". */
  action: string;
  perEmail: number;
  perIp: number;
  windowMs: number;
}

export const tooManyRequests = (minutes: number) =>
  new HttpError(429, `Too many requests. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`);

/**
 * Counts this request and refuses it (429) when the address or the email already made `per…`
 * requests of this action within the window. `now` is the service clock.
 */
export async function checkLimit(
  db: Database,
  limit: Limit,
  source: { email?: string; ip: string },
  now: Date,
): Promise<void> {
  const email = source.email === undefined ? "" : normalizeEmail(source.email);
  const since = new Date(now.getTime() - limit.windowMs);
  const recent = (match: ReturnType<typeof eq>) =>
    db
      .select({ n: count() })
      .from(publicRequests)
      .where(and(eq(publicRequests.action, limit.action), match, gt(publicRequests.createdAt, since)));
  const [byIp] = await recent(eq(publicRequests.ip, source.ip));
  const [byEmail] = email === "" ? [{ n: 0 }] : await recent(eq(publicRequests.email, email));
  if ((byIp?.n ?? 0) >= limit.perIp || (byEmail?.n ?? 0) >= limit.perEmail) {
    throw tooManyRequests(Math.max(1, Math.ceil(limit.windowMs / 60_000)));
  }
  await db
    .insert(publicRequests)
    .values({ id: randomUUID(), action: limit.action, email, ip: source.ip, createdAt: now });
  // Keeps the table small without a job: rows older than a day count for nothing.
  await db.delete(publicRequests).where(lt(publicRequests.createdAt, new Date(now.getTime() - 86_400_000)));
}
