/** Unsigned JWTs for tests: the console only decodes them (jwt-decode), it never verifies. */
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

export function makeToken(claims: { exp: number; sub?: string; [claim: string]: unknown }): string {
  return `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url({ sub: "u1", iat: claims.exp - 3600, ...claims })}.sig`;
}

/** A token expiring `seconds` after `nowMs`. */
export const tokenExpiringIn = (seconds: number, nowMs: number, extra: Record<string, unknown> = {}) =>
  makeToken({ exp: Math.floor(nowMs / 1000) + seconds, ...extra });
