/** Customer accounts (docs/api-resources.md "Accounts"). */
import type { Static } from "typebox";
import { ACCOUNT_STATUSES, SUBSCRIPTION_STATES } from "../resources";
import { declareResource } from "./declare";
import { field, record } from "./fields";

/** GET /api/accounts, /api/accounts/{id}, and GET /api/account (one's own). */
export const accountRecord = record("account", {
  id: field.id(),
  version: field.version(),
  name: field.text(),
  /** The owning user (a user of this account), or null before one is named. */
  ownerId: field.textOrNull(),
  ownerName: field.textOrNull(),
  email: field.text(),
  phone: field.text(),
  country: field.text(),
  status: field.oneOf(ACCOUNT_STATUSES),
  subscriptionStatus: field.oneOf(SUBSCRIPTION_STATES),
  createdAt: field.date(),
  businessCount: field.integer(),
  userCount: field.integer(),
  deviceCount: field.integer(),
  testCount: field.integer(),
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
});
