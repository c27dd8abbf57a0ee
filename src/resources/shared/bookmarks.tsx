import { createContext, useContext, type ReactNode } from "react";
import { IconButton, Tooltip } from "@mui/material";
import StarIcon from "@mui/icons-material/Star";
import StarBorderIcon from "@mui/icons-material/StarBorder";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Button,
  useCanAccess,
  useDataProvider,
  useListContext,
  useNotify,
  useTranslate,
  useUnselectAll,
} from "react-admin";
import { isResourceName, type BookmarkList, type BookmarkListUpdate, type ResourceName } from "../../api/resources";
import type { ConsoleDataProvider } from "../../dataProvider";
import { errorMessage } from "../../custom/errorMessage";

const BOOKMARKS_KEY = ["bookmarks"];

/** The caller's bookmarks, kept on the service (GET/PUT /api/bookmarks); super admins only. */
export function useBookmarks() {
  const { canAccess: enabled = false } = useCanAccess({ resource: "accounts", action: "bookmark" });
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  // One answer for every star on the page: the list changes only through this hook (setQueryData).
  const { data } = useQuery({
    queryKey: BOOKMARKS_KEY,
    queryFn: () => dataProvider.getBookmarks(),
    enabled,
    staleTime: Infinity,
  });
  const items = data?.items ?? [];

  const save = useMutation({
    mutationFn: (next: BookmarkListUpdate["items"]) => dataProvider.setBookmarks({ items: next }),
    onSuccess: (list: BookmarkList) => {
      queryClient.setQueryData(BOOKMARKS_KEY, list);
      // The accounts list filters by `bookmarked` on the service: refetch it.
      void queryClient.invalidateQueries({ queryKey: ["accounts"] });
    },
    onError: (error) => notify(errorMessage(error, translate("app.errors.generic")), { type: "error" }),
  });

  const isBookmarked = (resource: ResourceName, recordId: string) =>
    items.some((item) => item.resource === resource && item.recordId === recordId);
  const current = () => items.map(({ resource, recordId }) => ({ resource, recordId }));

  const toggle = (resource: ResourceName, recordId: string) => {
    const on = isBookmarked(resource, recordId);
    const next = on
      ? current().filter((item) => !(item.resource === resource && item.recordId === recordId))
      : [...current(), { resource, recordId }];
    save.mutate(next, {
      onSuccess: () => notify(on ? "resources.shared.bookmarks.removed" : "resources.shared.bookmarks.added"),
    });
  };

  const addMany = (resource: ResourceName, recordIds: string[]) => {
    const next = current();
    for (const recordId of recordIds) if (!isBookmarked(resource, recordId)) next.push({ resource, recordId });
    save.mutate(next, { onSuccess: () => notify("resources.shared.bookmarks.added") });
  };

  return { enabled, isBookmarked, toggle, addMany, saving: save.isPending };
}

type Bookmarks = ReturnType<typeof useBookmarks>;

const BookmarksContext = createContext<Bookmarks | null>(null);

/**
 * The caller's bookmarks for the stars below it: asked once for a page of rows, not once per row
 * (each star used to hold its own access check, query and mutation: 25 of each on a list page).
 */
export function BookmarksProvider({ children }: { children: ReactNode }) {
  return <BookmarksContext.Provider value={useBookmarks()}>{children}</BookmarksContext.Provider>;
}

/** The bookmarks of the BookmarksProvider above `part`. */
function useBookmarksAbove(part: string): Bookmarks {
  const bookmarks = useContext(BookmarksContext);
  if (!bookmarks) throw new Error(`${part} is drawn inside a BookmarksProvider`);
  return bookmarks;
}

/** The star on a record: bookmark it or not. Inside a BookmarksProvider. */
export function BookmarkToggle({ resource, recordId }: { resource: ResourceName; recordId: string }) {
  const translate = useTranslate();
  const bookmarks = useBookmarksAbove("BookmarkToggle");
  if (!bookmarks.enabled) return null;
  const on = bookmarks.isBookmarked(resource, recordId);
  const label = translate(on ? "resources.shared.bookmarks.remove" : "resources.shared.bookmarks.add");
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        aria-pressed={on}
        disabled={bookmarks.saving}
        onClick={(event) => {
          event.stopPropagation();
          bookmarks.toggle(resource, recordId);
        }}
        size="small"
        sx={{ color: on ? "warning.main" : "action.active" }}
      >
        {on ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}

/** Bulk action: bookmark the selected rows. */
export function BulkBookmarkButton() {
  const { resource, selectedIds } = useListContext();
  const bookmarks = useBookmarksAbove("BulkBookmarkButton");
  const unselectAll = useUnselectAll(resource);
  if (!bookmarks.enabled || !isResourceName(resource)) return null;
  return (
    <Button
      label="resources.shared.bookmarks.bulk"
      onClick={() => {
        bookmarks.addMany(resource, selectedIds.map(String));
        unselectAll();
      }}
    >
      <StarBorderIcon />
    </Button>
  );
}
