import { DataTable, useCanAccess } from "react-admin";
import type { Subscription } from "../../api/resources";
import { ContractListAside } from "../shared/contractFacets";
import { paths } from "../shared/paths";
import { ResourceList } from "../shared/ResourceList";
import { SubscriptionActions, usePriceLabel } from "./SubscriptionCard";
import { columnFor } from "../shared/columns";
import { accountColumn, contractColumns, dayColumn } from "../shared/contractColumns";

const Column = columnFor<Subscription>();

/**
 * /payments?section=subscription: super admins see every subscription (each opens
 * /subscription/:id); admins see their account's, with the cancel action in the row. It shares
 * its page with the payments list, so its state lives in the store, not the URL.
 */
export function SubscriptionList() {
  const priceLabel = usePriceLabel();
  const { canAccess: allAccounts } = useCanAccess({ resource: "accounts", action: "list" });
  const { canAccess: mayOpen } = useCanAccess({ resource: "subscriptions", action: "show" });
  return (
    <ResourceList
      resource="subscriptions"
      title={false}
      aside={<ContractListAside resource="subscriptions" />}
      storeKey="payments.subscriptions"
      disableSyncWithLocation
    >
      <DataTable rowClick={mayOpen ? (id) => paths.subscription(String(id)) : false} bulkActionButtons={false}>
        {contractColumns<Subscription>("subscriptions", {
          accountName: accountColumn(allAccounts),
          price: { render: priceLabel },
          currentPeriodEnd: dayColumn("currentPeriodEnd"),
        })}
        <Column label="" disableSort render={(record) => <SubscriptionActions subscription={record} />} />
      </DataTable>
    </ResourceList>
  );
}
