import { DataTable, useTranslate } from "react-admin";
import { DELETED_ACCOUNTS, type DeletedAccount } from "../../api/recover";
import { RecordLink } from "../shared/fields";
import { ListPage } from "../shared/ListPage";
import { useListSearch } from "../shared/ListSearch";
import { paths } from "../shared/paths";
import { BulkRestoreAccountsButton, RestoreAccountButton } from "./restore";
import { ListEmpty, ListNoMatch } from "../shared/ListEmpty";
import { DaysLeftChip, DeletedBy, RecoverIcon } from "./shared";
import { columnFor } from "../shared/columns";
import { contractColumns } from "../shared/contractColumns";

const Column = columnFor<DeletedAccount>();

/**
 * /recover/accounts (spec §2, super admins): the accounts whose deletion was asked for in the
 * last 15 days, who asked, the days left; Restore cancels the deletion (versioned: a stale row is
 * refused, reloaded and said so); selected rows are restored together (all or none).
 */
export default function DeletedAccountList() {
  const translate = useTranslate();
  const filters = [useListSearch(DELETED_ACCOUNTS)];
  return (
    <ListPage
      // No page to open a deleted record on: a phone keeps its Restore.
      phoneKeeps={["action"]}
      title="screens.recoverAccounts"
      subtitle={translate("resources.deleted-accounts.subtitle")}
      resource={DELETED_ACCOUNTS}
      filters={filters}
      empty={<ListEmpty resource={DELETED_ACCOUNTS} Icon={RecoverIcon} />}
    >
      <DataTable
        rowClick={false}
        bulkActionButtons={<BulkRestoreAccountsButton />}
        empty={<ListNoMatch resource={DELETED_ACCOUNTS} />}
      >
        {contractColumns<DeletedAccount>(DELETED_ACCOUNTS, {
          name: { render: (record) => <RecordLink to={paths.account(record.id)}>{record.name}</RecordLink> },
          email: { truncate: true },
          deletionRequestedByName: {
            render: (record) => (
              <DeletedBy userId={record.deletionRequestedById} name={record.deletionRequestedByName} />
            ),
          },
          daysLeft: { render: (record) => <DaysLeftChip days={record.daysLeft} /> },
        })}
        <Column source="action" disableSort render={(record) => <RestoreAccountButton account={record} />} />
      </DataTable>
    </ListPage>
  );
}
