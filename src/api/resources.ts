/**
 * The resources the spec names only by route (§3 "Entities implied only by route names"): accounts,
 * businesses, users, devices, payments, subscriptions, firmware and discounts, plus saved queries,
 * bookmarks and invitations. Shared by the console, the reference service and the tests;
 * docs/api-resources.md documents every endpoint that carries them.
 *
 * Conventions:
 * - ids are strings; dates are ISO 8601 strings (UTC); money is an integer in minor units (cents)
 *   with an ISO 4217 currency code; countries are ISO 3166-1 alpha-2 codes.
 * - every record carries `version`, a number the service bumps on each write. A write sends the
 *   version it read; a newer version on the service answers 409 {message} (optimistic concurrency).
 * - lists follow ra-data-simple-rest: GET /api/{resource}?sort=["field","ASC"]&range=[0,24]
 *   &filter={...}, total in the Content-Range header. The filter shapes below are that `filter`.
 */
import type { Role } from "./types";

/** Every record of these resources. */
export interface Versioned {
  id: string;
  /** Optimistic-concurrency version: sent back on every write, bumped by the service. */
  version: number;
}

/** Filter keys every list accepts. */
export interface CommonFilter {
  /** Free text; each resource says which fields it searches. */
  q?: string;
  /** getMany: exactly these ids. */
  id?: string[];
}

// ---------------------------------------------------------------------------------------------
// Statuses

export const ACCOUNT_STATUSES = ["active", "suspended", "pending_deletion"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * A subscription's state (spec §4's lifecycle): active; past_due (unpaid after the period end, 7 days,
 * full access); canceled (the 21-day grace period, restricted access); inactive (no subscription).
 */
export const SUBSCRIPTION_STATES = ["active", "past_due", "canceled", "inactive"] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const USER_STATUSES = ["active", "invited", "disabled"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const DEVICE_STATUSES = ["active", "lost", "unsubscribed"] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "refunded", "disputed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ["card", "bank_transfer", "invoice"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const FIRMWARE_STATUSES = ["draft", "published", "withdrawn"] as const;
export type FirmwareStatus = (typeof FIRMWARE_STATUSES)[number];

export const PLAN_INTERVALS = ["month", "year"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export const DISCOUNT_KINDS = ["percent", "amount"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Accounts

/** A customer account: GET /api/accounts, /api/accounts/{id}, and GET /api/account (one's own). */
export interface Account extends Versioned {
  name: string;
  /** The owning user (a user of this account), or null before one is named. */
  ownerId: string | null;
  ownerName: string | null;
  email: string;
  phone: string;
  country: string;
  status: AccountStatus;
  subscriptionStatus: SubscriptionState;
  createdAt: string;
  businessCount: number;
  userCount: number;
  deviceCount: number;
  testCount: number;
}

/** q searches name, email, phone and owner name. `bookmarked` keeps the caller's bookmarked accounts. */
export interface AccountFilter extends CommonFilter {
  status?: AccountStatus;
  subscriptionStatus?: SubscriptionState;
  country?: string;
  createdAt_gte?: string;
  createdAt_lte?: string;
  bookmarked?: boolean;
}

/** POST /api/accounts (super admin). */
export interface AccountCreate {
  name: string;
  email: string;
  phone: string;
  country: string;
}

/** PUT /api/accounts/{id} (super admin). Read-only fields sent along are ignored. */
export interface AccountUpdate extends AccountCreate {
  version: number;
  ownerId: string | null;
  status: AccountStatus;
}

/** PUT /api/account: the account owner renames the account or hands it to another of its users. */
export interface OwnAccountUpdate {
  version: number;
  name: string;
  ownerId: string;
}

// ---------------------------------------------------------------------------------------------
// Businesses (locations of an account)

export interface Business extends Versioned {
  name: string;
  accountId: string;
  accountName: string;
  ownerId: string | null;
  ownerName: string | null;
  address: string;
  city: string;
  country: string;
  phone: string;
  createdAt: string;
}

/** q searches name, address, city and owner name. */
export interface BusinessFilter extends CommonFilter {
  accountId?: string;
  country?: string;
  city?: string;
}

/** POST /api/businesses (super admin for any account; admin for their own, accountId ignored). */
export interface BusinessCreate {
  name: string;
  accountId?: string;
  ownerId?: string | null;
  address: string;
  city: string;
  country: string;
  phone: string;
}

export interface BusinessUpdate extends BusinessCreate {
  version: number;
}

// ---------------------------------------------------------------------------------------------
// Users

/** A user as the users resource lists it (a superset of ApiUser, the session's user). */
export interface User extends Versioned {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  accountId: string;
  accountName: string;
  businessId: string | null;
  businessName: string | null;
  status: UserStatus;
  lastSignInAt: string | null;
  avatar: string | null;
  createdAt: string;
}

/** q searches first name, last name and email. */
export interface UserFilter extends CommonFilter {
  role?: Role;
  status?: UserStatus;
  accountId?: string;
  businessId?: string;
  lastSignInAt_gte?: string;
}

/** POST /api/users (super admin): a user created directly, status active, no invitation. */
export interface UserCreate {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  accountId: string;
  businessId: string | null;
}

/**
 * PUT /api/users/{id}. Super admins change every field. Admins change first name, last name and
 * business of their account's users; anyone changes their own first and last name. Role and status
 * change through their actions (POST /api/users/{id}/role, /disable, /enable).
 */
export interface UserUpdate {
  version: number;
  firstName: string;
  lastName: string;
  email?: string;
  accountId?: string;
  businessId?: string | null;
}

/** POST /api/users/{id}/role */
export interface UserRoleChange {
  version: number;
  role: Role;
}

/** POST /api/invitations: invites a person into an account; the code opens /invitation/{code}. */
export interface InvitationCreate {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** Super admins name the account; for everyone else it is their own. */
  accountId?: string;
  businessId?: string | null;
}

export interface Invitation {
  id: string;
  code: string;
  email: string;
  role: Role;
  accountId: string;
  businessId: string | null;
  /** The invited user, created with status "invited". */
  userId: string;
  expiresAt: string;
  createdAt: string;
}

/** GET /api/invitations/{code} (public): what the invitation page shows a guest. */
export interface InvitationPublic {
  email: string;
  firstName?: string;
  lastName?: string;
  role: Role;
  accountName: string;
  expiresAt: string;
}

/** POST /api/invitations/{code}/accept (public); answered like a sign-in (LoginResponse). */
export interface InvitationAccept {
  firstName: string;
  lastName: string;
  /** At least 8 characters. */
  password: string;
}

// ---------------------------------------------------------------------------------------------
// Devices

export interface Device extends Versioned {
  serialNumber: string;
  /** Spec §3's device type code (5001 Dr. Watson…); the console names it. */
  typeCode: number;
  /** The name the account gave the box (admins change it). */
  customBoxName: string | null;
  firmwareVersion: string | null;
  accountId: string;
  accountName: string;
  businessId: string | null;
  businessName: string | null;
  status: DeviceStatus;
  lastSeenAt: string | null;
  /** The phone last used with the box. */
  phoneBrand: string | null;
  phoneModel: string | null;
  phoneOs: string | null;
  /** Whether its owner gets its emails (marked lost, new firmware); their unsubscribe link turns it off. */
  notifyOwner: boolean;
  createdAt: string;
}

/** q searches serial number, custom box name and phone model. */
export interface DeviceFilter extends CommonFilter {
  typeCode?: number;
  status?: DeviceStatus;
  accountId?: string;
  businessId?: string;
  firmwareVersion?: string;
  lastSeenAt_gte?: string;
}

/** POST /api/devices (super admin registers a box; status defaults to active). */
export interface DeviceCreate {
  serialNumber: string;
  typeCode: number;
  accountId: string;
  businessId: string | null;
  customBoxName: string | null;
  status?: DeviceStatus;
}

/** PUT /api/devices/{id} (super admin). */
export interface DeviceUpdate extends DeviceCreate {
  version: number;
  status: DeviceStatus;
}

/** POST /api/devices/{id}/custom-name (admin and super admin). An empty name clears it. */
export interface DeviceRename {
  version: number;
  customBoxName: string | null;
}

// ---------------------------------------------------------------------------------------------
// Payments and subscriptions

export interface Payment extends Versioned {
  accountId: string;
  accountName: string;
  subscriptionId: string | null;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  status: PaymentStatus;
  method: PaymentMethod;
  /** "Visa •••• 4242", "SEPA DE89…3000": never a full card or account number. */
  methodDetail: string | null;
  invoiceNumber: string;
  /** When the payment was made (or attempted). */
  date: string;
  /** Minor units refunded so far (0 when none). */
  refundedAmount: number;
  failureReason: string | null;
}

/** q searches invoice number and account name. */
export interface PaymentFilter extends CommonFilter {
  status?: PaymentStatus;
  method?: PaymentMethod;
  accountId?: string;
  subscriptionId?: string;
  currency?: string;
  date_gte?: string;
  date_lte?: string;
}

/**
 * POST /api/payments/{id}/refund (super admin) after a password check (POST users/password/check)
 * within the last 5 minutes. No amount refunds what is left.
 */
export interface PaymentRefund {
  version: number;
  /** Minor units; at most amount - refundedAmount. */
  amount?: number;
  reason: string;
}

export interface Subscription extends Versioned {
  accountId: string;
  accountName: string;
  plan: string;
  /** Minor units per interval. */
  price: number;
  currency: string;
  interval: PlanInterval;
  status: SubscriptionState;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** The subscription ends at currentPeriodEnd instead of renewing. */
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  /** While canceled: when the 21-day grace period ends and the account is deleted. */
  graceEndsAt: string | null;
}

/** q searches plan and account name. */
export interface SubscriptionFilter extends CommonFilter {
  status?: SubscriptionState;
  plan?: string;
  accountId?: string;
  cancelAtPeriodEnd?: boolean;
}

/** POST /api/subscriptions/{id}/cancel and /resume (admin of the account, super admin). */
export interface SubscriptionAction {
  version: number;
}

// ---------------------------------------------------------------------------------------------
// Firmware

/**
 * A firmware build for one device type. `firmwareVersion` is the build's own version ("4.2.1");
 * `version` is the record's concurrency version, as on every record.
 */
export interface Firmware extends Versioned {
  firmwareVersion: string;
  deviceTypeCode: number;
  releaseNotes: string;
  fileName: string;
  /** Bytes. */
  fileSize: number;
  /** Hex SHA-256 of the file, computed by the service. */
  sha256: string;
  status: FirmwareStatus;
  uploadedById: string;
  uploadedByName: string;
  uploadedAt: string;
}

/** q searches firmware version and release notes. */
export interface FirmwareFilter extends CommonFilter {
  deviceTypeCode?: number;
  status?: FirmwareStatus;
}

/** POST /api/firmware, multipart: these fields plus `file`. */
export interface FirmwareUploadFields {
  firmwareVersion: string;
  deviceTypeCode: number;
  releaseNotes: string;
}

/** PUT /api/firmware/{id}: release notes and status only (the file never changes). */
export interface FirmwareUpdate {
  version: number;
  releaseNotes: string;
  status: FirmwareStatus;
}

/** Firmware versions are semantic versions: 1.2.3, optionally -suffix. */
export const FIRMWARE_VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
/** The largest firmware file the service accepts. */
export const FIRMWARE_MAX_BYTES = 200 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Discounts

export interface Discount extends Versioned {
  /** Upper case letters, digits, - and _; unique. */
  code: string;
  description: string;
  kind: DiscountKind;
  /** 1–100 when kind is percent, else null. */
  percentOff: number | null;
  /** Minor units when kind is amount, else null. */
  amountOff: number | null;
  /** With amountOff. */
  currency: string | null;
  validFrom: string | null;
  validTo: string | null;
  /** null: unlimited. */
  redemptionLimit: number | null;
  redemptionCount: number;
  active: boolean;
  createdAt: string;
}

/** q searches code and description. `valid_at` keeps discounts valid on that date. */
export interface DiscountFilter extends CommonFilter {
  active?: boolean;
  kind?: DiscountKind;
  valid_at?: string;
}

export interface DiscountCreate {
  code: string;
  description: string;
  kind: DiscountKind;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  validFrom: string | null;
  validTo: string | null;
  redemptionLimit: number | null;
  active: boolean;
}

export interface DiscountUpdate extends DiscountCreate {
  version: number;
}

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

// ---------------------------------------------------------------------------------------------
// Saved queries and bookmarks (super admins; stored per user on the service)

/** What a saved query restores: react-admin's list parameters. */
export interface SavedQueryValue {
  filter: Record<string, unknown>;
  sort: { field: string; order: "ASC" | "DESC" };
  perPage: number;
  displayedFilters?: Record<string, boolean>;
}

/** GET /api/saved-queries?resource=accounts, POST /api/saved-queries, DELETE /api/saved-queries/{id} */
export interface SavedQuery {
  id: string;
  resource: string;
  label: string;
  value: SavedQueryValue;
  createdAt: string;
}

export interface SavedQueryCreate {
  resource: string;
  label: string;
  value: SavedQueryValue;
}

/** One bookmarked record. */
export interface Bookmark {
  resource: string;
  recordId: string;
  /** The record's name when it was read (the service fills it in). */
  label: string;
  createdAt: string;
}

/** GET /api/bookmarks answers it; PUT /api/bookmarks replaces the caller's whole list with it. */
export interface BookmarkList {
  items: Bookmark[];
}

export interface BookmarkListUpdate {
  items: { resource: string; recordId: string }[];
}

// ---------------------------------------------------------------------------------------------
// Errors

/**
 * A 4xx answer: `message` names the field for a validation error; `errors` (field → message) lets
 * the console show each message on its field (react-admin's server-side validation convention).
 */
export interface ApiValidationError {
  message: string;
  errors?: Record<string, string>;
}

/** 409: the record changed since it was read. `current` is the service's newer record, when sent. */
export interface ApiConflictError {
  message: string;
  current?: Versioned & Record<string, unknown>;
}

/** The resources of this module, by their API path segment. */
export const RESOURCES = [
  "accounts",
  "businesses",
  "users",
  "devices",
  "payments",
  "subscriptions",
  "firmware",
  "discounts",
] as const;
export type ResourceName = (typeof RESOURCES)[number];
