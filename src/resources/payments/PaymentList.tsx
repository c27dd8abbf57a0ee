import CreditCardIcon from "@mui/icons-material/CreditCardOutlined";
import { DataTable, useCanAccess } from "react-admin";
import type { Payment } from "../../api/resources";
import { paths } from "../shared/paths";
import { ResourceList } from "../shared/ResourceList";
import { ServerExportButton } from "../shared/ServerExportButton";
import { ContractListAside } from "../shared/contractFacets";
import { accountColumn, contractColumns, hiddenColumnsOf } from "../shared/contractColumns";
import { PAYMENT_COLUMNS } from "./PaymentTable";

/** The payments list: read and act (refunds on the payment's page), never free edit. */
export function PaymentList() {
  // Payments of every account carry the account's name.
  const { canAccess: allAccounts } = useCanAccess({ resource: "accounts", action: "list" });
  return (
    <ResourceList
      resource="payments"
      title={false}
      aside={<ContractListAside resource="payments" icons={{ method: <CreditCardIcon /> }} />}
    >
      <DataTable
        rowClick={(id) => paths.payment(String(id))}
        hiddenColumns={hiddenColumnsOf("payments")}
        bulkActionButtons={<ServerExportButton selection />}
      >
        {contractColumns<Payment>("payments", { ...PAYMENT_COLUMNS, accountName: accountColumn(allAccounts) })}
      </DataTable>
    </ResourceList>
  );
}
