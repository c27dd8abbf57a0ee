/**
 * A list page as the browser last drew it, measured once its first rows were on screen: where the
 * top bar, the menu, the heading and the table stood, in which colours and type, each column's
 * heading, width and how its cells wrote their values; or, for a list of cards (the gallery), where
 * each card stood, its photo, and how its lines wrote their record. A later cold visit of the same
 * address, at the same window width, draws its first rows in this frame before the console's code
 * has run (paint.ts), and the list then draws over exactly the same place.
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
  /** Its text was drawn scaled (a field's label shrunk above it): its box is the scaled one. */
  scale?: number;
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

/** A line of a card's text, where it stood in its card, and how it wrote its record. */
export interface CardLine extends Box {
  source: string;
  look: Look;
  oneLine: boolean;
  rule: CellRule;
}

/** A grid of cards (the gallery): where each card stood, its look, its photo's place and its lines. */
export interface FrameGrid {
  /** The cards the window showed, in the page's order. */
  cards: Box[];
  card: { background: string; border: string; radius: string; shadow: string };
  /** Where a card's photo stood in it, on which ground, and the `sizes` it was chosen by. */
  photo?: Box & { background: string; sizes: string };
  lines: CardLine[];
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
  /** A list's cards, in place of its table. */
  grid?: FrameGrid;
  table?: Box & {
    headerHeight: number;
    /** The lowest row's height: a row whose text wraps grows from it, as the list's did. */
    rowHeight: number;
    border: string;
    header: Look;
    columns: FrameColumn[];
  };
}

/** What marks a list drawn as cards (the gallery's grid), whose children are its records' cards. */
const GRID_ATTRIBUTE = "data-list-grid";
/** What marks a part of the page not drawn early: what the answer may change (the gallery's total). */
const NOT_EARLY_ATTRIBUTE = "data-not-early";

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
  const style = getComputedStyle(element);
  const { color, textTransform, letterSpacing } = style;
  // The shorthand is empty where it cannot say the font (tabular figures: an amount of money).
  const font =
    style.font || `${style.fontStyle} ${style.fontWeight} ${style.fontSize} / ${style.lineHeight} ${style.fontFamily}`;
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

/** The scale an element is drawn at by its transform (a shrunk label: scale(0.75)), when not 1. */
function scaleOf(style: CSSStyleDeclaration): { scale?: number } {
  const scale = style.transform.startsWith("matrix(") ? parseFloat(style.transform.slice(7)) : 1;
  return Number.isFinite(scale) && scale > 0 && scale !== 1 ? { scale } : {};
}

/** What is drawn around `table`, in the page's order (a card before the text on it). */
function piecesAround(root: ParentNode, table: Element, viewportHeight: number): Piece[] {
  const pieces: Piece[] = [];
  const seen = new Set<Element>();
  for (const container of AROUND.flatMap((selector) => [...root.querySelectorAll(selector)])) {
    for (const element of [container, ...container.querySelectorAll("*")]) {
      if (pieces.length >= MAX_PIECES) return pieces;
      if (seen.has(element) || table.contains(element) || element.closest(`svg, [${NOT_EARLY_ATTRIBUTE}]`)) continue;
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
      if (text && visible(text, viewportHeight)) pieces.push({ ...text, look: lookOf(element), ...scaleOf(style) });
    }
  }
  return pieces;
}

/** The text a person sees in an element (a cell's hidden helper text is not read). */
const shownText = (element: Element) => ((element as HTMLElement).innerText ?? element.textContent ?? "").trim();

/** `element` relative to `within`'s box. */
function boxWithin(box: Box, within: Box): Box {
  return { left: box.left - within.left, top: box.top - within.top, width: box.width, height: box.height };
}

/** The child indexes from `root` down to `element`. */
function pathTo(root: Element, element: Element): number[] {
  const path: number[] = [];
  for (let at = element; at !== root && at.parentElement; at = at.parentElement)
    path.unshift([...at.parentElement.children].indexOf(at));
  return path;
}

const atPath = (root: Element, path: number[]): Element | undefined =>
  path.reduce<Element | undefined>((at, index) => at?.children[index], root);

/** The rule that writes every card's line from one of its record's fields (not words learnt for the values seen). */
function lineRule(texts: string[], records: readonly Record<string, unknown>[]): { source: string; rule: CellRule } {
  for (const source of Object.keys(records[0]!)) {
    const rule = learnCellRule(records.map((record, at) => ({ record, value: record[source], text: texts[at]! })));
    if (rule.as !== "blank" && rule.as !== "words") return { source, rule };
  }
  return { source: "", rule: { as: "blank" } };
}

/** The cards drawn in `grid` for `records`, or null when they are not one card per record. */
function measureGrid(grid: Element, records: readonly Record<string, unknown>[], viewportHeight: number) {
  const cards = [...grid.children].filter((child) => child.tagName === "ARTICLE");
  if (cards.length === 0 || cards.length !== records.length) return null;
  const first = cards[0]!;
  const firstBox = boxOf(first);
  const style = getComputedStyle(first);
  const withPhoto = cards.find((card) => card.querySelector("img"));
  const img = withPhoto?.querySelector("img");
  const photoBox = img?.parentElement;
  const lines = [...first.querySelectorAll("*")].flatMap((element): CardLine[] => {
    const text = ownText(element);
    if (!text || element.closest("label, button, input")) return [];
    const path = pathTo(first, element);
    const texts = cards.map((card) => {
      const at = atPath(card, path);
      return at ? (ownText(at)?.text ?? "") : "";
    });
    // The line's whole width (a longer title than the first card's has room up to its end).
    const { left, width } = boxOf(element);
    return [
      {
        ...boxWithin({ left, top: text.top, width, height: text.height }, firstBox),
        ...lineRule(texts, records),
        look: lookOf(element),
        oneLine: getComputedStyle(element).textOverflow === "ellipsis" || text.oneLine,
      },
    ];
  });
  return {
    cards: cards.map(boxOf).filter((box) => visible(box, viewportHeight)),
    card: {
      background: backgroundOf(first),
      border: style.border,
      radius: style.borderRadius,
      shadow: NONE.has(style.boxShadow) ? "" : style.boxShadow,
    },
    photo:
      img && photoBox && withPhoto
        ? {
            ...boxWithin(boxOf(photoBox), boxOf(withPhoto)),
            background: backgroundOf(photoBox),
            sizes: img.sizes,
          }
        : undefined,
    lines,
  } satisfies FrameGrid;
}

/**
 * Measures the list drawn in `root` with its `records` (in the order drawn): its table, or its
 * grid of cards; null when it has no rows to measure (an empty list).
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
  const viewportHeight = window.innerHeight;
  const background = backgroundOf(root.querySelector("main") ?? document.body);
  const gridElement = root.querySelector(`[${GRID_ATTRIBUTE}]`);
  if (gridElement) {
    const grid = measureGrid(gridElement, records, viewportHeight);
    return (
      grid && { path, resource, layout, background, pieces: piecesAround(root, gridElement, viewportHeight), grid }
    );
  }
  const table = root.querySelector(".RaList-content table");
  const rows = table ? [...table.querySelectorAll("tbody tr")] : [];
  const headings = table ? [...table.querySelectorAll("thead th")] : [];
  if (!table || rows.length === 0 || rows.length !== records.length || headings.length === 0) return null;
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
    background,
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
