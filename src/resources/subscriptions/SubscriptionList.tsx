import { DataTable, useCanAccess, useTranslate } from "react-admin";
import { SUBSCRIPTION_STATES, type Subscription } from "../../api/resources";
import { AccountLink, DateTimeText, yesNoKey } from "../shared/fields";
import { StatusFacet, YesNoFacet } from "../shared/facets";
import { paths } from "../shared/paths";
import { ListAside, ResourceList } from "../shared/ResourceList";
import { StatusChip } from "../shared/StatusChip";
import { SubscriptionActions, usePriceLabel } from "./SubscriptionCard";
import { columnFor } from "../shared/columns";

const Column = columnFor<Subscription>();

function SubscriptionListAside() {
  return (
    <ListAside>
      <StatusFacet options={SUBSCRIPTION_STATES} />
      <YesNoFacet label="resources.subscriptions.fields.cancelAtPeriodEnd" source="cancelAtPeriodEnd" />
    </ListAside>
  );
}

/**
 * /payments?section=subscription: super admins see every subscription (each opens
 * /subscription/:id); admins see their account's, with the cancel action in the row. It shares
 * its page with the payments list, so its state lives in the store, not the URL.
 */
export function SubscriptionList() {
  const translate = useTranslate();
  const priceLabel = usePriceLabel();
  const { canAccess: allAccounts } = useCanAccess({ resource: "accounts", action: "list" });
  const { canAccess: mayOpen } = useCanAccess({ resource: "subscriptions", action: "show" });
  return (
    <ResourceList
      resource="subscriptions"
      title={false}
      aside={<SubscriptionListAside />}
      storeKey="payments.subscriptions"
      disableSyncWithLocation
    >
      <DataTable rowClick={mayOpen ? (id) => paths.subscription(String(id)) : false} bulkActionButtons={false}>
        {allAccounts && <Column source="accountName" render={(record) => <AccountLink record={record} />} />}
        <Column source="plan" />
        <Column source="price" render={priceLabel} />
        <Column source="status" render={(record) => <StatusChip status={record.status} />} />
        <Column
          source="currentPeriodEnd"
          render={(record) => <DateTimeText value={record.currentPeriodEnd} dateOnly />}
        />
        <Column source="cancelAtPeriodEnd" render={(record) => translate(yesNoKey(record.cancelAtPeriodEnd))} />
        <Column label="" disableSort render={(record) => <SubscriptionActions subscription={record} />} />
      </DataTable>
    </ResourceList>
  );
}
