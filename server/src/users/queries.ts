import { and, eq, isNull, sql } from "drizzle-orm";
import type { ApiUser } from "../../../src/api/types";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { normalizeEmail } from "../auth/signInThrottle";

export type UserRow = typeof users.$inferSelect;

/** Any user with this id, deleted or not (the caller decides what a deleted user means). */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The live user with this email, compared case-insensitively (matches the unique index). */
export async function findLiveUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${normalizeEmail(email)}`, isNull(users.deletedAt)));
  return row;
}

export const toApiUser = (row: UserRow): ApiUser => ({
  id: row.id,
  accountId: row.accountId,
  businessId: row.businessId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  role: row.role,
  avatar: row.avatar,
});
