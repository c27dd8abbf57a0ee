import type { TablePaginationProps } from "@mui/material";
import { Pagination, type PaginationProps, useListPaginationContext, useTranslate } from "react-admin";
import { LIST_EXACT_TOTAL } from "../../api/rules";

/**
 * A list's pagination. The service counts a list's rows up to `countedUpTo` past the page: past
 * that the total is unknown (Content-Range "…/*"; a hundred thousand rows are not counted for each
 * page), react-admin keeps Next on, and the range says "of more than 10,000".
 */
export function ListPagination({ countedUpTo = LIST_EXACT_TOTAL }: { countedUpTo?: number }) {
  const translate = useTranslate();
  const { total } = useListPaginationContext();
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
  return <Pagination {...((total == null ? uncounted : {}) as PaginationProps)} />;
}
