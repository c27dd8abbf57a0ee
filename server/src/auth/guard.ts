/**
 * Who may call a route. Every /api route states it in its options, `config: { access }`:
 *   "public"    anybody, no token needed;
 *   "signedIn"  any live user with a valid access token;
 *   [roles...]  a signed-in user whose current role (read from the database, not the token,
 *               so a demotion takes effect at once) is listed.
 * A route without `access` makes the service refuse to start: forgetting it must not open a route.
 */
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { Role } from "../../../src/api/types";
import { forbidden, invalidToken, tokenExpired, unauthorized, userDeleted } from "../http/errors";
import { clientName } from "../http/userAgent";
import { accounts } from "../db/schema";
import { READ_ONLY_DURING_GRACE, restrictedDuringGrace } from "../lifecycle/grace";
import { eq } from "drizzle-orm";
import type { Services } from "../services";
import type { UserRow } from "../users/queries";
import { guardAnswers, guardFingerprint, installGuardAlong } from "./guardAlong";
import { userAndSession } from "./sessions";

export type Access = "public" | "signedIn" | readonly Role[];

/**
 * What a route does besides answering, declared in its own config (never matched from its URL):
 * a route that says nothing is refused to a grace account when it writes, and schedules nothing.
 */
export interface RouteBehaviour {
  /**
   * A write an account in its grace period may still make (spec §4: "read and export only"):
   * sessions, exports, one's own settings, paying (lifecycle/grace.ts).
   */
  allowedDuringGrace?: true;
  /**
   * A write that asks for a scheduled action or withdraws one (an account's deletion, a cancel at
   * the period end, their undoing): once it succeeds, the lifecycle schedules it at once.
   */
  schedulesLifecycle?: true;
}

/** The signed-in user of a request, and the client they used (the Activity Feed records both). */
export type SignedInCaller = UserRow & { client: string | null };

declare module "fastify" {
  interface FastifyContextConfig extends RouteBehaviour {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the guard on every route that is not public. */
    caller: SignedInCaller | null;
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** The subject of the bearer token in an Authorization header, or the refusal (401, `token_expired`). */
export async function subjectOf(header: string | undefined, services: Services) {
  const token = bearerToken(header);
  if (token === undefined) throw unauthorized();
  const check = await services.accessTokens.check(token);
  if (!check.ok) throw check.reason === "expired" ? tokenExpired() : invalidToken();
  return check.subject;
}

/** Refuses a user and sign-in the guard must not let through (see userOfAuthorization). */
function refuseIfNotLive(user: UserRow | undefined, live: boolean): asserts user is UserRow {
  if (!user || user.deletedAt !== null) throw userDeleted();
  // Disabled, signed out here or elsewhere, or the sign-in was revoked: `token_expired`, so a
  // console following spec §7 refreshes once, that refresh is refused (a disabled user's, or a
  // revoked family's), and it goes to /login. A plain 401 would leave it on the page, every call
  // refused: the spec uses that for "not allowed".
  if (user.status !== "active" || !live) throw tokenExpired();
}

/**
 * The live user an Authorization header names, or the refusal: 401 (no or bad token,
 * `token_expired`, disabled user, a sign-in that ended) or 499 (the user was deleted).
 */
export async function userOfAuthorization(header: string | undefined, services: Services): Promise<UserRow> {
  return userOfSignIn(await subjectOf(header, services), services);
}

/**
 * The live user of a sign-in, whatever its access token's age: what a connection opened with a
 * valid token checks while it stays open (the live changes' stream), so that it ends with the
 * sign-in (signed out, revoked, user disabled or deleted), not with the token it was opened with.
 */
export async function userOfSignIn(subject: { id: string; sessionId: string }, services: Services): Promise<UserRow> {
  const { user, live } = await userAndSession(services.db, subject.id, subject.sessionId);
  refuseIfNotLive(user, live);
  return user;
}

export function installGuard(app: FastifyInstance, services: Services): void {
  app.decorateRequest("caller", null);
  installGuardAlong(app);
  const answers = guardAnswers(services.db);

  app.addHook("onRoute", (route) => {
    if (route.config?.access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access`);
    }
  });

  /** What the guard decides from a user's row, once it is known to be live. */
  const admit = async (request: FastifyRequest, user: UserRow) => {
    const access = request.routeOptions.config.access;
    request.caller = { ...user, client: clientName(request.headers) };
    if (Array.isArray(access) && !access.includes(user.role)) throw forbidden();
    if (user.role !== "SuperAdmin" && restrictedDuringGrace(request)) {
      const [account] = await services.db
        .select({ status: accounts.subscriptionStatus })
        .from(accounts)
        .where(eq(accounts.id, user.accountId));
      if (account?.status === "canceled") throw forbidden(READ_ONLY_DURING_GRACE);
    }
  };

  /** The guard's full decision, from the database; remembered for the list routes' next requests. */
  const decide = async (request: FastifyRequest, subject: { id: string; sessionId: string }) => {
    request.guardAlong = null;
    const { user, live, fingerprint } = await userAndSession(services.db, subject.id, subject.sessionId, {
      fingerprint: answers.enabled(),
    });
    try {
      refuseIfNotLive(user, live);
    } catch (refusal) {
      answers.forget(subject.id, subject.sessionId);
      throw refusal;
    }
    if (answers.enabled() && fingerprint) answers.remember(subject.id, subject.sessionId, user, fingerprint);
    await admit(request, user);
    return fingerprint ?? "";
  };

  const guard: onRequestAsyncHookHandler = async (request) => {
    const { access, guardAlong } = request.routeOptions.config;
    if (access === "public") return;

    const subject = await subjectOf(request.headers.authorization, services);
    const known = guardAlong && answers.enabled() ? answers.provisional(subject.id, subject.sessionId) : undefined;
    // A remembered answer only when it lets the caller through without another read (a refusal, or
    // the grace period's account check, is always decided from the database): see guardAlong.ts.
    if (
      known &&
      (!Array.isArray(access) || access.includes(known.user.role)) &&
      (known.user.role === "SuperAdmin" || !restrictedDuringGrace(request))
    ) {
      request.caller = { ...known.user, client: clientName(request.headers) };
      request.guardAlong = {
        column: guardFingerprint(subject.id, subject.sessionId),
        expected: known.fingerprint,
        confirm: () => decide(request, subject),
      };
      return;
    }
    await decide(request, subject);
  };
  app.addHook("onRequest", guard);
}

/** The signed-in user of a non-public route. */
export function callerOf(request: FastifyRequest): SignedInCaller {
  if (request.caller === null) {
    throw new Error(`callerOf() used on a public route: ${request.routeOptions.url ?? request.url}`);
  }
  return request.caller;
}
