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
 *   &filter={...}, total in the Content-Range header; each resource's sorts and filters are in its
 *   contract (src/api/contract/<name>.ts).
 */
import type { Static } from "typebox";
import type Type from "typebox";
import type { firmwareUploadFieldsSchema, ownAccountUpdateSchema, paymentRefundFields } from "./schemas/resourceWrites";
import type {
  bookmarkListSchema,
  bookmarkListUpdateSchema,
  savedQueryCreateSchema,
  savedQuerySchema,
  savedQueryValueSchema,
} from "./schemas/perUser";
import type {
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationPublicSchema,
  invitationSchema,
} from "./schemas/invitations";

// The records are declared once, in src/api/contract/ (their fields); these are their types.
import type { Account } from "./contract/accounts";
export type { Account };
export type { Business } from "./contract/businesses";
export type { User } from "./contract/users";
export type { Device } from "./contract/devices";
export type { Payment } from "./contract/payments";
export type { Subscription } from "./contract/subscriptions";
export type { Firmware } from "./contract/firmware";
export type { Discount } from "./contract/discounts";

/** What every record of these resources has: its id and its optimistic-concurrency version. */
export type Versioned = Pick<Account, "id" | "version">;

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

export const FIRMWARE_STATUSES = ["draft", "published", "withdrawn"] as const;
export type FirmwareStatus = (typeof FIRMWARE_STATUSES)[number];

export const PLAN_INTERVALS = ["month", "year"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export const DISCOUNT_KINDS = ["percent", "amount"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Request and answer shapes besides the records: the service's schemas (./schemas/), as types

/** Writes that are not a record's own edit form (./schemas/resourceWrites.ts). */
export type OwnAccountUpdate = Static<typeof ownAccountUpdateSchema>;
export type PaymentRefund = Static<Type.TObject<typeof paymentRefundFields>> & { version: number };
export type FirmwareUploadFields = Static<typeof firmwareUploadFieldsSchema>;

/** Invitations (./schemas/invitations.ts). */
export type InvitationCreate = Static<typeof invitationCreateSchema>;
export type Invitation = Static<typeof invitationSchema>;
export type InvitationPublic = Static<typeof invitationPublicSchema>;
export type InvitationAccept = Static<typeof invitationAcceptSchema>;

/** Saved queries and bookmarks, super admins' own, kept by the service (./schemas/perUser.ts). */
export type SavedQueryValue = Static<typeof savedQueryValueSchema>;
export type SavedQuery = Static<typeof savedQuerySchema>;
export type SavedQueryCreate = Static<typeof savedQueryCreateSchema>;
export type BookmarkList = Static<typeof bookmarkListSchema>;
export type BookmarkListUpdate = Static<typeof bookmarkListUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Firmware

/** Firmware versions are semantic versions: 1.2.3, optionally -suffix. */
export const FIRMWARE_VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
/** The largest firmware file the service accepts. */
export const FIRMWARE_MAX_BYTES = 200 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Discounts

export type { DiscountWrite as DiscountCreate } from "./contract/discounts";

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

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

/** Whether react-admin's resource name (any string) is one of these. */
export const isResourceName = (name: string): name is ResourceName => (RESOURCES as readonly string[]).includes(name);
