/** Payments: read-only records from the payment provider (docs/api-resources.md "Payments"). */
import type { Static } from "typebox";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "../resources";
import { declareResource } from "./declare";
import * as fieldSchema from "./fields";

export const paymentRecord = fieldSchema.record("payment", {
  id: fieldSchema.id(),
  version: fieldSchema.version(),
  accountId: fieldSchema.id(),
  accountName: fieldSchema.text(),
  subscriptionId: fieldSchema.textOrNull(),
  /** Minor units (cents). */
  amount: fieldSchema.integer(),
  currency: fieldSchema.text(),
  status: fieldSchema.oneOf(PAYMENT_STATUSES),
  method: fieldSchema.oneOf(PAYMENT_METHODS),
  /** "Visa •••• 4242", "SEPA DE89…3000": never a full card or account number. */
  methodDetail: fieldSchema.textOrNull(),
  invoiceNumber: fieldSchema.text(),
  /** When the payment was made (or attempted). */
  date: fieldSchema.date(),
  /** Minor units refunded so far (0 when none). */
  refundedAmount: fieldSchema.integer(),
  failureReason: fieldSchema.textOrNull(),
});
export type Payment = Static<typeof paymentRecord>;

/** q searches invoice number and account name. */
export const paymentsContract = declareResource<Payment>()({
  name: "payments",
  label: "payment",
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
  access: {
    list: ["SuperAdmin", "Admin"],
    get: ["SuperAdmin", "Admin"],
    export: ["SuperAdmin", "Admin"],
    actions: { refund: ["SuperAdmin"] },
  },
});
