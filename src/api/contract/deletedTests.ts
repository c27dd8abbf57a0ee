/** Recover tests: the deleted tests still within their recovery window (docs/api.md "Recover tests"). */
import type { Static } from "typebox";
import { DELETED_TESTS } from "../recover";
import { declareResource } from "./declare";
import * as fieldSchema from "./fields";

/** A deleted test still within its recovery window, as GET /api/deleted-tests answers it. */
export const deletedTestRecord = fieldSchema.record("deleted test", {
  id: fieldSchema.id(),
  name: fieldSchema.text(),
  accountId: fieldSchema.id(),
  accountName: fieldSchema.text(),
  deviceName: fieldSchema.text(),
  /** When the test was made. */
  date: fieldSchema.date(),
  createdByName: fieldSchema.text(),
  deletedAt: fieldSchema.date(),
  /** Null for a test deleted before who deleted was recorded. */
  deletedById: fieldSchema.textOrNull(),
  deletedByName: fieldSchema.textOrNull(),
  /** deletedAt + 15 days: after it, the test is purged and cannot be restored. */
  restorableUntil: fieldSchema.date(),
  /** Whole days left, rounded up: 15 just after the deletion, 1 on its last day. */
  daysLeft: fieldSchema.integer(),
  fileCount: fieldSchema.integer(),
});
export type DeletedTest = Static<typeof deletedTestRecord>;

/** q searches the test's name, SKU and customer, and the account's name. */
export const deletedTestsContract = declareResource<DeletedTest>()({
  name: DELETED_TESTS,
  label: "deleted test",
  sorts: ["name", "accountName", "date", "deletedAt", "daysLeft", "deletedByName"],
  defaultSort: ["deletedAt", "DESC"],
  filters: { accountId: "exact", deletedById: "exact" },
  search: true,
  representation: "name",
  references: { accountId: "accounts", deletedById: "users" },
  access: { list: "signedIn", get: "signedIn", export: "signedIn" },
});
