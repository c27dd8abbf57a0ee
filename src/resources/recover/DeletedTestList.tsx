import { Button as MuiButton } from "@mui/material";
import AccountsIcon from "@mui/icons-material/DomainOutlined";
import { Link } from "react-router-dom";
import { DataTable, useCanAccess, useTranslate } from "react-admin";
import { DELETED_TESTS, type DeletedTest } from "../../api/recover";
import { ListPage } from "../shared/ListPage";
import { useListSearch } from "../shared/ListSearch";
import { BulkRestoreButton, RestoreTestButton } from "./restore";
import { ListEmpty, ListNoMatch } from "../shared/ListEmpty";
import { DaysLeftChip, DeletedBy, RecoverIcon } from "./shared";
import { columnFor } from "../shared/columns";
import { accountColumn, contractColumns, hiddenColumnsOf } from "../shared/contractColumns";

const Column = columnFor<DeletedTest>();

/**
 * /recover/tests (spec §2 "Recover", everyone; §9: deleted tests are recoverable for 15 days): the
 * deleted tests of the caller's scope (super admins every account, others their own; the service
 * decides), who deleted each and when, the days left; restore one, or many as a bulk action.
 */
export default function DeletedTestList() {
  const translate = useTranslate();
  const filters = [useListSearch(DELETED_TESTS)];
  const { canAccess: mayRestore } = useCanAccess({ resource: DELETED_TESTS, action: "restore" });
  const { canAccess: seesAccounts } = useCanAccess({ resource: "accounts", action: "list" });
  // Recover Accounts has no menu item of its own (spec §2): super admins reach it from here.
  const { canAccess: recoversAccounts } = useCanAccess({ resource: "recover-accounts", action: "list" });
  const toAccounts = recoversAccounts ? (
    <MuiButton component={Link} to="/recover/accounts" variant="outlined" startIcon={<AccountsIcon />}>
      {translate("screens.recoverAccounts")}
    </MuiButton>
  ) : undefined;
  return (
    <ListPage
      // No page to open a deleted record on: a phone keeps its Restore.
      phoneKeeps={["action"]}
      title="screens.recover"
      subtitle={translate("resources.deleted-tests.subtitle")}
      headerActions={toAccounts}
      resource={DELETED_TESTS}
      filters={filters}
      empty={<ListEmpty resource={DELETED_TESTS} Icon={RecoverIcon} />}
    >
      <DataTable
        rowClick={false}
        bulkActionButtons={mayRestore ? <BulkRestoreButton /> : false}
        empty={<ListNoMatch resource={DELETED_TESTS} />}
        hiddenColumns={[...hiddenColumnsOf(DELETED_TESTS), ...(seesAccounts ? [] : ["accountName"])]}
      >
        {contractColumns<DeletedTest>(DELETED_TESTS, {
          // Hidden, not left out, for those who see one account: its column chooser still offers it.
          accountName: accountColumn(true),
          deletedByName: { render: (record) => <DeletedBy userId={record.deletedById} name={record.deletedByName} /> },
          daysLeft: { render: (record) => <DaysLeftChip days={record.daysLeft} /> },
        })}
        {mayRestore && <Column source="action" disableSort render={(record) => <RestoreTestButton id={record.id} />} />}
      </DataTable>
    </ListPage>
  );
}
