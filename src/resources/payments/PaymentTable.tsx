import type { Payment } from "../../api/resources";
import { DateTimeText, MoneyText } from "../shared/fields";
import { paths } from "../shared/paths";
import { RelatedRecordsTable } from "../shared/RelatedRecordsTable";
import { StatusChip } from "../shared/StatusChip";
import { columnFor } from "../shared/columns";

const Column = columnFor<Payment>();

/** The payments of the account (or subscription) in context. */
export function PaymentTable({ target = "accountId" }: { target?: "accountId" | "subscriptionId" }) {
  return (
    <RelatedRecordsTable
      reference="payments"
      target={target}
      sort={{ field: "date", order: "DESC" }}
      rowPath={paths.payment}
    >
      <Column source="date" render={(record) => <DateTimeText value={record.date} />} />
      <Column source="invoiceNumber" />
      <Column source="amount" render={(record) => <MoneyText amount={record.amount} currency={record.currency} />} />
      <Column source="status" render={(record) => <StatusChip status={record.status} />} />
    </RelatedRecordsTable>
  );
}
