import { lazy, Suspense, useState } from "react";
import { Button as MuiButton } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import { DataTable, useTranslate } from "react-admin";
import type { Account } from "../../api/resources";
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
  const [creating, setCreating] = useState(false);
  // Mounted from the first opening on, so closing it keeps its exit transition.
  const [created, setCreated] = useState(false);
  const create = (
    <MuiButton
      variant="contained"
      startIcon={<AddIcon />}
      // The dialog's code starts loading as the pointer or focus reaches the button.
      onPointerEnter={() => void loadCreateDialog()}
      onFocus={() => void loadCreateDialog()}
      onClick={() => {
        setCreated(true);
        setCreating(true);
      }}
    >
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
      {created && (
        <Suspense fallback={null}>
          <AccountCreateDialog open={creating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </BookmarksProvider>
  );
}
