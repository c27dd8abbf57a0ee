import { Box } from "@mui/material";
import { ColumnsButton, DataTable, List, SearchInput, TopToolbar, useTranslate } from "react-admin";
import { DELETED_ACCOUNTS, type DeletedAccount } from "../../api/recover";
import { DateTimeText, RecordLink } from "../shared/fields";
import { PageHeader } from "../shared/PageHeader";
import { paths } from "../shared/paths";
import { useListPerPage } from "../../custom/userSettings/preferences";
import { BulkRestoreAccountsButton, RestoreAccountButton } from "./restore";
import { ListEmpty, ListNoMatch } from "../shared/ListEmpty";
import { DaysLeftChip, Muted, RecoverIcon } from "./shared";

const Column = DataTable.Col<DeletedAccount>;
const NumberColumn = DataTable.NumberCol<DeletedAccount>;

/**
 * /recover/accounts (spec §2, super admins): the accounts whose deletion was asked for in the
 * last 15 days, who asked, the days left; Restore cancels the deletion (versioned: a stale row is
 * refused, reloaded and said so); selected rows are restored together (all or none).
 */
export default function DeletedAccountList() {
  const translate = useTranslate();
  const perPage = useListPerPage();
  // SearchInput passes its placeholder on as it is: translated here.
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate("resources.deleted-accounts.search")} />,
  ];
  return (
    <Box sx={{ py: 2 }}>
      <PageHeader
        title={translate("screens.recoverAccounts")}
        subtitle={translate("resources.deleted-accounts.subtitle")}
      />
      <List
        resource={DELETED_ACCOUNTS}
        title={false}
        sort={{ field: "deletionRequestedAt", order: "DESC" }}
        perPage={perPage}
        filters={filters}
        empty={<ListEmpty resource={DELETED_ACCOUNTS} Icon={RecoverIcon} />}
        actions={
          <TopToolbar>
            <ColumnsButton />
          </TopToolbar>
        }
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
          <Column source="email" />
          <Column
            source="deletionRequestedAt"
            render={(record) => <DateTimeText value={record.deletionRequestedAt} />}
          />
          <Column
            source="deletionRequestedByName"
            disableSort
            render={(record) =>
              record.deletionRequestedById ? (
                <RecordLink to={paths.user(record.deletionRequestedById)}>{record.deletionRequestedByName}</RecordLink>
              ) : (
                <Muted>{translate("resources.deleted-tests.notRecorded")}</Muted>
              )
            }
          />
          <Column source="daysLeft" render={(record) => <DaysLeftChip days={record.daysLeft} />} />
          <NumberColumn source="userCount" disableSort />
          <NumberColumn source="testCount" disableSort />
          <Column source="action" disableSort render={(record) => <RestoreAccountButton account={record} />} />
        </DataTable>
      </List>
    </Box>
  );
}
