/**
 * Draws a list's first rows (or cards) in the frame its page was last drawn in (frame.ts), with
 * plain DOM, over the page until the list itself has drawn them (index.ts removes it). Nothing here is
 * interactive: it is what the page will look like, not the page, and is hidden from assistive
 * technology, which gets the list itself.
 */
import { cellText } from "./cellText";
import type { Box, Frame, FrameGrid, Look } from "./frame";
import { photoSources, type ThumbnailLink } from "../../photos/photoSources";
import { EARLY_ROWS_ID } from "./store";

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

/** `text` in `look`: on one line `height` high, cut at its end, or wrapping as it did. */
function write(element: HTMLElement, text: string, look: Look, oneLine: boolean | undefined, height: number) {
  Object.assign(element.style, look, oneLine ? { ...ONE_LINE, lineHeight: `${height}px` } : {});
  element.textContent = text;
}

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
    // Drawn at the scale it was (zoom scales the box too, so the box is given unscaled).
    const scale = piece.scale ?? 1;
    place(element, {
      left: piece.left / scale,
      top: piece.top / scale,
      width: piece.width / scale,
      height: piece.height / scale,
    });
    if (scale !== 1) element.style.zoom = String(scale);
    Object.assign(element.style, {
      background: piece.background ?? "",
      border: piece.border ?? "",
      borderRadius: piece.radius ?? "",
      boxShadow: piece.shadow ?? "",
    });
    if (piece.text !== undefined && piece.look)
      write(element, piece.text, piece.look, piece.oneLine, piece.height / scale);
    overlay.append(element);
  }
  if (frame.grid) overlay.append(...drawCards(document, frame.grid, records));
  if (frame.table) overlay.append(drawTable(document, frame.table, records));
  return overlay;
}

/** The cards the window shows, each with its photo (its thumbnails, as the card picks them) and its lines. */
function drawCards(document: Document, grid: FrameGrid, records: readonly Record<string, unknown>[]): HTMLElement[] {
  return grid.cards.slice(0, records.length).map((box, at) => {
    const record = records[at]!;
    const card = document.createElement("div");
    card.className = "early-card";
    place(card, box);
    Object.assign(card.style, {
      background: grid.card.background,
      border: grid.card.border,
      borderRadius: grid.card.radius,
      boxShadow: grid.card.shadow,
      overflow: "hidden",
    });
    if (grid.photo) {
      const link = typeof record.thumbnail === "string" ? record.thumbnail : null;
      const photo = document.createElement(link ? "img" : "div");
      place(photo, grid.photo);
      Object.assign(photo.style, { background: grid.photo.background, objectFit: "cover", display: "block" });
      if (link) {
        const sources = photoSources(link, record.thumbnails as ThumbnailLink[] | undefined, grid.photo.sizes);
        Object.assign(photo, { alt: "", src: sources.src });
        if (sources.srcSet) Object.assign(photo, { srcset: sources.srcSet, sizes: sources.sizes });
      }
      card.append(photo);
    }
    for (const line of grid.lines) {
      const text = document.createElement("div");
      text.className = "early-line";
      place(text, line);
      write(text, cellText(line.rule, record, record[line.source]), line.look, line.oneLine, line.height);
      card.append(text);
    }
    return card;
  });
}

/** The table's heading and the rows the window shows. */
function drawTable(
  document: Document,
  shape: NonNullable<Frame["table"]>,
  records: readonly Record<string, unknown>[],
): HTMLElement {
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
  return table;
}
