import { DataTable, SearchInput, useTranslate } from "react-admin";
import { DELETED_ACCOUNTS, type DeletedAccount } from "../../api/recover";
import { DateTimeText, RecordLink } from "../shared/fields";
import { ListPage } from "../shared/ListPage";
import { paths } from "../shared/paths";
import { BulkRestoreAccountsButton, RestoreAccountButton } from "./restore";
import { ListEmpty, ListNoMatch } from "../shared/ListEmpty";
import { DaysLeftChip, DeletedBy, RecoverIcon } from "./shared";
import { columnFor, numberColumnFor } from "../shared/columns";

const Column = columnFor<DeletedAccount>();
const NumberColumn = numberColumnFor<DeletedAccount>();

/**
 * /recover/accounts (spec §2, super admins): the accounts whose deletion was asked for in the
 * last 15 days, who asked, the days left; Restore cancels the deletion (versioned: a stale row is
 * refused, reloaded and said so); selected rows are restored together (all or none).
 */
export default function DeletedAccountList() {
  const translate = useTranslate();
  // SearchInput passes its placeholder on as it is: translated here.
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate("resources.deleted-accounts.search")} />,
  ];
  return (
    <ListPage
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
        <Column
          source="name"
          render={(record) => <RecordLink to={paths.account(record.id)}>{record.name}</RecordLink>}
        />
        <Column source="email" truncate />
        <Column source="deletionRequestedAt" render={(record) => <DateTimeText value={record.deletionRequestedAt} />} />
        <Column
          source="deletionRequestedByName"
          disableSort
          render={(record) => <DeletedBy userId={record.deletionRequestedById} name={record.deletionRequestedByName} />}
        />
        <Column source="daysLeft" render={(record) => <DaysLeftChip days={record.daysLeft} />} />
        <NumberColumn source="userCount" disableSort />
        <NumberColumn source="testCount" disableSort />
        <Column source="action" disableSort render={(record) => <RestoreAccountButton account={record} />} />
      </DataTable>
    </ListPage>
  );
}
