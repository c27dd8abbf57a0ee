/**
 * One-time codes sent by email (docs/api.md "Public flows"): random (a link's token: 32 bytes; a
 * typed code: 6 digits), stored as a SHA-256 hash only, single use, expiring, and a typed code
 * dies after MAX_CODE_ATTEMPTS wrong tries. Issuing a new code for the same purpose and email
 * ends the earlier ones, so only the latest email works — except where every email's link must
 * keep working (a device's unsubscribe links: `replacesEarlier: false`).
 */
import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { oneTimeCodes, ONE_TIME_CODE_PURPOSES } from "../db/schema";
import type { Tx } from "../resources/sql";
import { normalizeEmail } from "../auth/signInThrottle";

export type CodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];

export const MAX_CODE_ATTEMPTS = 5;

export const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

export async function issueCode(
  db: Database | Tx,
  options: {
    purpose: CodePurpose;
    email: string;
    userId?: string | null;
    payload?: Record<string, unknown>;
    ttlMs: number;
    /** "link": a token for a URL; "digits": 6 digits a person types. */
    form: "link" | "digits";
    now: Date;
    /** Whether the earlier unused codes of this purpose and email end now (the default: only the latest works). */
    replacesEarlier?: boolean;
  },
): Promise<string> {
  const email = normalizeEmail(options.email);
  const draw = () =>
    options.form === "link" ? randomBytes(32).toString("base64url") : String(randomInt(0, 1_000_000)).padStart(6, "0");
  // Only the latest email works: the earlier unused codes of this purpose and address end now.
  if (options.replacesEarlier !== false)
    await db
      .update(oneTimeCodes)
      .set({ usedAt: options.now })
      .where(
        and(eq(oneTimeCodes.purpose, options.purpose), eq(oneTimeCodes.email, email), isNull(oneTimeCodes.usedAt)),
      );
  // Hashes are unique across every stored code (a token finds its row by hash), and a typed code has
  // only a million values: one that draws the digits of another stored code draws again, rather
  // than failing and leaving the person without their email.
  for (let tries = 1; ; tries += 1) {
    const code = draw();
    const stored = await db
      .insert(oneTimeCodes)
      .values({
        id: randomUUID(),
        purpose: options.purpose,
        email,
        userId: options.userId ?? null,
        codeHash: hashCode(code),
        payload: options.payload ?? {},
        expiresAt: new Date(options.now.getTime() + options.ttlMs),
        createdAt: options.now,
      })
      .onConflictDoNothing({ target: oneTimeCodes.codeHash })
      .returning({ id: oneTimeCodes.id });
    if (stored.length === 1) return code;
    if (tries >= 10) throw new Error("No free one-time code after 10 draws");
  }
}

/** A link's token: its live code (unused, unexpired), or undefined. */
export async function liveCodeByToken(db: Database | Tx, purpose: CodePurpose, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.codeHash, hashCode(token)),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    );
  return row;
}

/**
 * A typed code for an email: the latest live code of that address if the code matches; a wrong
 * code counts an attempt (and at MAX_CODE_ATTEMPTS the code dies). Answers the row or undefined.
 */
export async function checkTypedCode(db: Database | Tx, purpose: CodePurpose, email: string, code: string, now: Date) {
  const [latest] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.email, normalizeEmail(email)),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!latest) return undefined;
  if (latest.codeHash === hashCode(code)) return latest;
  await db
    .update(oneTimeCodes)
    .set({
      attempts: sql`${oneTimeCodes.attempts} + 1`,
      usedAt: sql`case when ${oneTimeCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then ${now.toISOString()}::timestamptz end`,
    })
    .where(eq(oneTimeCodes.id, latest.id));
  return undefined;
}

/** Spends a code: true for the one request that spent it (the arbiter when two race). */
export async function spendCode(tx: Database | Tx, id: string, now: Date): Promise<boolean> {
  const spent = await tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return spent.length === 1;
}

/**
 * A link's token in any state (spent or expired too, until the lifecycle purges it a day later):
 * for a link whose second use answers what the first did, rather than a refusal.
 */
export async function codeByToken(db: Database | Tx, purpose: CodePurpose, token: string) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.codeHash, hashCode(token))));
  return row;
}
