import { useDeferredValue, useEffect, useMemo, type ReactNode } from "react";
import { Alert, Box } from "@mui/material";
import {
  ListBase,
  ListContextProvider,
  ListView,
  TopToolbar,
  useListContext,
  useNotify,
  useResourceContext,
  useTranslate,
  type ListProps,
} from "react-admin";
import { CONTRACTS } from "../../api/contract";
import { FirstRowsDrawn } from "../../custom/startup/earlyRows/FirstRowsDrawn";
import { useListPerPage } from "../../custom/userSettings/preferences";
import { ColumnsChooser } from "./ColumnsChooser";
import { PhoneTable } from "./PhoneTable";
import { ListPagination } from "./ListPagination";
import { PageHeader } from "./PageHeader";
import { afterListFailure, defaultListQuery, type ListQuery } from "./refusedQuery";

/** No list opens without the session: who may see it is canAccess's answer, not a prop. */
interface ListPageProps extends Omit<ListProps, "title" | "disableAuthentication"> {
  /** i18n key of the page heading; false when the page draws its own. */
  title: string | false;
  subtitle?: ReactNode;
  /** Buttons in the page header (Create, Invite, Recover Accounts…). */
  headerActions?: ReactNode;
  /** Between the heading and the list (tabs). */
  beforeList?: ReactNode;
  /** Columns a phone keeps whatever comes first (PhoneTable): a row's action on a list with no record page. */
  phoneKeeps?: readonly string[];
}

/**
 * The list (its rows, pagination and empty state) drawn from its state one render behind the
 * state itself: React then draws 25 rows in steps it can pause between frames instead of in one
 * long task nothing can interrupt (react-query hands results over synchronously; issue 23). What a
 * click changes at once stays live: the selection (a ticked box shows in the click's own frame);
 * and the filter panel beside it reads the live state, so typing in its search never waits.
 */
function DeferredList({ children }: { children: ReactNode }) {
  const live = useListContext();
  const behind = useDeferredValue(live);
  const { selectedIds, onSelect, onSelectAll, onToggleItem, onUnselectItems } = live;
  const list = useMemo(
    () => ({ ...behind, selectedIds, onSelect, onSelectAll, onToggleItem, onUnselectItems }),
    [behind, selectedIds, onSelect, onSelectAll, onToggleItem, onUnselectItems],
  );
  return <ListContextProvider value={list}>{children}</ListContextProvider>;
}

/** The list's failures are said by RefusedQueryReset below, not by react-admin's own toast. */
const noErrorToast = () => undefined;

/** Failures already acted on: each is handled once, even if the component showing it is drawn again. */
const handledFailures = new WeakSet<object>();

/** True the first time a failure is seen (failures that are not objects are never refusals). */
function firstSight(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return true;
  if (handledFailures.has(error)) return false;
  handledFailures.add(error);
  return true;
}

/**
 * When the service refuses the list's query (400: an unknown sort field or filter, a page too
 * long), puts the list back to its default sort, filters, page size and first page, which also
 * overwrites the stored list parameters and the URL, and says why in a warning: otherwise the
 * refused query stays stored and the screen stays empty on every visit. Any other failure, or the
 * default query refused too, gets react-admin's usual error toast (unless the page handles its
 * errors itself: `showErrors` false). Once per failure: a failure is handled when it arrives.
 * Drawn in the list's error display (react-admin draws it instead of the rows) and beside the rows.
 */
function RefusedQueryReset({ defaults, showErrors }: { defaults: ListQuery; showErrors: boolean }) {
  const { error, sort, filterValues, page, perPage, setSort, setFilters, setPerPage, setPage } = useListContext();
  const notify = useNotify();
  useEffect(() => {
    if (error == null || !firstSight(error)) return;
    const next = afterListFailure(error, { sort, filterValues, page, perPage }, defaults);
    if (next.kind === "reset") {
      // One change of the list parameters (react-admin batches the calls of one tick).
      setSort({ field: next.to.sort.field, order: next.to.sort.order === "DESC" ? "DESC" : "ASC" });
      setFilters(next.to.filterValues, {});
      setPerPage(next.to.perPage);
      setPage(next.to.page);
      notify("resources.shared.refusedQuery", { type: "warning", messageArgs: { message: next.message } });
    } else if (showErrors) {
      // react-admin's own toast for a failed list (useListController's default onError).
      const message = (error as Error | undefined)?.message;
      notify(message || "ra.notification.http_error", { type: "error", messageArgs: { _: message } });
    }
  }, [
    error,
    sort,
    filterValues,
    page,
    perPage,
    defaults,
    showErrors,
    setSort,
    setFilters,
    setPerPage,
    setPage,
    notify,
  ]);
  return null;
}

/**
 * The list area when its rows could not be loaded: the service's message (react-admin would draw
 * its "No … found" and an empty table, as if there were nothing to show).
 */
function ListLoadError() {
  const { error } = useListContext();
  const translate = useTranslate();
  const message = error instanceof Error && error.message ? error.message : translate("ra.notification.http_error");
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {message}
    </Alert>
  );
}

/**
 * A list's default columns fit a 1366 px screen beside the filter panel (issue 26): cells 8 px apart
 * instead of MUI's 16. On a phone the table keeps its first two columns (PhoneTable), with no
 * sideways scrolling.
 */
const LIST_FITS_ITS_SCREEN = {
  "& .RaDataTable-table .MuiTableCell-sizeSmall:not(.MuiTableCell-paddingCheckbox)": { px: 1 },
};

/**
 * A list screen's frame: the page heading, then react-admin's List at the user's page size (User
 * Settings' rows per page) with the column chooser in its toolbar unless `actions` says otherwise.
 * react-admin's List, taken apart (ListBase and ListView) so that the filter sidebar comes before
 * the table in the page, as it is drawn (at the left): Tab reaches the search and facets before the
 * rows, not after the last row and the pagination (issue 25).
 */
export function ListPage({
  title,
  subtitle,
  headerActions,
  beforeList,
  phoneKeeps,
  children,
  queryOptions,
  error: errorView = <ListLoadError />,
  aside,
  debounce,
  disableSyncWithLocation,
  exporter,
  filter,
  resource,
  storeKey,
  perPage: perPageProp,
  sort: sortProp,
  filterDefaultValues,
  ...listProps
}: ListPageProps) {
  const translate = useTranslate();
  const preferredPerPage = useListPerPage();
  const perPage = perPageProp ?? preferredPerPage;
  // A declared resource's list opens in its contract's default order, as start-up's call for it
  // ahead does (access/declaredFirstData.ts); a page may still give its own.
  const resourceName = useResourceContext({ resource });
  const declaredSort = resourceName === undefined ? undefined : CONTRACTS[resourceName]?.defaultSort;
  // Pages pass their sort as a new object each render: the defaults change only with its values.
  const sortField = sortProp?.field ?? declaredSort?.[0];
  const sortOrder = sortProp?.order ?? declaredSort?.[1];
  const sort = useMemo(
    () => (sortField === undefined ? undefined : { field: sortField, order: sortOrder ?? "ASC" }),
    [sortField, sortOrder],
  );
  const defaults = useMemo(
    () => defaultListQuery({ sort, filterDefaultValues, perPage }),
    [sort, filterDefaultValues, perPage],
  );
  const refusals = <RefusedQueryReset defaults={defaults} showErrors={!queryOptions?.onError} />;
  return (
    <Box sx={{ py: 2 }}>
      {title !== false && <PageHeader title={translate(title)} subtitle={subtitle} actions={headerActions} />}
      {beforeList}
      <ListBase
        debounce={debounce}
        disableSyncWithLocation={disableSyncWithLocation}
        exporter={exporter}
        filter={filter}
        filterDefaultValues={filterDefaultValues}
        perPage={perPage}
        queryOptions={{ onError: noErrorToast, ...queryOptions }}
        resource={resource}
        sort={sort}
        storeKey={storeKey}
        // As List does: the view shows being offline.
        offline={false}
      >
        <Box sx={{ display: "flex", alignItems: "flex-start" }}>
          {aside}
          <DeferredList>
            <ListView
              title={false}
              error={
                errorView === false ? (
                  false
                ) : (
                  <>
                    {errorView}
                    {refusals}
                  </>
                )
              }
              actions={
                <TopToolbar>
                  <ColumnsChooser table={children} />
                </TopToolbar>
              }
              pagination={<ListPagination />}
              {...listProps}
              sx={[
                { flex: 1, minWidth: 0 },
                LIST_FITS_ITS_SCREEN,
                ...(Array.isArray(listProps.sx) ? listProps.sx : [listProps.sx]),
              ]}
            >
              <PhoneTable keeps={phoneKeeps}>{children}</PhoneTable>
              <FirstRowsDrawn />
              {refusals}
            </ListView>
          </DeferredList>
        </Box>
      </ListBase>
    </Box>
  );
}
