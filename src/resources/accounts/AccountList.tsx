import { lazy } from "react";
import { Button as MuiButton } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import { DataTable, useTranslate } from "react-admin";
import type { Account } from "../../api/resources";
import { OnDemand, useDialogOnDemand } from "../shared/dialogOnDemand";
import { BookmarksProvider, BookmarkToggle, BulkBookmarkButton } from "../shared/bookmarks";
import { countryName } from "../shared/country";
import { paths } from "../shared/paths";
import { ResourceList } from "../shared/ResourceList";
import { ServerExportButton } from "../shared/ServerExportButton";
import { AccountListAside } from "./accountFilters";
import { contractColumns, dayColumn, hiddenColumnsOf } from "../shared/contractColumns";

const loadCreateDialog = () => import("./AccountCreateDialog");
const AccountCreateDialog = lazy(loadCreateDialog);

const AccountBulkActions = () => (
  <>
    <BulkBookmarkButton />
    <ServerExportButton selection />
  </>
);

/** /accounts (super admin): every customer account, filtered, sorted, exported, bookmarked. */
export default function AccountList() {
  const translate = useTranslate();
  const creating = useDialogOnDemand(loadCreateDialog);
  const create = (
    <MuiButton variant="contained" startIcon={<AddIcon />} {...creating.trigger}>
      {translate("resources.accounts.create")}
    </MuiButton>
  );
  return (
    <BookmarksProvider>
      <ResourceList
        resource="accounts"
        title="screens.accounts"
        subtitle={translate("resources.accounts.subtitle")}
        headerActions={create}
        aside={<AccountListAside />}
      >
        <DataTable
          rowClick={(id) => paths.account(String(id))}
          bulkActionButtons={<AccountBulkActions />}
          hiddenColumns={hiddenColumnsOf("accounts")}
        >
          {contractColumns<Account>("accounts", {
            name: { before: (record) => <BookmarkToggle resource="accounts" recordId={record.id} /> },
            email: { truncate: true },
            country: { render: (record) => countryName(record.country) },
            createdAt: dayColumn("createdAt"),
          })}
        </DataTable>
      </ResourceList>
      <OnDemand opened={creating.opened}>
        <AccountCreateDialog open={creating.open} onClose={creating.close} />
      </OnDemand>
    </BookmarksProvider>
  );
}
