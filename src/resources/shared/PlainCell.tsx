import { createElement } from "react";
import {
  DataTable,
  useDataTableRenderContext,
  useDataTableStoreContext,
  useRecordContext,
  useStore,
  type DataTableColumnProps,
} from "react-admin";

/**
 * The classes MUI gives a body cell of a small table, kept on the plain cells (and PlainRow's
 * checkbox cell) so that what reads or styles a cell (the table's own rules, the phone's column
 * rules, tests, journeys) finds it as before.
 */
export const BODY_CELL = "MuiTableCell-root MuiTableCell-body MuiTableCell-sizeSmall";

/** An element's classes: those given, without the conditions that were false. */
export const classNames = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

/**
 * A list's body cell as a plain `<td>`, styled once by the table (theme.ts, RaDataTable) rather than
 * by emotion for each cell: a page of 25 rows drew ~200 MUI TableCells, each two styled layers
 * computed and inserted on the first render, a large part of a list's blocking time
 * (bench/PERFORMANCE.md). What react-admin's cell does is kept: a hidden column (the column chooser)
 * draws nothing; the cell shows its render, its field or its value. A column with more than that
 * (its own `sx`, `cellSx`, children) keeps react-admin's cell, which knows how to draw it.
 */
function PlainBodyCell<R extends Record<string, unknown>>({
  source,
  label,
  render,
  field,
  align,
  className,
  cellClassName,
}: DataTableColumnProps<R>) {
  const { storeKey, defaultHiddenColumns } = useDataTableStoreContext();
  const [hiddenColumns] = useStore<string[]>(storeKey, defaultHiddenColumns);
  const record = useRecordContext<R>();
  if (hiddenColumns.includes(source ?? (label as string))) return null;
  // A source may be a path ("card.name"), as react-admin reads it.
  const value = source
    ?.split(".")
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], record);
  const classes = classNames(
    BODY_CELL,
    "RaDataTable-rowCell",
    align === "right" && "MuiTableCell-alignRight",
    className,
    cellClassName,
    `column-${source}`,
  );
  return (
    <td className={classes}>
      {render
        ? record && render(record)
        : field
          ? createElement(field, { source })
          : value != null
            ? String(value)
            : null}
    </td>
  );
}

/** What a plain cell knows how to draw; a column given anything else keeps react-admin's cell. */
const DRAWN_PLAIN = new Set([
  "source",
  "label",
  "render",
  "field",
  "align",
  "className",
  "cellClassName",
  "headerClassName",
  "disableSort",
  "sortByOrder",
]);
const drawnPlain = (props: object) =>
  Object.entries(props).every(([name, value]) => DRAWN_PLAIN.has(name) || value === undefined);

/** react-admin's DataTable column, whose body cells are plain (PlainBodyCell). */
export function PlainColumn<R extends Record<string, unknown>>(props: DataTableColumnProps<R>) {
  const context = useDataTableRenderContext();
  if (context === "data" && drawnPlain(props)) return <PlainBodyCell {...props} />;
  return <DataTable.Col<R> {...props} />;
}
