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

/** Short-lived HS256 JWTs carrying sub, role, accountId (the console decodes them) and sid. */
export function accessTokens(secret: Uint8Array, ttlSeconds: number): AccessTokens {
  return {
    issue: (subject) =>
      new SignJWT({ role: subject.role, accountId: subject.accountId, sid: subject.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(subject.id)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),

    async check(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], requiredClaims: ["sub", "exp"] });
        const { sub, role, accountId, sid } = payload;
        // A token without its sign-in could not be revoked: refused like any malformed token.
        if (typeof sub !== "string" || !isRole(role) || typeof accountId !== "string" || typeof sid !== "string") {
          return { ok: false, reason: "invalid" };
        }
        return { ok: true, subject: { id: sub, role, accountId, sessionId: sid } };
      } catch (error) {
        // jose checks the signature before the expiry, so "expired" implies a token we issued.
        return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
      }
    },
  };
}
