/** Recover tests: the deleted tests still within their recovery window (docs/api.md "Recover tests"). */
import { DELETED_TESTS } from "../recover";
import { declareResource } from "./declare";
import * as field from "./fields";

/** q searches the test's name, SKU and customer, and the account's name. */
export const deletedTestsContract = declareResource({
  name: DELETED_TESTS,
  label: "deleted test",
  description: "Tests deleted in the last 15 days (restorable), and the purge of older ones.",
  /** A deleted test still within its recovery window, as GET /api/deleted-tests answers it. */
  fields: {
    id: field.id(),
    name: field.text(),
    accountId: field.id(),
    accountName: field.text(),
    deviceName: field.text(),
    /** When the test was made. */
    date: field.date(),
    createdByName: field.text(),
    deletedAt: field.date(),
    /** Null for a test deleted before who deleted was recorded. */
    deletedById: field.textOrNull(),
    deletedByName: field.textOrNull(),
    /** deletedAt + 15 days: after it, the test is purged and cannot be restored. */
    restorableUntil: field.date(),
    /** Whole days left, rounded up: 15 just after the deletion, 1 on its last day. */
    daysLeft: field.integer(),
    fileCount: field.integer(),
  },
  columns: [
    "name",
    "accountName",
    "deviceName",
    "date",
    "createdByName",
    "deletedAt",
    "deletedByName",
    "daysLeft",
    "fileCount",
  ],
  hiddenColumns: ["createdByName"],
  sorts: ["name", "accountName", "date", "deletedAt", "daysLeft", "deletedByName"],
  defaultSort: ["deletedAt", "DESC"],
  filters: { accountId: "exact", deletedById: "exact" },
  search: true,
  representation: "name",
  references: { accountId: "accounts", deletedById: "users" },
  access: { list: "signedIn", get: "signedIn", export: "signedIn" },
});
export type DeletedTest = field.RecordOf<typeof deletedTestsContract.fields>;
