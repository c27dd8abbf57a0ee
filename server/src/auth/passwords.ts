import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2 exports Algorithm as a const enum, which isolatedModules cannot inline.
const ARGON2ID = 2;

/** Argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 iterations). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash means "no password matches", not a crash.
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, for sign-ins with an unknown email, so that response
 * times do not tell which emails have an account.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword("decoy password that matches nothing");
  await verifyPassword(await decoyHash, password);
  return false;
}
