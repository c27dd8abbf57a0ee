/**
 * The database schema, one section per area of the product. Later areas (tests, devices,
 * payments, ...) append their own section; `npm run db:generate` turns changes into a migration.
 *
 * Ids are text holding UUIDs so the seed can use fixed, readable ones.
 * Timestamps are `timestamptz` read as JS Dates.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { AI_JOB_STATUSES, AI_MODELS, type AiPolygon } from "../../../src/api/ai";
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

// ---------------------------------------------------------------------------
// Devices and test records (spec §3)
// ---------------------------------------------------------------------------

export const TEST_FILE_TYPES = ["image", "document"] as const;
export const BULK_DOWNLOAD_STATUSES = ["pending", "processing", "ready", "failed"] as const;

/** A testing device; its type code names the model (DEVICE_TYPES), any other code is Unknown. */
export const devices = pgTable(
  "devices",
  {
    id: text("id").primaryKey(),
    serialNumber: text("serial_number").notNull().unique(),
    typeCode: integer("type_code").notNull(),
    /** The custom box name the account gave it. */
    name: text("name").notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    businessId: text("business_id").references(() => businesses.id),
    createdAt: createdAt(),
  },
  (t) => [index("devices_account_id_idx").on(t.accountId), index("devices_type_code_idx").on(t.typeCode)],
);

/** A value of jsonb `notes`: a list of lines, or (older records) a string wrapping a JSON list. */
export type StoredNotes = string[] | string | null;

/**
 * jsonb whose value may be a JSON string. Drizzle's own jsonb JSON.parse()s any string the driver
 * hands back, but both drivers have already parsed the jsonb, so a stored string '["a"]' would
 * come back as the list ["a"]. This column takes the driver's value as it is.
 */
const jsonbValue = customType<{ data: StoredNotes; driverData: unknown }>({
  dataType: () => "jsonb",
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value as StoredNotes,
});

export const tests = pgTable(
  "tests",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    deviceId: text("device_id")
      .notNull()
      .references(() => devices.id),
    /** The test's location. */
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id),
    date: timestamp("date", { withTimezone: true }).notNull(),
    description: text("description").notNull().default(""),
    notes: jsonbValue("notes"),
    sku: text("sku").notNull().default(""),
    customer: text("customer").notNull().default(""),
    vendorName: text("vendor_name").notNull().default(""),
    phoneType: text("phone_type").notNull().default(""),
    redFilterValues: jsonb("red_filter_values")
      .$type<{ name: string; redFilterValue: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isCopied: boolean("is_copied").notNull().default(false),
    /** For a copied test: the account it was copied from. */
    originalAccountId: text("original_account_id").references(() => accounts.id),
    copiedAt: timestamp("copied_at", { withTimezone: true }),
    /** Soft delete: recoverable for 15 days (spec §9). */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Set by POST tests/share/{id}: the public view answers only shared tests. */
    sharedAt: timestamp("shared_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("tests_account_id_date_idx").on(t.accountId, t.date),
    index("tests_date_idx").on(t.date),
    index("tests_deleted_at_idx").on(t.deletedAt),
    index("tests_device_id_idx").on(t.deviceId),
  ],
);

export const testFiles = pgTable(
  "test_files",
  {
    id: text("id").primaryKey(),
    testId: text("test_id")
      .notNull()
      .references(() => tests.id),
    name: text("name").notNull(),
    /** Where the bytes are in the file storage; several rows may share one blob (the seed does). */
    storageKey: text("storage_key").notNull(),
    /** The test run (0-based); Other files use 0. */
    group: integer("group").notNull().default(0),
    type: text("type", { enum: TEST_FILE_TYPES }).notNull(),
    /** FILE_KIND numbers (spec §3). */
    kind: integer("kind").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    contentType: text("content_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("test_files_test_id_idx").on(t.testId, t.kind, t.group),
    index("test_files_storage_key_idx").on(t.storageKey),
    oneOf("test_files_type_check", t.type, TEST_FILE_TYPES),
  ],
);

/** One zip of many tests, built by the service's worker (spec §3 "Selected items list", §9). */
export const bulkDownloads = pgTable(
  "bulk_downloads",
  {
    /** A random UUID: the only credential of its public status and file. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    testIds: jsonb("test_ids").$type<string[]>().notNull(),
    status: text("status", { enum: BULK_DOWNLOAD_STATUSES }).notNull().default("pending"),
    progress: doublePrecision("progress").notNull().default(0),
    estimatedSeconds: integer("estimated_seconds").notNull(),
    storageKey: text("storage_key"),
    error: text("error"),
    /** How many times a worker took the job up; an interrupted job is retried a few times. */
    attempts: integer("attempts").notNull().default(0),
    /** A worker processing the job touches this; a stale one means the worker died. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    oneOf("bulk_downloads_status_check", t.status, BULK_DOWNLOAD_STATUSES),
    // At most one unfinished download per user (spec §9), enforced by the database itself so that
    // two requests racing each other cannot both start one.
    uniqueIndex("bulk_downloads_one_running_per_user_idx")
      .on(t.userId)
      .where(sql`status in ('pending', 'processing')`),
  ],
);

/**
 * Ground truth of the seeded demo photos: the stones drawn in each stored photo, in the AI
 * overlay's canvas space (3120 × 4192), so an image analyzer can be checked against it.
 */
export const seedPhotoStones = pgTable(
  "seed_photo_stones",
  {
    storageKey: text("storage_key").notNull(),
    stoneIndex: integer("stone_index").notNull(),
    x: doublePrecision("x").notNull(),
    y: doublePrecision("y").notNull(),
    radius: doublePrecision("radius").notNull(),
    shape: text("shape").notNull(),
    stoneType: text("stone_type").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storageKey, t.stoneIndex] })],
);

// ---------------------------------------------------------------------------
// AI analysis (spec §3 "AI job", §7 the ai calls)
// ---------------------------------------------------------------------------

/**
 * One analysis of one test run (test + group) by one model. The service's in-process worker
 * (server/src/ai/worker.ts) takes pending jobs, and in-progress ones whose worker stopped
 * touching heartbeat_at, so a job survives a restart.
 */
export const aiJobs = pgTable(
  "ai_jobs",
  {
    id: text("id").primaryKey(),
    testId: text("test_id")
      .notNull()
      .references(() => tests.id),
    group: integer("group").notNull(),
    model: text("model", { enum: AI_MODELS }).notNull(),
    /** The model's version that made (or will make) the result; see ai/models.ts. */
    modelVersion: text("model_version").notNull(),
    /** The device type code sent with the trigger, else the test's device's (spec §3 codes). */
    deviceType: integer("device_type"),
    status: text("status", { enum: AI_JOB_STATUSES }).notNull().default("pending"),
    /** The polygons once completed (spec §3 "AI result polygon"). */
    result: jsonb("result").$type<AiPolygon[]>(),
    /** Why a failed job failed, in words a person can act on. */
    error: text("error"),
    /** How many times a worker took the job up; an interrupted job is retried a few times. */
    attempts: integer("attempts").notNull().default(0),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    /** Null when triggered from a shared test's public view (no token). */
    triggeredBy: text("triggered_by").references(() => users.id),
    triggeredAt: timestamp("triggered_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    oneOf("ai_jobs_status_check", t.status, AI_JOB_STATUSES),
    oneOf("ai_jobs_model_check", t.model, AI_MODELS),
    check("ai_jobs_group_check", sql`${t.group} >= 0`),
    index("ai_jobs_latest_idx").on(t.testId, t.group, t.model, t.triggeredAt),
    index("ai_jobs_unfinished_idx")
      .on(t.triggeredAt)
      .where(sql`status in ('pending', 'in-progress')`),
  ],
);
