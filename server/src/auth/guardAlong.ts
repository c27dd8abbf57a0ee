/**
 * The guard's check riding along in a list's own statement, on PostgreSQL (issue 13 item 6).
 *
 * The guard reads the caller's user and sign-in from the database on every request, so a sign-out,
 * a demotion or a deletion on any instance counts at once. On PostgreSQL that read was a round trip
 * of its own before each list's statement: with 50 admins listing, a third of the service's time.
 * On the list routes (`config.guardAlong`) the guard instead takes the answer it last read for the
 * same sign-in on this instance as provisional, and the list's statement reads, in the same
 * snapshot as its rows, a fingerprint of everything that answer was made of: the user's whole row
 * and whether the sign-in is live. Only when the fingerprint is the one the provisional answer was
 * read with is the page answered; otherwise the guard decides afresh (and may refuse, as before)
 * and the page is read again with the caller it found. So nothing is ever answered on a decision
 * the database no longer holds; a remembered answer only saves the separate statement.
 *
 * Any answer leaving with the check still pending (a 400 on the query, an error before the page was
 * read) has the guard decide first (`installGuardAlong`'s onSend), so refusals come first as before.
 *
 * On the embedded database the guard's read is already remembered until the data changes
 * (db/readCache.ts), so nothing rides along there, unless a test asks for it (`rideAlongAlways`).
 */
import { sql, type SQL } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { remembersReads } from "../db/readCache";
import type { UserRow } from "../users/queries";

/** A request whose caller is provisional until its list's statement has confirmed it. */
export interface PendingGuard {
  /** The fingerprint of the caller's user and sign-in, as a column of the list's statement. */
  column: SQL;
  /** The fingerprint the provisional caller was read with. */
  expected: string;
  /** Decides afresh, as the guard does without a remembered answer (throws its refusals); the fingerprint read. */
  confirm(): Promise<string>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's handler reads through `readWithGuard`: its guard check may ride along. */
    guardAlong?: boolean;
  }
  interface FastifyRequest {
    guardAlong: PendingGuard | null;
  }
}

/**
 * Text that changes whenever anything the guard decides on changes: the user's whole row (role,
 * account, status, deletion, names…) and whether the sign-in is live (null when it has no row).
 * The guard's own statement reads it too, so both are the same expression.
 */
export const guardFingerprint = (userId: string, sessionId: string): SQL =>
  sql`(select gu::text || '|' || coalesce((select bool_and(gr.revoked_at is null) from refresh_tokens gr
    where gr.family_id = ${sessionId} and gr.user_id = ${userId})::text, 'none') from users gu where gu.id = ${userId})`;

/** Bounds the memory: one entry per sign-in seen by this instance. */
const MAX_REMEMBERED = 10_000;

export interface GuardAnswers {
  /** Whether list routes' checks ride along for this database. */
  enabled(): boolean;
  provisional(userId: string, sessionId: string): { user: UserRow; fingerprint: string } | undefined;
  remember(userId: string, sessionId: string, user: UserRow, fingerprint: string): void;
  forget(userId: string, sessionId: string): void;
}

const always = new WeakSet<object>();

/** Tests on the embedded database: ride along there too (production rides along on PostgreSQL only). */
export const rideAlongAlways = (db: object): void => void always.add(db);

/** The answers the guard last read on this instance, per sign-in (never shared between instances). */
export function guardAnswers(db: object): GuardAnswers {
  const answers = new Map<string, { user: UserRow; fingerprint: string }>();
  const key = (userId: string, sessionId: string) => `${userId}\u0000${sessionId}`;
  return {
    enabled: () => always.has(db) || !remembersReads(db),
    provisional: (userId, sessionId) => answers.get(key(userId, sessionId)),
    remember(userId, sessionId, user, fingerprint) {
      if (answers.size >= MAX_REMEMBERED) answers.clear();
      answers.set(key(userId, sessionId), { user, fingerprint });
    },
    forget: (userId, sessionId) => void answers.delete(key(userId, sessionId)),
  };
}

/** Marks a route's options: its handler reads through `readWithGuard`. */
export const guardRidesAlong = <O extends { config: object }>(options: O): O => ({
  ...options,
  config: { ...options.config, guardAlong: true },
});

/**
 * Runs a list's read with the guard's fingerprint as an extra column when the caller is provisional
 * (`read` gets the column and answers what it read of it as `guardSeen`). If the fingerprint is not
 * the expected one, the guard decides afresh (maybe refusing) and the read runs again, without it.
 */
export async function readWithGuard<T extends { guardSeen?: unknown }>(
  request: FastifyRequest,
  read: (guardColumn: SQL | undefined) => Promise<T>,
): Promise<T> {
  const pending = request.guardAlong;
  if (!pending) return read(undefined);
  const first = await read(pending.column);
  if (first.guardSeen === pending.expected) {
    request.guardAlong = null;
    return first;
  }
  await pending.confirm();
  return read(undefined);
}

/** No answer leaves with the guard's check still pending: it decides first (its refusal wins). */
export function installGuardAlong(app: FastifyInstance): void {
  app.decorateRequest("guardAlong", null);
  app.addHook("onSend", async (request, reply, payload) => {
    const pending = request.guardAlong;
    if (!pending) return payload;
    const fingerprint = await pending.confirm();
    // Only a route that skipped readWithGuard gets here with a success: had its caller changed,
    // what it read was read for someone else.
    if (reply.statusCode < 400 && fingerprint !== pending.expected) {
      throw new Error(`${request.routeOptions.url ?? request.url} answered before its guard check was confirmed`);
    }
    return payload;
  });
}
