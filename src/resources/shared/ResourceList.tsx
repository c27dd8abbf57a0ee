import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactElement, type ReactNode } from "react";
import { Card, CardContent, Stack, Typography, useMediaQuery, type Theme } from "@mui/material";
import InboxIcon from "@mui/icons-material/InboxOutlined";
import { FilterLiveSearch, SearchInput, TopToolbar, useCanAccess, useListContext, useTranslate } from "react-admin";
import { CONTRACTS } from "../../api/contract";
import { isResourceName } from "../../api/resources";
import { ColumnsChooser } from "./ColumnsChooser";
import { ListPage } from "./ListPage";
import { PhoneFiltersButton, useFiltersInDrawer } from "./PhoneFilters";
import { ServerExportButton } from "./ServerExportButton";

// Its forms and save code load once the list's rows are in, not before them (issue 13).
const SavedQueriesPanel = lazy(() =>
  import("./SavedQueriesPanel").then((module) => ({ default: module.SavedQueriesPanel })),
);

/** The lists' page size for a user who never chose one (User Settings' "rows per page", DEFAULT_PREFERENCES). */
export const LIST_PAGE_SIZE = 25;

/** The filter sidebar (react-admin demo's VisitorListAside): live search, saved filters, facets. */
export function ListAside({ children }: { children?: ReactNode }) {
  const { canAccess: maySaveQueries } = useCanAccess({ action: "saveQueries" });
  const { isPending, resource } = useListContext();
  const inDrawer = useFiltersInDrawer();
  // Once the rows are drawn (ListPage draws them a render behind, in steps): from an effect, after
  // their commit, so the panel's code is not asked for between those steps.
  const rowsPending = useDeferredValue(isPending);
  const [rowsDrawn, setRowsDrawn] = useState(false);
  useEffect(() => {
    if (!rowsPending) setRowsDrawn(true);
  }, [rowsPending]);
  return (
    <Card
      variant="outlined"
      component="aside"
      // 12rem and a 12 px gap: the widest lists (users, accounts) fit a 1280 px laptop beside it.
      sx={{ order: -1, flex: "0 0 12rem", mr: 1.5, alignSelf: "flex-start", position: "sticky", top: 72 }}
    >
      <CardContent sx={{ pt: 1 }}>
        {/* A list whose contract declares no search would be refused its `q`. */}
        {/* On a phone the toolbar has the search (ResourceList). */}
        {CONTRACTS[resource]?.search !== false && !inDrawer && (
          <FilterLiveSearch source="q" label="resources.shared.search" />
        )}
        {maySaveQueries && rowsDrawn && isResourceName(resource) && (
          <Suspense fallback={null}>
            <SavedQueriesPanel resource={resource} />
          </Suspense>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** Shown instead of the table when a list has no record at all (with filters, the table says so). */
function EmptyList({ action }: { action?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ flex: 1 }}>
      <CardContent>
        <Stack alignItems="center" spacing={1} sx={{ py: 6, color: "text.secondary" }}>
          <InboxIcon sx={{ fontSize: 48 }} />
          <Typography variant="h6" component="p">
            {translate("resources.shared.empty.title")}
          </Typography>
          {action}
        </Stack>
      </CardContent>
    </Card>
  );
}

interface ResourceListProps {
  resource: string;
  /** i18n key of the page heading; false when the page draws its own. */
  title: string | false;
  subtitle?: ReactNode;
  /** Buttons in the page header (Create, Invite, Upload…). */
  headerActions?: ReactNode;
  aside: ReactElement;
  children: ReactNode;
  /** A list that shares its page with another keeps its state in the store, not in the URL. */
  storeKey?: string;
  disableSyncWithLocation?: boolean;
}

/**
 * A resource list page: heading, toolbar (column chooser, server export), filter sidebar, DataTable,
 * pagination. react-admin's List asks canAccess for the list, as the screen guard did.
 */
export function ResourceList({ aside, ...list }: ResourceListProps) {
  const { canAccess: mayExport } = useCanAccess({ resource: list.resource, action: "export" });
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down("md"));
  return (
    <ListPage
      {...list}
      aside={small ? undefined : aside}
      filters={small ? [<SearchInput key="q" source="q" alwaysOn />] : undefined}
      empty={<EmptyList action={list.headerActions} />}
      actions={
        <TopToolbar>
          {small && <PhoneFiltersButton aside={aside} />}
          <ColumnsChooser table={list.children} />
          {mayExport && <ServerExportButton />}
        </TopToolbar>
      }
      sx={{ "& .RaList-main": { minWidth: 0 } }}
    />
  );
}
