/** Recover accounts: the accounts whose deletion was asked for, super admins only (docs/api-resources.md "Recover accounts"). */
import { DELETED_ACCOUNTS } from "../recover";
import { declareResource } from "./declare";
import * as field from "./fields";

/** q searches the account's name and email. */
export const deletedAccountsContract = declareResource({
  name: DELETED_ACCOUNTS,
  label: "deleted account",
  description: "Accounts whose deletion was asked for in the last 15 days (restorable).",
  /** An account whose deletion is scheduled and still within the window, as GET /api/deleted-accounts answers it. */
  fields: {
    id: field.id(),
    version: field.version(),
    name: field.text(),
    email: field.text(),
    /** When the deletion was asked for (DELETE /accounts/{id}, or status pending_deletion). */
    deletionRequestedAt: field.date(),
    deletionRequestedById: field.textOrNull(),
    deletionRequestedByName: field.textOrNull(),
    restorableUntil: field.date(),
    daysLeft: field.integer(),
    userCount: field.integer(),
    testCount: field.integer(),
  },
  columns: ["name", "email", "deletionRequestedAt", "deletionRequestedByName", "daysLeft", "userCount", "testCount"],
  sorts: ["name", "email", "deletionRequestedAt", "daysLeft"],
  defaultSort: ["deletionRequestedAt", "DESC"],
  filters: {},
  search: true,
  representation: "name",
  references: { deletionRequestedById: "users" },
  access: { list: ["SuperAdmin"], get: ["SuperAdmin"], export: ["SuperAdmin"] },
});
export type DeletedAccount = field.RecordOf<typeof deletedAccountsContract.fields>;
