/**
 * How a list's cell writes its value, learnt from the rows the list last drew (frame.ts), so that
 * the early rows (paint.ts) write a fresh answer's values the same way without the list's code:
 * as it is, as a number, as §9's day or date and time, or in the words the list used for it (a
 * status, a yes or no, a country). A value the list never showed in its own words is left blank
 * until the list draws it.
 */
import { formatDate, formatDateTime } from "../../format";

export type CellRule =
  | { as: "text" | "number" | "day" | "dateTime"; none?: string }
  | { as: "words"; words: Record<string, string>; none?: string }
  | { as: "blank" };

/** A column of more distinct values than this is no set of words (names, emails): never learnt. */
const MAX_WORDS = 12;

const WRITERS = {
  text: (value) => String(value),
  number: (value) => (typeof value === "number" ? value.toLocaleString() : null),
  day: (value) => (typeof value === "string" ? safely(() => formatDate(value)) : null),
  dateTime: (value) => (typeof value === "string" ? safely(() => formatDateTime(value)) : null),
} satisfies Record<string, (value: unknown) => string | null>;

function safely(write: () => string): string | null {
  try {
    return write();
  } catch {
    return null;
  }
}

const isNone = (value: unknown) => value === null || value === undefined || value === "";

/** The rule that writes every `value` of the drawn rows as its cell's `text`, or "blank". */
export function learnCellRule(cells: readonly { value: unknown; text: string }[]): CellRule {
  const noneTexts = new Set(cells.filter((cell) => isNone(cell.value)).map((cell) => cell.text));
  const none = noneTexts.size === 1 ? [...noneTexts][0] : undefined;
  const shown = cells.filter((cell) => !isNone(cell.value));
  if (noneTexts.size > 1 || shown.length === 0)
    return none === undefined ? { as: "blank" } : { as: "words", words: {}, none };
  for (const as of ["text", "number", "day", "dateTime"] as const) {
    if (shown.every((cell) => WRITERS[as](cell.value) === cell.text)) return { as, none };
  }
  const words: Record<string, string> = {};
  for (const { value, text } of shown) {
    const key = JSON.stringify(value);
    if (words[key] !== undefined && words[key] !== text) return { as: "blank" };
    words[key] = text;
  }
  return Object.keys(words).length <= MAX_WORDS ? { as: "words", words, none } : { as: "blank" };
}

/** A value's text by its column's rule ("" when the rule does not know it). */
export function cellText(rule: CellRule, value: unknown): string {
  if (rule.as === "blank") return "";
  if (isNone(value)) return rule.none ?? "";
  if (rule.as === "words") return rule.words[JSON.stringify(value)] ?? "";
  return WRITERS[rule.as](value) ?? "";
}
