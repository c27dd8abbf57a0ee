import { errors, jwtVerify, SignJWT } from "jose";
import { isRole, type Role } from "../../../src/api/types";

export interface AccessTokenSubject {
  id: string;
  role: Role;
  accountId: string;
  /**
   * The sign-in (refresh-token family) the token belongs to, as the `sid` claim: when that sign-in
   * ends (sign-out, a reused refresh token, a password reset), the guard refuses the token too.
   */
  sessionId: string;
}

export type AccessTokenCheck = { ok: true; subject: AccessTokenSubject } | { ok: false; reason: "expired" | "invalid" };

const ALGORITHM = "HS256";

export interface AccessTokens {
  issue(subject: AccessTokenSubject): Promise<string>;
  check(token: string): Promise<AccessTokenCheck>;
}

/**
 * How many verified tokens the guard remembers. Verifying an HS256 signature (Web Crypto, async)
 * was a tenth of a list request's time; a token's signature and claims never change, so a token
 * verified once is looked up after that. Only the signature check is remembered: whether its
 * sign-in is still live and its user active is read from the database on every request (guard.ts).
 */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Short-lived HS256 JWTs carrying sub, role, accountId (the console decodes them) and sid. */
export function accessTokens(secret: Uint8Array, ttlSeconds: number): AccessTokens {
  const verified = new Map<string, { subject: AccessTokenSubject; exp: number }>();
  return {
    issue: (subject) =>
      new SignJWT({ role: subject.role, accountId: subject.accountId, sid: subject.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(subject.id)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),

    async check(token) {
      const known = verified.get(token);
      if (known) {
        // jose's own rule: expired once `exp` is at or before the current second.
        if (known.exp > Math.floor(Date.now() / 1000)) return { ok: true, subject: known.subject };
        verified.delete(token);
        return { ok: false, reason: "expired" };
      }
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], requiredClaims: ["sub", "exp"] });
        const { sub, role, accountId, sid, exp } = payload;
        // A token without its sign-in could not be revoked: refused like any malformed token.
        if (typeof sub !== "string" || !isRole(role) || typeof accountId !== "string" || typeof sid !== "string") {
          return { ok: false, reason: "invalid" };
        }
        const subject = { id: sub, role, accountId, sessionId: sid };
        // Bounded: past the limit the memory starts again (tokens live minutes; a sign-in re-verifies once).
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
        verified.set(token, { subject, exp: exp! });
        return { ok: true, subject };
      } catch (error) {
        // jose checks the signature before the expiry, so "expired" implies a token we issued.
        return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
      }
    },
  };
}
