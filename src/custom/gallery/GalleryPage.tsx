import { useCallback, useMemo, useSyncExternalStore } from "react";
import { Alert, Box, Button, MenuItem, Pagination, Paper, Skeleton, Stack, TextField, Typography } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import PhotoIcon from "@mui/icons-material/PhotoLibraryOutlined";
import { ListBase, RouterProviderContext, useListContext, useRouterProvider, useTranslate } from "react-admin";
import type { RouterNavigateFunction, RouterProvider } from "react-admin";
import { LIST_EXACT_TOTAL } from "../../api/rules";
import type { GalleryItem } from "../../api/tests";
import { GALLERY_COLUMNS, GALLERY_COLUMNS_SMALL } from "../../config";
import { useSelectedItems } from "../../authProvider/selectedItems";
import { hasFilters } from "../../resources/shared/emptyState";
import { BulkDownloadDialog } from "./BulkDownloadDialog";
import { GalleryCard } from "./GalleryCard";
import { GalleryFilters } from "./GalleryFilters";
import { useStartBulkDownload } from "./useStartBulkDownload";
import { FirstRowsDrawn } from "../startup/earlyRows/FirstRowsDrawn";
import { PAGE_SIZES, toListSearch, toSpecSearch } from "./galleryQuery";

const gridSx = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: {
    xs: `repeat(${GALLERY_COLUMNS_SMALL}, minmax(0, 1fr))`,
    sm: "repeat(3, minmax(0, 1fr))",
    md: "repeat(4, minmax(0, 1fr))",
    lg: `repeat(${GALLERY_COLUMNS}, minmax(0, 1fr))`,
  },
} as const;

/** An empty gallery: nothing yet (what the page is for), or filters that match nothing. */
function GalleryEmpty({ filtered }: { filtered: boolean }) {
  const translate = useTranslate();
  if (filtered) return <Typography color="text.secondary">{translate("gallery.empty")}</Typography>;
  return (
    <Paper variant="outlined" sx={{ py: 6, px: 2 }}>
      <Stack alignItems="center" spacing={1} sx={{ color: "text.secondary", textAlign: "center" }}>
        <PhotoIcon sx={{ fontSize: 48 }} color="disabled" />
        <Typography variant="h6" component="p" color="text.primary">
          {translate("gallery.noTests")}
        </Typography>
        <Typography>{translate("gallery.noTestsHint")}</Typography>
      </Stack>
    </Paper>
  );
}

/** The list's move to another page, page size or filters (a search alone), in the spec's words. */
const inSpecWords = (to: Parameters<RouterNavigateFunction>[0]) =>
  typeof to === "object" && !to.pathname && to.search ? { ...to, search: toSpecSearch(to.search) } : to;

/**
 * react-admin's router as the gallery's list sees it: the spec's address read as the list's params
 * (page, perPage, filter; the default sort), and the list's moves written back as the spec's address.
 */
function useSpecAddress(): RouterProvider {
  const router = useRouterProvider();
  return useMemo(() => {
    const useLocation = () => {
      const location = router.useLocation();
      return useMemo(() => ({ ...location, search: toListSearch(location.search) }), [location]);
    };
    const useNavigate = () => {
      const navigate = router.useNavigate();
      return useCallback<RouterNavigateFunction>((to, options) => navigate(inSpecWords(to), options), [navigate]);
    };
    return { ...router, useLocation, useNavigate };
  }, [router]);
}

/** The gallery (spec §2, §9): test cards, 6 columns (2 on small screens), 10 a page, filters, bulk download. */
export default function GalleryPage() {
  return (
    <RouterProviderContext.Provider value={useSpecAddress()}>
      <ListBase
        resource="tests"
        sort={{ field: "date", order: "DESC" }}
        // Access is react-admin's own: canAccess({ resource: "tests", action: "list" }), as every list.
        // A failure to load is said on the page, not in a toast.
        queryOptions={{ onError: () => undefined }}
      >
        <Gallery />
        <FirstRowsDrawn />
      </ListBase>
    </RouterProviderContext.Provider>
  );
}

function Gallery() {
  const translate = useTranslate();
  const { data, total, isPending, error, page, perPage, setPage, setPerPage, filterValues, hasNextPage } =
    useListContext<GalleryItem>();
  const selectedItems = useSelectedItems();
  const selected = useSyncExternalStore(selectedItems.subscribe, selectedItems.get);
  const { start: startBulkDownload, starting, downloadId, closeDownload } = useStartBulkDownload();

  const pageIds = (data ?? []).map((item) => item.id);
  const wholePageSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Stack direction="row" alignItems="baseline" spacing={2}>
        <Typography variant="h4" component="h1">
          {translate("screens.gallery")}
        </Typography>
        {(total !== undefined || hasNextPage) && (
          <Typography color="text.secondary" data-testid="gallery-total" data-not-early>
            {total === undefined
              ? translate("gallery.totalMore", { more: LIST_EXACT_TOTAL.toLocaleString("en") })
              : translate("gallery.total", { smart_count: total })}
          </Typography>
        )}
      </Stack>

      <GalleryFilters />

      {error && <Alert severity="error">{error.message || translate("gallery.loadFailed")}</Alert>}

      <Box sx={gridSx} aria-busy={isPending} data-testid="gallery-grid" data-list-grid>
        {isPending &&
          Array.from({ length: perPage }, (_, index) => (
            <Skeleton key={index} variant="rounded" sx={{ aspectRatio: "3 / 4.6", height: "auto" }} />
          ))}
        {data?.map((item) => (
          <GalleryCard
            key={item.id}
            item={item}
            selected={selected.includes(item.id)}
            onToggle={selectedItems.toggle}
          />
        ))}
      </Box>
      {total === 0 && <GalleryEmpty filtered={hasFilters(filterValues)} />}

      <Stack direction={{ xs: "column", sm: "row" }} alignItems="center" justifyContent="space-between" spacing={2}>
        <Button
          size="small"
          sx={{ whiteSpace: "nowrap" }}
          disabled={pageIds.length === 0}
          onClick={() =>
            selectedItems.set(
              wholePageSelected ? selected.filter((id) => !pageIds.includes(id)) : [...selected, ...pageIds],
            )
          }
        >
          {translate(wholePageSelected ? "gallery.unselectPage" : "gallery.selectPage")}
        </Button>
        <Pagination
          // Past the service's count (Content-Range "…/*"), the pages known: up to the next one.
          count={total === undefined ? page + (hasNextPage ? 1 : 0) : Math.max(1, Math.ceil(total / perPage))}
          page={page}
          onChange={(_, next) => setPage(next)}
          color="primary"
          shape="rounded"
        />
        <TextField
          fullWidth={false}
          select
          size="small"
          label={translate("gallery.pageSize")}
          value={perPage}
          onChange={(event) => setPerPage(Number(event.target.value))}
          sx={{ minWidth: 110 }}
        >
          {PAGE_SIZES.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {selected.length > 0 && (
        <Paper
          elevation={3}
          role="toolbar"
          aria-label={translate("gallery.selected", { smart_count: selected.length })}
          sx={{ position: "sticky", bottom: 16, zIndex: 2, px: 2, py: 1 }}
        >
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography sx={{ flex: 1, fontWeight: 600 }}>
              {translate("gallery.selected", { smart_count: selected.length })}
            </Typography>
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              onClick={() => startBulkDownload()}
              disabled={starting}
            >
              {translate("gallery.download")}
            </Button>
            <Button onClick={() => selectedItems.clear()}>{translate("gallery.clear")}</Button>
          </Stack>
        </Paper>
      )}

      {downloadId && <BulkDownloadDialog id={downloadId} onClose={closeDownload} />}
    </Stack>
  );
}
