import { useEffect, useRef, type RefObject } from "react";
import { Box, type TablePaginationProps } from "@mui/material";
import { Pagination, type PaginationProps, useListContext, useListPaginationContext, useTranslate } from "react-admin";
import { LIST_EXACT_TOTAL } from "../../api/rules";

/**
 * A page turned with the focus on the pager (by keyboard, or a click on its button): react-admin
 * scrolls the new page to its top, and the focus stayed on the pager far below, off the screen
 * (outside review). It moves to the list's table, where the new rows start (focusable by script
 * only).
 */
function useFocusTableOnPageTurn(pager: RefObject<HTMLElement | null>, page: number): void {
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    if (!pager.current?.contains(document.activeElement)) return;
    const table = pager.current.closest(".RaList-main")?.querySelector<HTMLElement>("table");
    if (!table) return;
    table.tabIndex = -1;
    table.focus({ preventScroll: true });
  }, [page, pager]);
}

/**
 * A list's pagination. The service counts a list's rows up to `countedUpTo` past the page: past
 * that the total is unknown (Content-Range "…/*"; a hundred thousand rows are not counted for each
 * page), react-admin keeps Next on, and the range says "of more than 10,000". A list that could not
 * be read has no pager.
 */
export function ListPagination({ countedUpTo = LIST_EXACT_TOTAL }: { countedUpTo?: number }) {
  const translate = useTranslate();
  const { total, page } = useListPaginationContext();
  const { error } = useListContext();
  const pager = useRef<HTMLDivElement>(null);
  useFocusTableOnPageTurn(pager, page);
  // A list that could not be read has no total either: it has no rows to page through, not more
  // than can be counted.
  if (error && total == null) return null;
  // react-admin hands the rest of its props to MUI's TablePagination, this label included, though
  // its PaginationProps type names only the root's.
  const uncounted: Pick<TablePaginationProps, "labelDisplayedRows"> = {
    labelDisplayedRows: ({ from, to }: { from: number; to: number }) =>
      translate("resources.shared.pageRangeMore", {
        from,
        to,
        more: Math.max(countedUpTo, to).toLocaleString("en"),
      }),
  };
  return (
    <Box ref={pager} sx={{ display: "contents" }}>
      <Pagination {...((total == null ? uncounted : {}) as PaginationProps)} />
    </Box>
  );
}
