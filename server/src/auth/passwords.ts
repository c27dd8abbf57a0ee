import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2 exports Algorithm as a const enum, which isolatedModules cannot inline.
const ARGON2ID = 2;

/** Argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 iterations). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/**
 * A fixed Argon2id hash of a password nobody types, with the same cost as hashPassword's (a test
 * holds them equal). Fixed rather than computed at start-up, so that checking against it is one
 * verification and never a hash.
 */
export const DECOY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$CYSXHapgjy+uq017eRKE8g$Aexs2saMIYh98HCvKAL1hoFvbjEAoG01gCIVC8r2oyE";

/** Whether a stored value is a password hash at all (an invited user holds a marker instead). */
const isArgon2Hash = (stored: string): boolean => stored.startsWith("$argon2");

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash means "no password matches", not a crash.
    return false;
  }
}

/**
 * Checks a sign-in's password in the same time whatever the account: a user without a password
 * yet (invited), an unknown email or a malformed stored value are checked against the decoy, so
 * response times do not tell which emails have an account or a password.
 */
export async function checkPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash !== undefined && isArgon2Hash(storedHash)) return verifyPassword(storedHash, password);
  await verifyPassword(DECOY_HASH, password);
  return false;
}
