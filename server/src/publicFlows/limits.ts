/**
 * Rate limits of the guest flows (register, forgot password, delete request, their confirmations,
 * invitation acceptance, a device's unsubscribe link): each request is a row, counted within a
 * window, so the limit holds across instances (docs/api.md "Public flows").
 *
 * Only the asker's own requests can refuse them: 429 comes from the requests of their address, or
 * of their address for the same email. What one email receives from everyone together is capped
 * too, to keep a mailbox from being flooded, but that cap only stops the mail quietly (the request
 * is answered as if sent): were it a 429, a stranger's requests for someone's email would refuse
 * that person's own (docs/decisions.md "Guest flows refuse only the asker").
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, lt, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { publicRequests } from "../db/schema";
import { tooMany } from "../http/errors";
import { normalizeEmail } from "../auth/signInThrottle";

export interface Limit {
  /** The endpoint's name, e.g. "forgot-password". */
  action: string;
  /** Requests from one address, whatever they name: beyond it, 429. */
  perIp: number;
  /** Requests from one address naming one email: beyond it, 429 (only to that address). */
  perIpAndEmail?: number;
  /** Requests naming one email, from any address: beyond it no mail goes out, and the answer is the usual one. */
  perEmail?: number;
  windowMs: number;
}

/** What a counted request may do: `quiet` when the email's own cap is reached (answer, send nothing). */
export interface Admitted {
  quiet: boolean;
}

/** "Too many requests. Try again in N minutes.", N the wait rounded up, with Retry-After in seconds. */
export const tooManyRequests = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return tooMany(`Too many requests. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`, seconds);
};

/**
 * Counts this request, or refuses it (429, counting nothing) when its address, or its address for
 * this email, already made as many requests of this action as the limit allows within the window.
 * `now` is the service clock.
 */
export async function checkLimit(
  db: Database,
  limit: Limit,
  source: { email?: string; ip: string },
  now: Date,
): Promise<Admitted> {
  const email = source.email === undefined ? "" : normalizeEmail(source.email);
  const since = new Date(now.getTime() - limit.windowMs);
  /** Seconds until fewer than `max` matching requests are left in the window; 0 when there are fewer already. */
  const waitFor = async (match: SQL | undefined, max: number | undefined): Promise<number> => {
    if (max === undefined) return 0;
    const [oldestCounting] = await db
      .select({ at: publicRequests.createdAt })
      .from(publicRequests)
      .where(and(eq(publicRequests.action, limit.action), match, gt(publicRequests.createdAt, since)))
      .orderBy(desc(publicRequests.createdAt))
      .limit(1)
      .offset(max - 1);
    if (!oldestCounting) return 0;
    return Math.max(1, Math.ceil((oldestCounting.at.getTime() + limit.windowMs - now.getTime()) / 1000));
  };

  const byIp = eq(publicRequests.ip, source.ip);
  const byEmail = eq(publicRequests.email, email);
  const wait = Math.max(
    await waitFor(byIp, limit.perIp),
    email === "" ? 0 : await waitFor(and(byIp, byEmail), limit.perIpAndEmail),
  );
  if (wait > 0) throw tooManyRequests(wait);
  const quiet = email !== "" && (await waitFor(byEmail, limit.perEmail)) > 0;

  await db
    .insert(publicRequests)
    .values({ id: randomUUID(), action: limit.action, email, ip: source.ip, createdAt: now });
  // Keeps the table small without a job: rows older than a day count for nothing.
  await db.delete(publicRequests).where(lt(publicRequests.createdAt, new Date(now.getTime() - 86_400_000)));
  return { quiet };
}

/**
 * Seconds left of a cool-down of `ms` after the latest request of `action` for this email (from
 * `ip` only, when given); 0 when none is that recent.
 */
export async function coolDownLeft(
  db: Database,
  action: string,
  source: { email: string; ip?: string },
  ms: number,
  now: Date,
): Promise<number> {
  const [last] = await db
    .select({ at: publicRequests.createdAt })
    .from(publicRequests)
    .where(
      and(
        eq(publicRequests.action, action),
        eq(publicRequests.email, normalizeEmail(source.email)),
        source.ip === undefined ? undefined : eq(publicRequests.ip, source.ip),
        gt(publicRequests.createdAt, new Date(now.getTime() - ms)),
      ),
    )
    .orderBy(desc(publicRequests.createdAt))
    .limit(1);
  return last ? Math.max(1, Math.ceil((last.at.getTime() + ms - now.getTime()) / 1000)) : 0;
}
