/** Users (docs/api-resources.md "Users"). */
import type { Static } from "typebox";
import { USER_STATUSES } from "../resources";
import { ROLES } from "../types";
import { USER_FIELDS_BY_REACH } from "../rules";
import { declareResource } from "./declare";
import * as fieldSchema from "./fields";

/** A user as the users resource lists it (a superset of ApiUser, the session's user). */
export const userRecord = fieldSchema.record("user", {
  id: fieldSchema.id(),
  version: fieldSchema.version(),
  firstName: fieldSchema.text(),
  lastName: fieldSchema.text(),
  email: fieldSchema.text(),
  role: fieldSchema.oneOf(ROLES),
  accountId: fieldSchema.id(),
  accountName: fieldSchema.text(),
  businessId: fieldSchema.textOrNull(),
  businessName: fieldSchema.textOrNull(),
  status: fieldSchema.oneOf(USER_STATUSES),
  lastSignInAt: fieldSchema.dateOrNull(),
  avatar: fieldSchema.textOrNull(),
  createdAt: fieldSchema.date(),
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
  // A super admin's; an admin and a user themselves edit fewer (userFieldsEditableBy).
  editable: USER_FIELDS_BY_REACH.superAdmin,
  access: {
    list: ["SuperAdmin", "Admin", "Manager"],
    get: "signedIn",
    export: ["SuperAdmin"],
    create: ["SuperAdmin"],
    // Everyone edits themselves; what each role may change of whom is the service's rule.
    update: "signedIn",
    delete: ["SuperAdmin"],
    actions: { role: ["SuperAdmin", "Admin"], disable: ["SuperAdmin", "Admin"], enable: ["SuperAdmin", "Admin"] },
  },
});
