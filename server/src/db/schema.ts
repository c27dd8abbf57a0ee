/**
 * The database schema, one section per area of the product (session, test records, AI jobs,
 * resources, ...); `npm run db:generate` turns changes into a migration.
 *
 * Ids are text holding UUIDs so the seed can use fixed, readable ones.
 * Timestamps are `timestamptz` read as JS Dates.
 */
import { sql } from "drizzle-orm";
import {
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
import {
  ACCOUNT_STATUSES,
  DEVICE_STATUSES,
  DISCOUNT_KINDS,
  FIRMWARE_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PLAN_INTERVALS,
  SUBSCRIPTION_STATES,
  USER_STATUSES,
  type SavedQueryValue,
} from "../../../src/api/resources";
import { ROLES, type Role } from "../../../src/api/types";
import { SCHEDULED_ACTION_KINDS, SCHEDULED_ACTION_REASONS } from "../../../src/api/lifecycle";
import { tablesFromContracts } from "./contractTable";
import { oneOf } from "./oneOf";

/**
 * An account's subscription state, `canceled` (the 21-day grace period) included; GET
 * v2/payments/subscription answers only active, past_due or inactive (spec §7).
 */
const SUBSCRIPTION_STATUSES = SUBSCRIPTION_STATES;
export { USER_STATUSES };
export type UserStatus = (typeof USER_STATUSES)[number];

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** Optimistic concurrency (docs/api-resources.md): every resource write bumps it. */
const version = () => integer("version").notNull().default(1);

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

/**
 * An account's stored status: the ones people set, and `deleted` — the tombstone the lifecycle
 * leaves when it deletes an account (its people, devices, tests and files are gone; the row stays,
 * anonymised, so its payments remain for accounting). No list or page shows a deleted account.
 */
export const STORED_ACCOUNT_STATUSES = [...ACCOUNT_STATUSES, "deleted"] as const;

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subscriptionStatus: text("subscription_status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("active"),
    /** Shown by the console's subscription warning; null means the status's default wording. */
    subscriptionMessage: text("subscription_message"),
    phone: text("phone").notNull().default(""),
    country: text("country").notNull().default("GB"),
    status: text("status", { enum: STORED_ACCOUNT_STATUSES }).notNull().default("active"),
    // No foreign key, as for businesses.owner_id: the owner is a user of the account, created after it.
    ownerId: text("owner_id"),
    /** Set with status pending_deletion: when the scheduled deletion was asked for. */
    deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf("accounts_subscription_status_check", t.subscriptionStatus, SUBSCRIPTION_STATUSES),
    oneOf("accounts_status_check", t.status, STORED_ACCOUNT_STATUSES),
    uniqueIndex("accounts_email_lower_idx").on(sql`lower(${t.email})`),
    // Newest first with the id breaking ties, as the list sorts: a page deep in it reads the index in order.
    index("accounts_created_at_idx").on(t.createdAt, t.id),
    // The accounts list sorted by name (a column header's click): a page reads 25 entries and
    // joins their owners, instead of joining every account's owner before sorting.
    index("accounts_name_id_idx").on(t.name, t.id),
    // Each filter of the list, ahead of its default order: a value few accounts have (suspended,
    // one country) reads its own entries, not every account newest first until 25 match.
    index("accounts_status_created_at_idx").on(t.status, t.createdAt, t.id),
    index("accounts_subscription_status_created_at_idx").on(t.subscriptionStatus, t.createdAt, t.id),
    index("accounts_country_created_at_idx").on(t.country, t.createdAt, t.id),
  ],
);

/**
 * What the accounts list shows of each account's rows (its businesses, live users, devices and live
 * tests), kept by the database as they change: triggers count each statement's rows (migration
 * 0019, count_account_rows), so the list reads four numbers instead of counting a million tests
 * for an account that holds them. No row yet is all zeros; recount_accounts() counts afresh, for
 * whatever wrote with triggers off (a bulk copy).
 */
export const accountCounts = pgTable(
  "account_counts",
  {
    accountId: text("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    businesses: integer("businesses").notNull().default(0),
    users: integer("users").notNull().default(0),
    devices: integer("devices").notNull().default(0),
    tests: integer("tests").notNull().default(0),
  },
  // The accounts holding the most tests first: a super admin's gallery knows it holds more than
  // it counts from a few of them (testRecords/galleryTotal.ts).
  (t) => [index("account_counts_tests_idx").on(t.tests)],
);

/**
 * A whole list's rows, kept by the database as they change (migration 0021): a super admin's
 * unfiltered accounts list reads its total here instead of counting ten thousand accounts for each
 * page. One row per list ("accounts": those not deleted).
 */
export const listTotals = pgTable("list_totals", {
  list: text("list").primaryKey(),
  total: integer("total").notNull().default(0),
});

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
    address: text("address").notNull().default(""),
    city: text("city").notNull().default(""),
    country: text("country").notNull().default("GB"),
    phone: text("phone").notNull().default(""),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    index("businesses_account_id_idx").on(t.accountId),
    // The list's default order (name, then id): a page is 25 index entries, not a sort of all.
    index("businesses_name_id_idx").on(t.name, t.id),
  ],
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
    /** The stored avatar's bytes (its account's storage quota); null without one, or for one stored before sizes were kept. */
    avatarSize: bigint("avatar_size", { mode: "number" }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** Soft delete: the row stays for audit and recovery, but its tokens answer 499. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** The last passed POST users/password/check: a refund needs one within 5 minutes. */
    passwordConfirmedAt: timestamp("password_confirmed_at", { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_account_id_idx").on(t.accountId),
    // The users list's default order (last name, then id) over live users: a page reads 25 entries.
    index("users_live_last_name_id_idx")
      .on(t.lastName, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The list's role and status filters ahead of its default order: a role few users have reads its
    // own entries, and a common one is counted (up to the bound) from the index alone.
    index("users_live_role_last_name_id_idx")
      .on(t.role, t.lastName, t.id)
      .where(sql`${t.deletedAt} is null`),
    index("users_live_status_last_name_id_idx")
      .on(t.status, t.lastName, t.id)
      .where(sql`${t.deletedAt} is null`),
    // A business's people (its page, the list's business filter).
    index("users_business_id_idx").on(t.businessId),
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
    /**
     * The custom box name the account gave it; "" when none (the resource answers null). Kept
     * NOT NULL because test records show it as their device's name.
     */
    name: text("name").notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    businessId: text("business_id").references(() => businesses.id),
    firmwareVersion: text("firmware_version"),
    status: text("status", { enum: DEVICE_STATUSES }).notNull().default("active"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    phoneBrand: text("phone_brand"),
    phoneModel: text("phone_model"),
    phoneOs: text("phone_os"),
    /** Whether the business owner gets this device's notification emails (lost, new firmware); the unsubscribe link turns it off. */
    notifyOwner: boolean("notify_owner").notNull().default(true),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    index("devices_account_id_idx").on(t.accountId),
    index("devices_type_code_idx").on(t.typeCode),
    index("devices_last_seen_at_idx").on(t.lastSeenAt),
    // The devices list's default order (last seen, newest first, never-seen last; then id).
    index("devices_last_seen_list_idx").on(t.lastSeenAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    // The Lost Devices list and its total read only lost devices: a few among thousands.
    index("devices_lost_idx")
      .on(t.id)
      .where(sql`${t.status} = 'lost'`),
    oneOf("devices_status_check", t.status, DEVICE_STATUSES),
  ],
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
    /**
     * Its device's type code, kept by the database (migration 0023's triggers: set from the device as
     * the test is written, rewritten when the device's type changes), so the gallery's device-type
     * filter reads an index of the tests' own instead of every test newest first until ten match.
     * The default is never kept.
     */
    deviceTypeCode: integer("device_type_code").notNull().default(0),
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
    /** Who deleted it (Recover shows it); null when not deleted, or deleted before it was recorded. */
    deletedBy: text("deleted_by").references(() => users.id),
    /** Set by POST tests/share/{id}: the public view answers only shared tests. */
    sharedAt: timestamp("shared_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("tests_account_id_date_idx").on(t.accountId, t.date),
    index("tests_date_idx").on(t.date),
    index("tests_deleted_at_idx").on(t.deletedAt),
    // The accounts list counts each row's live tests: an index-only count instead of a scan.
    index("tests_live_account_idx")
      .on(t.accountId)
      .where(sql`${t.deletedAt} is null`),
    index("tests_device_id_idx").on(t.deviceId),
    // The gallery filtered by a device type, in its default order.
    index("tests_live_device_type_date_idx")
      .on(t.deviceTypeCode, t.date, t.id)
      .where(sql`${t.deletedAt} is null`),
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
    /**
     * Bytes held against the account's storage quota: the estimate (the chosen tests' files) while
     * pending or processing, the zip's own size once ready. Null for downloads older than the quota.
     */
    size: bigint("size", { mode: "number" }),
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

// ---------------------------------------------------------------------------
// Resources (docs/api-resources.md): billing, firmware, discounts, per-user lists, activity
// ---------------------------------------------------------------------------

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    plan: text("plan").notNull(),
    price: integer("price").notNull(),
    currency: text("currency").notNull(),
    interval: text("interval", { enum: PLAN_INTERVALS }).notNull(),
    status: text("status", { enum: SUBSCRIPTION_STATES }).notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    graceEndsAt: timestamp("grace_ends_at", { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    index("subscriptions_account_id_idx").on(t.accountId),
    index("subscriptions_current_period_end_idx").on(t.currentPeriodEnd),
    oneOf("subscriptions_status_check", t.status, SUBSCRIPTION_STATES),
    oneOf("subscriptions_interval_check", t.interval, PLAN_INTERVALS),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    subscriptionId: text("subscription_id").references(() => subscriptions.id),
    /** Minor units. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    methodDetail: text("method_detail"),
    invoiceNumber: text("invoice_number").notNull().unique(),
    date: timestamp("date", { withTimezone: true }).notNull(),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    failureReason: text("failure_reason"),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_date_idx").on(t.date, t.id),
    index("payments_account_id_date_idx").on(t.accountId, t.date),
    index("payments_subscription_id_idx").on(t.subscriptionId),
    oneOf("payments_status_check", t.status, PAYMENT_STATUSES),
    oneOf("payments_method_check", t.method, PAYMENT_METHODS),
    check("payments_refunded_amount_check", sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
  ],
);

export const firmware = pgTable(
  "firmware",
  {
    id: text("id").primaryKey(),
    firmwareVersion: text("firmware_version").notNull(),
    deviceTypeCode: integer("device_type_code").notNull(),
    releaseNotes: text("release_notes").notNull(),
    fileName: text("file_name").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    status: text("status", { enum: FIRMWARE_STATUSES }).notNull().default("draft"),
    uploadedBy: text("uploaded_by")
      .notNull()
      .references(() => users.id),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    uniqueIndex("firmware_type_version_idx").on(t.deviceTypeCode, t.firmwareVersion),
    oneOf("firmware_status_check", t.status, FIRMWARE_STATUSES),
  ],
);

export const discounts = pgTable(
  "discounts",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull().unique(),
    description: text("description").notNull().default(""),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    percentOff: integer("percent_off"),
    amountOff: integer("amount_off"),
    currency: text("currency"),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validTo: timestamp("valid_to", { withTimezone: true }),
    redemptionLimit: integer("redemption_limit"),
    redemptionCount: integer("redemption_count").notNull().default(0),
    active: boolean("active").notNull().default(true),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [oneOf("discounts_kind_check", t.kind, DISCOUNT_KINDS)],
);

/** A user's saved list filters (super admins; docs/api-resources.md "Saved queries"). */
export const savedQueries = pgTable(
  "saved_queries",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    resource: text("resource").notNull(),
    label: text("label").notNull(),
    value: jsonb("value").$type<SavedQueryValue>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("saved_queries_label_idx").on(t.userId, t.resource, sql`lower(${t.label})`)],
);

/** A user's bookmarked records, in the order the console sent them. */
export const bookmarks = pgTable(
  "bookmarks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    resource: text("resource").notNull(),
    recordId: text("record_id").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.resource, t.recordId] })],
);

export const invitations = pgTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    /** The secret of the public /invitation/{code} page. */
    code: text("code").notNull().unique(),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).$type<Role>().notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    businessId: text("business_id").references(() => businesses.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("invitations_user_id_idx").on(t.userId)],
);

/**
 * Who changed what, when: one row per create, update, delete or action on a resource. The
 * Activity Feed screen reads it; `changes` holds { field: [before, after] } (whole record on
 * create and delete).
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: text("id").primaryKey(),
    /** Null for a change the service makes on its own, with no user behind it. */
    actorId: text("actor_id").references(() => users.id),
    action: text("action").notNull(),
    resource: text("resource").notNull(),
    recordId: text("record_id").notNull(),
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull(),
    /** The client the actor used ("Admin Portal · Chrome 131", a device app's user agent); null when unknown. */
    client: text("client"),
    createdAt: createdAt(),
    /**
     * The accounts the feed's scope reads (server/src/activity): the actor's account when the entry
     * was written, and the account of the test it is about (resource "tests"). Filled on insert by
     * the trigger activity_log_accounts (migration 0009), whoever writes the entry; null otherwise.
     */
    actorAccountId: text("actor_account_id"),
    testAccountId: text("test_account_id"),
  },
  (t) => [
    index("activity_log_created_at_idx").on(t.createdAt),
    index("activity_log_record_idx").on(t.resource, t.recordId),
    index("activity_log_actor_created_at_idx").on(t.actorId, t.createdAt),
    index("activity_log_actor_account_idx").on(t.actorAccountId, t.createdAt),
    index("activity_log_test_account_idx").on(t.testAccountId, t.createdAt),
    // A lost device's latest mark-lost entry in one step (server/src/devices/lost.ts).
    index("activity_log_mark_lost_idx")
      .on(t.recordId, t.createdAt)
      .where(sql`resource = 'devices' and action = 'mark-lost'`),
  ],
);

// ---------------------------------------------------------------------------
// Advanced settings (spec §6 change log: super admins edit per box type, force resets)
// ---------------------------------------------------------------------------

/** The settings of one box type (device type code); a type with no row uses the defaults. */
export const boxTypeSettings = pgTable("box_type_settings", {
  deviceTypeCode: integer("device_type_code").primaryKey(),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull(),
  version: version(),
  updatedBy: text("updated_by").references(() => users.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const FORCED_RESET_TARGETS = ["user", "phone", "phone_model", "os_version"] as const;

/**
 * A forced reset a super admin asked for: the device app must drop its cached configuration and
 * download it again. Pending until a matching device app picks it up (picked_up_at) or a super
 * admin cancels it. `phone` targets one device's phone (device_id); `phone_model` a brand and
 * model; `os_version` a phone OS version; `user` every device app signed in as that user.
 */
export const forcedResets = pgTable(
  "forced_resets",
  {
    id: text("id").primaryKey(),
    target: text("target", { enum: FORCED_RESET_TARGETS }).notNull(),
    userId: text("user_id").references(() => users.id),
    deviceId: text("device_id").references(() => devices.id),
    phoneBrand: text("phone_brand"),
    phoneModel: text("phone_model"),
    phoneOs: text("phone_os"),
    requestedBy: text("requested_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    pickedUpAt: timestamp("picked_up_at", { withTimezone: true }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    canceledBy: text("canceled_by").references(() => users.id),
  },
  (t) => [
    oneOf("forced_resets_target_check", t.target, FORCED_RESET_TARGETS),
    index("forced_resets_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.pickedUpAt} is null and ${t.canceledAt} is null`),
  ],
);

// ---------------------------------------------------------------------------
// User settings (profile menu → Settings): interface preferences and email notifications
// ---------------------------------------------------------------------------

export const THEMES = ["light", "dark"] as const;

/** One row per user who changed a preference; a user with none has the defaults. */
export const userPreferences = pgTable(
  "user_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id),
    theme: text("theme", { enum: THEMES }).notNull().default("light"),
    sidebarOpen: boolean("sidebar_open").notNull().default(true),
    rowsPerPage: integer("rows_per_page").notNull().default(10),
    /** { kind: on/off } per email the user may receive; a kind not listed is on. */
    emailNotifications: jsonb("email_notifications")
      .$type<Record<string, boolean>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    version: version(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [oneOf("user_preferences_theme_check", t.theme, THEMES)],
);

// ---------------------------------------------------------------------------
// Lifecycle (spec §4, §9): what the scheduler will do, and when
// ---------------------------------------------------------------------------

/**
 * One step of the lifecycle, due at `run_at`: the scheduler carries it out once (done_at), unless
 * a super admin cancels it first or a payment makes it moot. Who asked is null for the
 * scheduler's own (an unpaid period end).
 */
export const scheduledActions = pgTable(
  "scheduled_actions",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: SCHEDULED_ACTION_KINDS }).notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    subscriptionId: text("subscription_id").references(() => subscriptions.id),
    /** For a user deletion: whose (a data-deletion request by someone who is not the account's owner). */
    userId: text("user_id").references(() => users.id),
    reason: text("reason", { enum: SCHEDULED_ACTION_REASONS }).notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    requestedBy: text("requested_by").references(() => users.id),
    createdAt: createdAt(),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    canceledBy: text("canceled_by").references(() => users.id),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** What running it did ("canceled", "deleted", or why it did nothing: "paid"). */
    outcome: text("outcome"),
  },
  (t) => [
    oneOf("scheduled_actions_kind_check", t.kind, SCHEDULED_ACTION_KINDS),
    oneOf("scheduled_actions_reason_check", t.reason, SCHEDULED_ACTION_REASONS),
    index("scheduled_actions_due_idx")
      .on(t.runAt)
      .where(sql`${t.doneAt} is null and ${t.canceledAt} is null`),
    index("scheduled_actions_account_idx").on(t.accountId),
    // The scheduled actions list's default order (run at, then id).
    index("scheduled_actions_run_at_id_idx").on(t.runAt, t.id),
    // One pending action of a kind per account (and user): scheduling again is a no-op, never a duplicate.
    uniqueIndex("scheduled_actions_pending_kind_idx")
      .on(t.accountId, t.kind, sql`coalesce(${t.userId}, '')`)
      .where(sql`${t.doneAt} is null and ${t.canceledAt} is null`),
  ],
);

// ---------------------------------------------------------------------------
// Public flows (register, forgot password, data-deletion request, unsubscribe): one-time codes sent by email
// ---------------------------------------------------------------------------

export const ONE_TIME_CODE_PURPOSES = ["register", "reset-password", "delete-request", "device-unsubscribe"] as const;

/**
 * A code or link token sent by email: stored as its SHA-256 hash only, single use (used_at),
 * expiring, with a count of wrong attempts. `payload` holds what the flow needs once the code is
 * confirmed (a registration's details, with the password already hashed); the person's email is
 * kept lowercased so a flow can find and limit the codes of one address.
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: ONE_TIME_CODE_PURPOSES }).notNull(),
    email: text("email").notNull(),
    userId: text("user_id").references(() => users.id),
    codeHash: text("code_hash").notNull(),
    payload: jsonb("payload")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf("one_time_codes_purpose_check", t.purpose, ONE_TIME_CODE_PURPOSES),
    uniqueIndex("one_time_codes_hash_idx").on(t.codeHash),
    index("one_time_codes_email_idx").on(t.purpose, t.email, t.createdAt),
  ],
);

/**
 * One row per request to a public flow's endpoint (register, forgot password, delete request,
 * confirmations): the flows' rate limits count them per address and per email, in the database
 * so every instance sees the same count (publicFlows/limits.ts).
 */
export const publicRequests = pgTable(
  "public_requests",
  {
    id: text("id").primaryKey(),
    action: text("action").notNull(),
    /** Lower-cased as typed; "" when the request names no email (a link's token). */
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("public_requests_email_idx").on(t.action, t.email, t.createdAt),
    index("public_requests_ip_idx").on(t.action, t.ip, t.createdAt),
    index("public_requests_created_at_idx").on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------
// Declared resources with nothing of their own on the service
// ---------------------------------------------------------------------------

/** The tables of the resources a declared record may point at, by resource name. */
export const REFERENCED_TABLES = { accounts, businesses, users, devices };

/**
 * Each one's table, made from its contract, one line each: `export const widgets =
 * contractTable(widgetsContract);` (db/contractTable.ts; app.ts then serves its routes).
 */
export const contractTable = tablesFromContracts(REFERENCED_TABLES);
