/**
 * The database schema, one section per area of the product. Later areas (tests, devices,
 * payments, ...) append their own section; `npm run db:generate` turns changes into a migration.
 *
 * Ids are text holding UUIDs so the seed can use fixed, readable ones.
 * Timestamps are `timestamptz` read as JS Dates.
 */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROLES, type Role, type SubscriptionStatus } from "../../../src/api/types";

const SUBSCRIPTION_STATUSES = ["active", "past_due", "inactive"] as const satisfies readonly SubscriptionStatus[];
export const USER_STATUSES = ["active", "disabled"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A CHECK that the column holds one of the values (Drizzle's text enums only type it). */
const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(
    name,
    sql`${column} in (${sql.join(
      values.map((value) => sql.raw(`'${value}'`)),
      sql`, `,
    )})`,
  );

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------
// Service settings
// ---------------------------------------------------------------------------

/** Values every instance sharing the database must agree on (e.g. the generated JWT secret). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------
// Accounts, businesses, users
// ---------------------------------------------------------------------------

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subscriptionStatus: text("subscription_status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("active"),
    /** Shown by the console's subscription warning; null means the status's default wording. */
    subscriptionMessage: text("subscription_message"),
    createdAt: createdAt(),
  },
  (t) => [oneOf("accounts_subscription_status_check", t.subscriptionStatus, SUBSCRIPTION_STATUSES)],
);

export const businesses = pgTable(
  "businesses",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    name: text("name").notNull(),
    // No foreign key: users reference businesses too, and the owner may be set after both exist.
    ownerId: text("owner_id"),
    createdAt: createdAt(),
  },
  (t) => [index("businesses_account_id_idx").on(t.accountId)],
);

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    businessId: text("business_id").references(() => businesses.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).$type<Role>().notNull(),
    status: text("status", { enum: USER_STATUSES }).notNull().default("active"),
    avatar: text("avatar"),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** Soft delete: the row stays for audit and recovery, but its tokens answer 499. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_account_id_idx").on(t.accountId),
    oneOf("users_role_check", t.role, ROLES),
    oneOf("users_status_check", t.status, USER_STATUSES),
  ],
);

// ---------------------------------------------------------------------------
// Sessions and sign-in protection
// ---------------------------------------------------------------------------

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** All tokens descending from one sign-in; reuse of any of them revokes the whole family. */
    familyId: text("family_id").notNull(),
    /** SHA-256 of the opaque token: a leaked table does not hand out sessions. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_family_id_idx").on(t.familyId)],
);

/** One row per failed password attempt; the rate limit counts them, so it holds across instances. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: text("id").primaryKey(),
    /** Lower-cased as typed, whether or not such a user exists. */
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sign_in_failures_email_idx").on(t.email, t.createdAt),
    index("sign_in_failures_ip_idx").on(t.ip, t.createdAt),
    index("sign_in_failures_created_at_idx").on(t.createdAt),
  ],
);
