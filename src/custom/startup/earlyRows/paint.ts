/**
 * Draws a list's first rows in the frame its page was last drawn in (frame.ts), with plain DOM,
 * over the page until the list itself has drawn them (index.ts removes it). Nothing here is
 * interactive: it is what the page will look like, not the page, and is hidden from assistive
 * technology, which gets the list itself.
 */
import { cellText } from "./cellText";
import type { Box, Frame } from "./frame";

export const EARLY_ROWS_ID = "early-rows";

function place(element: HTMLElement, { left, top, width, height }: Box) {
  Object.assign(element.style, {
    position: "absolute",
    left: `${left}px`,
    top: `${top}px`,
    width: `${width}px`,
    height: `${height}px`,
    boxSizing: "border-box",
  });
}

const ONE_LINE = { overflow: "hidden", whiteSpace: "nowrap", textOverflow: "ellipsis" };

function cell(document: Document, tag: "td" | "th", text: string, className: string) {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
}

/** The frame with `records`' first rows (as many as the window shows), ready to put over the page. */
export function drawEarlyRows(
  document: Document,
  frame: Frame,
  records: readonly Record<string, unknown>[],
): HTMLElement {
  const overlay = document.createElement("div");
  overlay.id = EARLY_ROWS_ID;
  overlay.setAttribute("aria-hidden", "true");
  Object.assign(overlay.style, {
    position: "fixed",
    inset: "0",
    zIndex: "1500",
    background: frame.background,
    overflow: "hidden",
  });
  for (const piece of frame.pieces) {
    const element = document.createElement("div");
    place(element, piece);
    Object.assign(element.style, {
      background: piece.background ?? "",
      border: piece.border ?? "",
      borderRadius: piece.radius ?? "",
      boxShadow: piece.shadow ?? "",
    });
    if (piece.text !== undefined && piece.look) {
      Object.assign(element.style, piece.look, piece.oneLine ? { ...ONE_LINE, lineHeight: `${piece.height}px` } : {});
      element.textContent = piece.text;
    }
    overlay.append(element);
  }
  const { table: shape } = frame;
  const table = document.createElement("table");
  place(table, { ...shape, height: 0 });
  Object.assign(table.style, { height: "auto", tableLayout: "fixed", borderCollapse: "collapse" });
  const columns = document.createElement("colgroup");
  const head = document.createElement("tr");
  head.style.height = `${shape.headerHeight}px`;
  for (const column of shape.columns) {
    const col = document.createElement("col");
    col.style.width = `${column.width}px`;
    columns.append(col);
    const heading = cell(document, "th", column.label, `column-${column.source}`);
    Object.assign(heading.style, shape.header, {
      textAlign: column.align,
      padding: column.padding,
      borderBottom: shape.border,
      ...ONE_LINE,
    });
    head.append(heading);
  }
  const body = document.createElement("tbody");
  const rowsShown = Math.max(0, Math.ceil((window.innerHeight - shape.top - shape.headerHeight) / shape.rowHeight));
  for (const record of records.slice(0, rowsShown)) {
    const row = document.createElement("tr");
    row.style.height = `${shape.rowHeight}px`;
    for (const column of shape.columns) {
      const td = cell(document, "td", cellText(column.rule, record, record[column.source]), `column-${column.source}`);
      Object.assign(td.style, column.look, {
        textAlign: column.align,
        padding: column.padding,
        paddingLeft: `${column.textLeft}px`,
        borderBottom: shape.border,
        ...(column.oneLine ? ONE_LINE : { overflow: "hidden" }),
      });
      row.append(td);
    }
    body.append(row);
  }
  const thead = document.createElement("thead");
  thead.append(head);
  table.append(columns, thead, body);
  overlay.append(table);
  return overlay;
}
