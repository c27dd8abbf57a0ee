/** Payments: read-only records from the payment provider (docs/api-resources.md "Payments"). */
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "../resources";
import { declareResource } from "./declare";
import * as field from "./fields";

/** q searches invoice number and account name. */
export const paymentsContract = declareResource({
  name: "payments",
  label: "payment",
  description: "Payments and their refunds.",
  fields: {
    id: field.id(),
    version: field.version(),
    accountId: field.id(),
    accountName: field.text(),
    subscriptionId: field.textOrNull(),
    /** Minor units (cents). */
    amount: field.integer(),
    currency: field.text(),
    status: field.oneOf(PAYMENT_STATUSES, "status"),
    method: field.oneOf(PAYMENT_METHODS, "resources.payments.methods"),
    /** "Visa •••• 4242", "SEPA DE89…3000": never a full card or account number. */
    methodDetail: field.textOrNull(),
    invoiceNumber: field.text(),
    /** When the payment was made (or attempted). */
    date: field.date(),
    /** Minor units refunded so far (0 when none). */
    refundedAmount: field.integer(),
    failureReason: field.textOrNull(),
  },
  columns: ["date", "invoiceNumber", "accountName", "amount", "status", "method", "methodDetail", "refundedAmount"],
  hiddenColumns: ["methodDetail", "refundedAmount"],
  sorts: ["date", "invoiceNumber", "amount", "status", "method", "accountName", "refundedAmount"],
  defaultSort: ["date", "DESC"],
  filters: {
    status: "exact",
    method: "exact",
    accountId: "exact",
    subscriptionId: "exact",
    currency: "exact",
    date: "range",
  },
  search: true,
  representation: "invoiceNumber",
  references: { accountId: "accounts", subscriptionId: "subscriptions" },
  money: { amount: "currency", refundedAmount: "currency" },
  access: {
    list: ["SuperAdmin", "Admin"],
    get: ["SuperAdmin", "Admin"],
    export: ["SuperAdmin", "Admin"],
    actions: { refund: ["SuperAdmin"] },
  },
});
export type Payment = field.RecordOf<typeof paymentsContract.fields>;
