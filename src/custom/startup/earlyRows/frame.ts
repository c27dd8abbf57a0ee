/**
 * A list page as the browser last drew it, measured once its first rows were on screen: where the
 * top bar, the menu, the heading and the table stood, in which colours and type, each column's
 * heading, width and how its cells wrote their values. A later cold visit of the same address, at
 * the same window width, draws its first rows in this frame before the console's code has run
 * (paint.ts), and the list then draws over exactly the same place.
 */
import { learnCellRule, type CellRule } from "./cellText";

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Look {
  font: string;
  color: string;
  textTransform: string;
  letterSpacing: string;
}

/**
 * A part of the page as drawn around the table: a coloured shape (the top bar, a card, a button)
 * or a line of text where it stood.
 */
export interface Piece extends Box {
  /** Its text is on one line (else it wraps in its width, as it did). */
  oneLine?: boolean;
  background?: string;
  border?: string;
  radius?: string;
  shadow?: string;
  text?: string;
  look?: Look;
}

export interface FrameColumn {
  source: string;
  width: number;
  label: string;
  align: string;
  padding: string;
  /** The list cuts its text at the cell's end (…) rather than wrapping it. */
  oneLine: boolean;
  /** Where its text starts past the cell's left edge: its padding, and a bookmark star before a name. */
  textLeft: number;
  /** The type and colour of its text (a link's). */
  look: Look;
  rule: CellRule;
}

export interface Frame {
  path: string;
  resource: string;
  /**
   * How the page was laid out when measured (store.ts layoutNow: the window's width, the menu open
   * or folded): laid out otherwise, the page's parts stand elsewhere.
   */
  layout: string;
  background: string;
  pieces: Piece[];
  table: Box & {
    headerHeight: number;
    /** The lowest row's height: a row whose text wraps grows from it, as the list's did. */
    rowHeight: number;
    border: string;
    header: Look;
    columns: FrameColumn[];
  };
}

/** The parts of the page drawn early besides the table: the top bar, the menu, the page's heading, filters and buttons. */
const AROUND = ["header.MuiAppBar-root", ".RaSidebar-fixed", "main"];
const MAX_PIECES = 300;
const NONE = new Set(["", "none", "transparent", "rgba(0, 0, 0, 0)"]);

function boxOf(element: Element): Box {
  const { left, top, width, height } = element.getBoundingClientRect();
  return { left, top, width, height };
}

/** On screen, and not a visually hidden words-for-screen-readers element (1 px). */
const visible = (box: Box, viewportHeight: number) => box.width > 1 && box.height > 1 && box.top < viewportHeight;

function lookOf(element: Element): Look {
  const { font, color, textTransform, letterSpacing } = getComputedStyle(element);
  return { font, color, textTransform, letterSpacing };
}

/** Whether `text` sits on a colour of its own inside `cell` (a chip): drawn early without it, it takes the cell's look. */
function onColour(text: Text, cell: Element): boolean {
  for (let at = text.parentElement; at && at !== cell; at = at.parentElement) {
    if (!NONE.has(getComputedStyle(at).backgroundColor)) return true;
  }
  return false;
}

/** The texts a person sees in `element`, in order (not a visually hidden one for screen readers). */
function shownTexts(element: Element): Text[] {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (node.textContent!.trim() && parent && visible(boxOf(parent), Infinity)) texts.push(node as Text);
  }
  return texts;
}

/** The element's own background, or the first one drawn behind it. */
function backgroundOf(element: Element | null): string {
  for (let at = element; at; at = at.parentElement) {
    const background = getComputedStyle(at).backgroundColor;
    if (!NONE.has(background)) return background;
  }
  return "rgb(255, 255, 255)";
}

/** Its own text (not its children's), where it stands on the page, and whether it is one line. */
function ownText(element: Element): (Box & { text: string; oneLine: boolean }) | null {
  const texts = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
  if (texts.length === 0) return null;
  const range = document.createRange();
  range.setStartBefore(texts[0]!);
  range.setEndAfter(texts[texts.length - 1]!);
  const { left, top, width, height } = range.getBoundingClientRect();
  const text = texts.map((node) => node.textContent!.trim()).join(" ");
  return { left, top, width: width + 1, height, text, oneLine: range.getClientRects().length <= 1 };
}

/** What is drawn around `table`, in the page's order (a card before the text on it). */
function piecesAround(root: ParentNode, table: Element, viewportHeight: number): Piece[] {
  const pieces: Piece[] = [];
  const seen = new Set<Element>();
  for (const container of AROUND.flatMap((selector) => [...root.querySelectorAll(selector)])) {
    for (const element of [container, ...container.querySelectorAll("*")]) {
      if (pieces.length >= MAX_PIECES) return pieces;
      if (seen.has(element) || table.contains(element) || element.closest("svg")) continue;
      seen.add(element);
      const box = boxOf(element);
      if (!visible(box, viewportHeight)) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.opacity === "0") continue;
      const shape: Partial<Piece> = {};
      if (!NONE.has(style.backgroundColor)) shape.background = style.backgroundColor;
      if (style.borderStyle !== "none" && style.border && !style.border.startsWith("0px")) shape.border = style.border;
      if (!NONE.has(style.boxShadow)) shape.shadow = style.boxShadow;
      if (Object.keys(shape).length > 0) pieces.push({ ...box, ...shape, radius: style.borderRadius });
      const text = ownText(element);
      if (text && visible(text, viewportHeight)) pieces.push({ ...text, look: lookOf(element) });
    }
  }
  return pieces;
}

/** The text a person sees in an element (a cell's hidden helper text is not read). */
const shownText = (element: Element) => ((element as HTMLElement).innerText ?? element.textContent ?? "").trim();

/**
 * Measures the list drawn in `root` with its `records` (in the order drawn), or null when it has
 * no table with rows to measure (a gallery, an empty list).
 */
export function measureFrame(
  root: ParentNode,
  {
    path,
    resource,
    records,
    layout,
  }: { path: string; resource: string; records: readonly Record<string, unknown>[]; layout: string },
): Frame | null {
  const table = root.querySelector(".RaList-content table");
  const rows = table ? [...table.querySelectorAll("tbody tr")] : [];
  const headings = table ? [...table.querySelectorAll("thead th")] : [];
  if (!table || rows.length === 0 || rows.length !== records.length || headings.length === 0) return null;
  const viewportHeight = window.innerHeight;
  const columns: FrameColumn[] = headings.map((heading, index) => {
    const firstCell = rows[0]!.children[index]!;
    const source = /(?:^|\s)column-(\S+)/.exec(heading.className)?.[1] ?? "";
    const style = getComputedStyle(firstCell);
    const texts = rows.map((row) => shownTexts(row.children[index]!));
    // Which of the cell's texts (an avatar's initials, then a name) every row writes in a way learnt.
    const learnt = Array.from({ length: Math.max(0, ...texts.map((cell) => cell.length)) }, (_, at) =>
      learnCellRule(
        rows.map((_row, row) => ({
          record: records[row]!,
          value: records[row]![source],
          text: texts[row]![at]?.textContent!.trim() ?? "",
        })),
      ),
    );
    // A rule that writes any record (a field, a template) before words learnt for the values seen.
    const writesAny = learnt.findIndex((rule) => rule.as !== "blank" && rule.as !== "words");
    const at = !source ? -1 : writesAny >= 0 ? writesAny : learnt.findIndex((rule) => rule.as === "words");
    const text = at >= 0 ? texts[0]![at] : undefined;
    const range = document.createRange();
    if (text) range.selectNodeContents(text);
    return {
      source,
      width: heading.getBoundingClientRect().width,
      label: shownText(heading),
      align: style.textAlign,
      padding: style.padding,
      textLeft:
        text && style.textAlign !== "right"
          ? range.getBoundingClientRect().left - firstCell.getBoundingClientRect().left
          : parseFloat(style.paddingLeft),
      look: lookOf(text && !onColour(text, firstCell) ? text.parentElement! : firstCell),
      oneLine: [...firstCell.querySelectorAll("*")].some(
        (inner) => getComputedStyle(inner).textOverflow === "ellipsis",
      ),
      rule: at >= 0 ? learnt[at]! : { as: "blank" },
    };
  });
  const firstCell = rows[0]!.children[0]!;
  return {
    path,
    resource,
    layout,
    background: backgroundOf(root.querySelector("main") ?? document.body),
    pieces: piecesAround(root, table, viewportHeight),
    table: {
      ...boxOf(table),
      headerHeight: table.querySelector("thead")!.getBoundingClientRect().height,
      rowHeight: Math.min(...rows.map((row) => row.getBoundingClientRect().height)),
      border: getComputedStyle(firstCell).borderBottom,
      header: lookOf(headings[0]!),
      columns,
    },
  };
}
