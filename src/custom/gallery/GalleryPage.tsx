import { useCallback, useSyncExternalStore } from "react";
import { Alert, Box, Button, MenuItem, Pagination, Paper, Skeleton, Stack, TextField, Typography } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import PhotoIcon from "@mui/icons-material/PhotoLibraryOutlined";
import { useSearchParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { useDataProvider, useGetList, useTranslate } from "react-admin";
import type { GalleryFilter, GalleryItem } from "../../api/tests";
import { GALLERY_COLUMNS, GALLERY_COLUMNS_SMALL } from "../../config";
import type { ConsoleDataProvider } from "../../dataProvider";
import { useSelectedItems } from "../../authProvider/selectedItems";
import { BulkDownloadDialog } from "./BulkDownloadDialog";
import { GalleryCard } from "./GalleryCard";
import { GalleryFilters } from "./GalleryFilters";
import { useStartBulkDownload } from "./useStartBulkDownload";
import {
  PAGE_SIZES,
  pageCount,
  parseGalleryQuery,
  toGallerySearch,
  withFilter,
  galleryEmptyReason,
  type GalleryEmptyReason,
  type GalleryQuery,
} from "./galleryQuery";

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

/** What an empty gallery page says: nothing yet (what the page is for), or why this page is empty. */
function GalleryEmpty({ reason }: { reason: GalleryEmptyReason }) {
  const translate = useTranslate();
  if (reason !== "none")
    return (
      <Typography color="text.secondary">
        {translate(reason === "filtered" ? "gallery.empty" : "gallery.pastLastPage")}
      </Typography>
    );
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

/** The gallery (spec §2, §9): test cards, 6 columns (2 on small screens), 10 a page, filters, bulk download. */
export default function GalleryPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [search, setSearch] = useSearchParams();
  const query = parseGalleryQuery(search);
  const selectedItems = useSelectedItems();
  const selected = useSyncExternalStore(selectedItems.subscribe, selectedItems.get);
  const { start: startBulkDownload, starting, downloadId, closeDownload } = useStartBulkDownload();

  const navigateTo = useCallback((next: GalleryQuery) => setSearch(toGallerySearch(next)), [setSearch]);
  const onFilter = useCallback((filter: GalleryFilter) => navigateTo(withFilter(query, filter)), [navigateTo, query]);

  const { data, total, isPending, error } = useGetList<GalleryItem>(
    "tests",
    {
      pagination: { page: query.page, perPage: query.pageSize },
      sort: { field: "date", order: "DESC" },
      filter: query.filter,
    },
    { placeholderData: (previous) => previous },
  );
  const facets = useQuery({
    queryKey: ["gallery-facets"],
    queryFn: () => dataProvider.getGalleryFacets(),
    staleTime: 60_000,
  });

  const pageIds = (data ?? []).map((item) => item.id);
  const wholePageSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Stack direction="row" alignItems="baseline" spacing={2}>
        <Typography variant="h4" component="h1">
          {translate("screens.gallery")}
        </Typography>
        {total !== undefined && (
          <Typography color="text.secondary" data-testid="gallery-total">
            {translate("gallery.total", { smart_count: total })}
          </Typography>
        )}
      </Stack>

      <GalleryFilters filter={query.filter} accounts={facets.data?.accounts ?? []} onChange={onFilter} />

      {error && <Alert severity="error">{error.message || translate("gallery.loadFailed")}</Alert>}

      <Box sx={gridSx} aria-busy={isPending} data-testid="gallery-grid">
        {isPending &&
          Array.from({ length: query.pageSize }, (_, index) => (
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
      {!isPending && data?.length === 0 && <GalleryEmpty reason={galleryEmptyReason(query, total ?? 0)} />}

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
          {translate(wholePageSelected ? "gallery.clear" : "gallery.selectPage")}
        </Button>
        <Pagination
          count={pageCount(total ?? 0, query.pageSize)}
          page={query.page}
          onChange={(_, page) => navigateTo({ ...query, page })}
          color="primary"
          shape="rounded"
        />
        <TextField
          fullWidth={false}
          select
          size="small"
          label={translate("gallery.pageSize")}
          value={query.pageSize}
          onChange={(event) => navigateTo({ ...query, page: 1, pageSize: Number(event.target.value) })}
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
