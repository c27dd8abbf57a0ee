import { errors, jwtVerify, SignJWT } from "jose";
import { isRole, type Role } from "../../../src/api/types";

export interface AccessTokenSubject {
  id: string;
  role: Role;
  accountId: string;
}

export type AccessTokenCheck = { ok: true; subject: AccessTokenSubject } | { ok: false; reason: "expired" | "invalid" };

const ALGORITHM = "HS256";

export interface AccessTokens {
  issue(subject: AccessTokenSubject): Promise<string>;
  check(token: string): Promise<AccessTokenCheck>;
}

/** Short-lived HS256 JWTs carrying sub, role and accountId (the console decodes them). */
export function accessTokens(secret: Uint8Array, ttlSeconds: number): AccessTokens {
  return {
    issue: (subject) =>
      new SignJWT({ role: subject.role, accountId: subject.accountId })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(subject.id)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),

    async check(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], requiredClaims: ["sub", "exp"] });
        const { sub, role, accountId } = payload;
        if (typeof sub !== "string" || !isRole(role) || typeof accountId !== "string") {
          return { ok: false, reason: "invalid" };
        }
        return { ok: true, subject: { id: sub, role, accountId } };
      } catch (error) {
        // jose checks the signature before the expiry, so "expired" implies a token we issued.
        return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
      }
    },
  };
}
