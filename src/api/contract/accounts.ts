/** Customer accounts (docs/api-resources.md "Accounts"). */
import type { Static } from "typebox";
import { ACCOUNT_STATUSES, SUBSCRIPTION_STATES } from "../resources";
import { declareResource } from "./declare";
import * as fieldSchema from "./fields";

/** GET /api/accounts, /api/accounts/{id}, and GET /api/account (one's own). */
export const accountRecord = fieldSchema.record("account", {
  id: fieldSchema.id(),
  version: fieldSchema.version(),
  name: fieldSchema.text(),
  /** The owning user (a user of this account), or null before one is named. */
  ownerId: fieldSchema.textOrNull(),
  ownerName: fieldSchema.textOrNull(),
  email: fieldSchema.text(),
  phone: fieldSchema.text(),
  country: fieldSchema.text(),
  status: fieldSchema.oneOf(ACCOUNT_STATUSES),
  subscriptionStatus: fieldSchema.oneOf(SUBSCRIPTION_STATES),
  createdAt: fieldSchema.date(),
  businessCount: fieldSchema.integer(),
  userCount: fieldSchema.integer(),
  deviceCount: fieldSchema.integer(),
  testCount: fieldSchema.integer(),
});
export type Account = Static<typeof accountRecord>;

/** q searches name, email, phone and owner name; `bookmarked` keeps the caller's bookmarked accounts. */
export const accountsContract = declareResource<Account>()({
  name: "accounts",
  label: "account",
  sorts: [
    "name",
    "email",
    "country",
    "status",
    "subscriptionStatus",
    "createdAt",
    "ownerName",
    "businessCount",
    "userCount",
    "deviceCount",
    "testCount",
  ],
  defaultSort: ["createdAt", "DESC"],
  filters: {
    status: "exact",
    subscriptionStatus: "exact",
    country: "exact",
    createdAt: "range",
    bookmarked: "boolean",
  },
  search: true,
  representation: "name",
  references: { ownerId: "users" },
  editable: ["name", "email", "phone", "country", "status", "ownerId"],
  access: {
    list: ["SuperAdmin"],
    // Everyone reads their own account; the service scopes the record.
    get: "signedIn",
    export: ["SuperAdmin"],
    create: ["SuperAdmin"],
    update: ["SuperAdmin"],
    // Schedules the deletion (the data goes after the scheduled-deletion period).
    delete: ["SuperAdmin"],
    // Restoring an account whose deletion was asked for (docs/api.md "Recover accounts").
    actions: { restore: ["SuperAdmin"] },
  },
});
