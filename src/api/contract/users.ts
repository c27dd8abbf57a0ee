/** Users (docs/api-resources.md "Users"). */
import { USER_STATUSES } from "../resources";
import { ROLES } from "../types";
import { USER_FIELDS_BY_REACH } from "../rules";
import { declareResource } from "./declare";
import * as field from "./fields";
import { EMAIL, ID, OPTIONAL_ID, PERSON_NAME } from "./limits";

/** q searches first name, last name and email. */
export const usersContract = declareResource({
  name: "users",
  label: "user",
  description: "Users: create, edit, role, disable and enable, delete, invite, a new invitation link.",
  /** A user as the users resource lists it (a superset of ApiUser, the session's user). */
  fields: {
    id: field.id(),
    version: field.version(),
    firstName: field.text(PERSON_NAME),
    lastName: field.text(PERSON_NAME),
    email: field.text(EMAIL),
    role: field.oneOf(ROLES, "roles"),
    accountId: field.id(ID),
    accountName: field.text(),
    businessId: field.textOrNull(OPTIONAL_ID),
    businessName: field.textOrNull(),
    status: field.oneOf(USER_STATUSES, "status"),
    lastSignInAt: field.dateOrNull(),
    avatar: field.textOrNull(),
    createdAt: field.date(),
  },
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
  columns: ["lastName", "email", "role", "accountName", "businessName", "status", "lastSignInAt", "createdAt"],
  hiddenColumns: ["createdAt"],
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
    actions: {
      role: ["SuperAdmin", "Admin"],
      disable: ["SuperAdmin", "Admin"],
      enable: ["SuperAdmin", "Admin"],
      // A new invitation link for an invited user: whoever may invite into the user's account.
      invitation: ["SuperAdmin", "Admin"],
    },
  },
});
export type User = field.RecordOf<typeof usersContract.fields>;
