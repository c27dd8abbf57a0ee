import { DataTable, useCanAccess, useTranslate } from "react-admin";
import type { Payment } from "../../api/resources";
import { AccountLink, DateTimeText, MoneyText } from "../shared/fields";
import { paths } from "../shared/paths";
import { ResourceList } from "../shared/ResourceList";
import { ServerExportButton } from "../shared/ServerExportButton";
import { StatusChip } from "../shared/StatusChip";
import { PaymentListAside } from "./paymentFilters";
import { columnFor } from "../shared/columns";

const Column = columnFor<Payment>();

/** The payments list: read and act (refunds on the payment's page), never free edit. */
export function PaymentList() {
  const translate = useTranslate();
  // Payments of every account carry the account's name.
  const { canAccess: allAccounts } = useCanAccess({ resource: "accounts", action: "list" });
  return (
    <ResourceList resource="payments" title={false} aside={<PaymentListAside />}>
      <DataTable
        rowClick={(id) => paths.payment(String(id))}
        hiddenColumns={["methodDetail", "refundedAmount"]}
        bulkActionButtons={<ServerExportButton selection />}
      >
        <Column source="date" render={(record) => <DateTimeText value={record.date} />} />
        <Column source="invoiceNumber" />
        {allAccounts && <Column source="accountName" render={(record) => <AccountLink record={record} />} />}
        <Column source="amount" render={(record) => <MoneyText amount={record.amount} currency={record.currency} />} />
        <Column source="status" render={(record) => <StatusChip status={record.status} />} />
        <Column source="method" render={(record) => translate(`resources.payments.methods.${record.method}`)} />
        <Column source="methodDetail" />
        <Column
          source="refundedAmount"
          render={(record) =>
            record.refundedAmount > 0 ? <MoneyText amount={record.refundedAmount} currency={record.currency} /> : null
          }
        />
      </DataTable>
    </ResourceList>
  );
}
