/**
 * What a registration holds until it is confirmed, and what confirming creates. Until then nothing
 * exists in accounts or users: the details (the password already hashed) wait in the 'register'
 * code's payload, so an unconfirmed registration leaves no half-created account behind.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { accounts, businesses, users } from "../db/schema";
import { rowsOf, type Executor, type Tx } from "../resources/sql";
import { logActivity } from "../resources/writes";

/** A 'register' code's payload. */
export interface PendingRegistration {
  firstName: string;
  lastName: string;
  accountName: string;
  country: string;
  /** "" when none was given (stored so on accounts and businesses). */
  phone: string;
  /** Argon2id: the password itself is never stored. */
  passwordHash: string;
}

const FIELDS = ["firstName", "lastName", "accountName", "country", "phone", "passwordHash"] as const;

/** The payload read back, or undefined when it is not a registration's (then the link is not valid). */
export function readPendingRegistration(payload: Record<string, unknown>): PendingRegistration | undefined {
  if (!FIELDS.every((field) => typeof payload[field] === "string")) return undefined;
  return Object.fromEntries(FIELDS.map((field) => [field, payload[field]])) as unknown as PendingRegistration;
}

/**
 * Whether an email is in use: by any user (a deleted one keeps its row, and the unique index holds
 * for it too) or as an account's email. Compared as the unique indexes do, lower-cased.
 */
export async function emailInUse(db: Executor, email: string): Promise<{ firstName: string | null } | undefined> {
  const [row] = await rowsOf(
    db,
    sql`select (select u.first_name from users u where lower(u.email) = ${email} and u.deleted_at is null) as "firstName"
        where exists (select 1 from users u where lower(u.email) = ${email})
           or exists (select 1 from accounts a where lower(a.email) = ${email})`,
  );
  return row ? { firstName: typeof row.firstName === "string" ? row.firstName : null } : undefined;
}

/**
 * Creates the account (active, subscription inactive: no subscription yet), its first location (a
 * business named after it, so devices and tests have somewhere to be) and its owner, an active
 * Admin who is the owner of both, with the activity entry `register`. Answers the new user's id.
 */
export async function createRegisteredAccount(
  tx: Tx,
  email: string,
  details: PendingRegistration,
  context: { now: Date; client: string | null },
): Promise<string> {
  const accountId = randomUUID();
  const businessId = randomUUID();
  const userId = randomUUID();
  const place = { country: details.country, phone: details.phone };
  await tx.insert(accounts).values({
    id: accountId,
    name: details.accountName,
    email,
    ...place,
    status: "active",
    subscriptionStatus: "inactive",
    ownerId: userId,
    createdAt: context.now,
  });
  await tx.insert(businesses).values({
    id: businessId,
    accountId,
    name: details.accountName,
    ownerId: userId,
    ...place,
    createdAt: context.now,
  });
  await tx.insert(users).values({
    id: userId,
    accountId,
    businessId,
    firstName: details.firstName,
    lastName: details.lastName,
    email,
    passwordHash: details.passwordHash,
    role: "Admin",
    status: "active",
    lastSignInAt: context.now,
    createdAt: context.now,
  });
  await logActivity(tx, {
    actorId: userId,
    client: context.client,
    action: "register",
    resource: "accounts",
    recordId: accountId,
    // What was registered; never the password nor its hash.
    changes: {
      name: details.accountName,
      email,
      country: details.country,
      phone: details.phone,
      owner: `${details.firstName} ${details.lastName}`,
      subscriptionStatus: "inactive",
    },
  });
  return userId;
}
