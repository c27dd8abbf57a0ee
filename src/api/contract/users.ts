/** Users (docs/api-resources.md "Users"). */
import type { Static } from "typebox";
import { USER_STATUSES } from "../resources";
import { ROLES } from "../types";
import { declareResource } from "./declare";
import { field, record } from "./fields";

/** A user as the users resource lists it (a superset of ApiUser, the session's user). */
export const userRecord = record("user", {
  id: field.id(),
  version: field.version(),
  firstName: field.text(),
  lastName: field.text(),
  email: field.text(),
  role: field.oneOf(ROLES),
  accountId: field.id(),
  accountName: field.text(),
  businessId: field.textOrNull(),
  businessName: field.textOrNull(),
  status: field.oneOf(USER_STATUSES),
  lastSignInAt: field.dateOrNull(),
  avatar: field.textOrNull(),
  createdAt: field.date(),
});
export type User = Static<typeof userRecord>;

/** q searches first name, last name and email. */
export const usersContract = declareResource<User>()({
  name: "users",
  label: "user",
  sorts: [
    "lastName",
    "firstName",
    "email",
    "role",
    "status",
    "lastSignInAt",
    "createdAt",
    "accountName",
    "businessName",
  ],
  defaultSort: ["lastName", "ASC"],
  filters: { role: "exact", status: "exact", accountId: "exact", businessId: "exact", lastSignInAt: "range" },
  search: true,
  representation: "lastName",
  references: { accountId: "accounts", businessId: "businesses" },
});
