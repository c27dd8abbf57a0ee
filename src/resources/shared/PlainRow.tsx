import { memo, useCallback, type MouseEvent, type ReactNode } from "react";
import {
  DataTableRow,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableSelectedIdsContext,
  useGetPathForRecordCallback,
  useNavigate,
  useRecordContext,
  useResourceContext,
  useResourceDefinition,
  useTranslate,
  type RaRecord,
  type RaThemeOptions,
} from "react-admin";
import { BODY_CELL, classNames } from "./PlainCell";

/** MUI's CheckBoxOutlineBlank and CheckBox icons. */
const UNTICKED = "M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z";
const TICKED =
  "M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z";

/**
 * A row's "Select this row" box as MUI's Checkbox draws it (the same elements and classes, styled
 * once by the table: theme.ts, RaDataTable), without its five styled layers per row. The click
 * selects as react-admin's does (shift-click selects a range) and never opens the row.
 */
const SelectRowBox = memo(function SelectRowBox({ record, selectable }: { record: RaRecord; selectable: boolean }) {
  const { handleToggleItem } = useDataTableCallbacksContext();
  const selectedIds = useDataTableSelectedIdsContext();
  const translate = useTranslate();
  const ticked = selectable && Boolean(selectedIds?.includes(record.id));
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    if (selectable) handleToggleItem?.(record.id, event);
  };
  const classes = classNames(
    "MuiButtonBase-root MuiCheckbox-root MuiCheckbox-colorPrimary PrivateSwitchBase-root select-item RaDataTable-checkbox",
    ticked && "Mui-checked",
    !selectable && "Mui-disabled",
  );
  return (
    <span className={classes} onClick={toggle}>
      <input
        className="PrivateSwitchBase-input"
        type="checkbox"
        aria-label={translate("ra.action.select_row", { _: "Select this row" })}
        checked={ticked}
        disabled={!selectable}
        // Ticked through the click above, as MUI's is; React asks a controlled box for a handler.
        onChange={() => undefined}
      />
      <svg
        className="MuiSvgIcon-root MuiSvgIcon-fontSizeMedium"
        focusable="false"
        aria-hidden="true"
        viewBox="0 0 24 24"
      >
        <path d={ticked ? TICKED : UNTICKED} />
      </svg>
    </span>
  );
});

/**
 * A list's row as a plain `<tr>` (react-admin's DataTableRow without MUI's TableRow and its
 * checkbox's layers: the rows' share of a list's first render, with PlainCell.tsx). It does what
 * react-admin's row does: a click opens the record as `rowClick` says (a path, a function, or
 * "toggleSelection"), the selection box selects. A table with expandable rows keeps react-admin's.
 */
export const PlainRow = memo(function PlainRow({ className, children }: { className?: string; children?: ReactNode }) {
  const { expand, hasBulkActions = false, hover = true } = useDataTableConfigContext();
  const { handleToggleItem, isRowSelectable, rowClick } = useDataTableCallbacksContext();
  const record = useRecordContext();
  const resource = useResourceContext();
  const { hasShow, hasEdit } = useResourceDefinition();
  const navigate = useNavigate();
  const getPathForRecord = useGetPathForRecordCallback();
  const selectable = !record || !isRowSelectable || isRowSelectable(record);
  const open = useCallback(
    async (event: MouseEvent) => {
      if (!record || !resource) return;
      const link = await (typeof rowClick === "function" ? rowClick(record.id, resource, record) : rowClick);
      if (link === "toggleSelection") {
        event.stopPropagation();
        if (selectable) handleToggleItem?.(record.id, event);
        return;
      }
      const path = await getPathForRecord({ record, resource, link: link as string | false | undefined });
      if (path === false || path == null) return;
      navigate(path, { state: { _scrollToTop: true } });
    },
    [record, resource, rowClick, selectable, handleToggleItem, getPathForRecord, navigate],
  );
  if (expand) return <DataTableRow className={className}>{children}</DataTableRow>;
  if (!record) throw new Error("A list row is drawn for a record (RecordContext)");
  const classes = classNames(
    "MuiTableRow-root",
    hover && "MuiTableRow-hover",
    className,
    selectable && "RaDataTable-selectable",
    Boolean(rowClick ?? (hasShow || hasEdit)) && "RaDataTable-clickableRow",
  );
  return (
    <tr className={classes} onClick={(event) => void open(event)}>
      {hasBulkActions && handleToggleItem && (
        <td className={`${BODY_CELL} MuiTableCell-paddingCheckbox`}>
          <SelectRowBox record={record} selectable={selectable} />
        </td>
      )}
      {children}
    </tr>
  );
});

/** A theme whose lists draw their rows plain (every DataTable's body, react-admin's included). */
export const withPlainRows = (theme: RaThemeOptions): RaThemeOptions => ({
  ...theme,
  components: { ...theme.components, RaDataTableBody: { defaultProps: { row: PlainRow } } },
});
