import type { Payment } from "../../api/resources";
import { MoneyText } from "../shared/fields";
import { paths } from "../shared/paths";
import { RelatedRecordsTable } from "../shared/RelatedRecordsTable";
import { contractColumns, type ColumnChoice } from "../shared/contractColumns";

/** What every list of payments draws its own way: amounts in their currency. */
export const PAYMENT_COLUMNS = {
  amount: { render: (record) => <MoneyText amount={record.amount} currency={record.currency} /> },
  refundedAmount: {
    render: (record) =>
      record.refundedAmount > 0 ? <MoneyText amount={record.refundedAmount} currency={record.currency} /> : null,
  },
} satisfies Record<string, ColumnChoice<Payment>>;

/** The payments of the account (or subscription) in context. */
export function PaymentTable({ target = "accountId" }: { target?: "accountId" | "subscriptionId" }) {
  return (
    <RelatedRecordsTable reference="payments" target={target} rowPath={paths.payment}>
      {contractColumns<Payment>("payments", PAYMENT_COLUMNS, ["date", "invoiceNumber", "amount", "status"])}
    </RelatedRecordsTable>
  );
}
