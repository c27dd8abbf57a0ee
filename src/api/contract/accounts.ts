/** Customer accounts (docs/api-resources.md "Accounts"). */
import { ACCOUNT_STATUSES, SUBSCRIPTION_STATES } from "../resources";
import { declareResource } from "./declare";
import * as field from "./fields";
import { COUNTRY, EMAIL, ID, PHONE, RECORD_NAME } from "./limits";

/** q searches name, email, phone and owner name; `bookmarked` keeps the caller's bookmarked accounts. */
export const accountsContract = declareResource({
  name: "accounts",
  label: "account",
  description: "Customer accounts, the caller's own account, and restoring an account whose deletion was asked for.",
  /** GET /api/accounts, /api/accounts/{id}, and GET /api/account (one's own). */
  fields: {
    id: field.id(),
    version: field.version(),
    name: field.text(RECORD_NAME),
    /** The owning user (a user of this account), or null before one is named. */
    ownerId: field.textOrNull(ID),
    ownerName: field.textOrNull(),
    email: field.text(EMAIL),
    phone: field.text(PHONE),
    country: field.text(COUNTRY),
    status: field.oneOf(ACCOUNT_STATUSES, "status"),
    subscriptionStatus: field.oneOf(SUBSCRIPTION_STATES, "status"),
    createdAt: field.date(),
    businessCount: field.integer(),
    userCount: field.integer(),
    deviceCount: field.integer(),
    testCount: field.integer(),
  },
  columns: [
    "name",
    "ownerName",
    "email",
    "phone",
    "country",
    "status",
    "subscriptionStatus",
    "businessCount",
    "userCount",
    "deviceCount",
    "testCount",
    "createdAt",
  ],
  hiddenColumns: ["email", "phone", "country", "businessCount"],
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
    bookmarked: "boolean",
    status: "exact",
    subscriptionStatus: "exact",
    country: "exact",
    createdAt: "range",
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
export type Account = field.RecordOf<typeof accountsContract.fields>;
