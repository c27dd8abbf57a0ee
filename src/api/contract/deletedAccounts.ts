/** Recover accounts: the accounts whose deletion was asked for, super admins only (docs/api-resources.md "Recover accounts"). */
import type { Static } from "typebox";
import { DELETED_ACCOUNTS } from "../recover";
import { declareResource } from "./declare";
import * as fieldSchema from "./fields";

/** An account whose deletion is scheduled and still within the window, as GET /api/deleted-accounts answers it. */
export const deletedAccountRecord = fieldSchema.record("deleted account", {
  id: fieldSchema.id(),
  version: fieldSchema.version(),
  name: fieldSchema.text(),
  email: fieldSchema.text(),
  /** When the deletion was asked for (DELETE /accounts/{id}, or status pending_deletion). */
  deletionRequestedAt: fieldSchema.date(),
  deletionRequestedById: fieldSchema.textOrNull(),
  deletionRequestedByName: fieldSchema.textOrNull(),
  restorableUntil: fieldSchema.date(),
  daysLeft: fieldSchema.integer(),
  userCount: fieldSchema.integer(),
  testCount: fieldSchema.integer(),
});
export type DeletedAccount = Static<typeof deletedAccountRecord>;

/** q searches the account's name and email. */
export const deletedAccountsContract = declareResource<DeletedAccount>()({
  name: DELETED_ACCOUNTS,
  label: "deleted account",
  sorts: ["name", "email", "deletionRequestedAt", "daysLeft"],
  defaultSort: ["deletionRequestedAt", "DESC"],
  filters: {},
  search: true,
  representation: "name",
  references: { deletionRequestedById: "users" },
  access: { list: ["SuperAdmin"], get: ["SuperAdmin"], export: ["SuperAdmin"] },
});
