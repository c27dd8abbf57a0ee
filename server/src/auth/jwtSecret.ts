import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { settings } from "../db/schema";

const JWT_SECRET_KEY = "jwt_secret";

/**
 * The key that signs access tokens: JWT_SECRET when configured, otherwise one generated on first
 * use and kept in the settings table, so every instance sharing the database accepts the
 * tokens of the others and tokens survive restarts.
 */
export async function resolveJwtSecret(db: Database, configured: string | undefined): Promise<Uint8Array> {
  if (configured !== undefined) return new TextEncoder().encode(configured);
  // Two instances starting together may both try: the first insert wins, both read the winner.
  await db
    .insert(settings)
    .values({ key: JWT_SECRET_KEY, value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, JWT_SECRET_KEY));
  if (!row) throw new Error("The JWT secret could not be stored in the settings table");
  return new TextEncoder().encode(row.value);
}
