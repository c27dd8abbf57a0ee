/**
 * How a list's cell writes its record, learnt from the rows the list last drew (frame.ts), so that
 * the early rows (paint.ts) write a fresh answer's records the same way without the list's code:
 * the column's value as it is, as a number, as §9's day or date and time, in the words the list
 * used for it (a status, a yes or no, a country), as an amount of money in the currency its record
 * names, or the record's fields put together as every row put them ("{firstName} {lastName}",
 * "{phoneBrand} {phoneModel}"). What the list never wrote that way is left blank until the list
 * draws it.
 */
import { formatDate, formatDateTime } from "../../format";
import { formatMoney } from "../../../resources/shared/money";

type Row = Record<string, unknown>;

export type CellRule =
  | { as: "text" | "number" | "day" | "dateTime"; none?: string }
  | { as: "words"; words: Record<string, string>; none?: string }
  | { as: "money"; currencyField: string; none?: string }
  | { as: "fields"; template: string }
  | { as: "blank" };

/** One drawn cell: its record, its column's value, the text the list wrote. */
export interface DrawnCell {
  record: Row;
  value: unknown;
  text: string;
}

/** A column of more distinct values than this is no set of words (names, emails): never learnt. */
const MAX_WORDS = 12;
/** A field's value is looked for in a cell's text from this length on (a one-letter value is anywhere). */
const SHORTEST_FIELD = 2;

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

const CURRENCY_CODE = /^[A-Z]{3}$/;

/** The record's field that names the currency of every shown amount (minor units, as formatMoney writes them). */
function currencyFieldOf(shown: readonly DrawnCell[]): string | undefined {
  return Object.keys(shown[0]!.record).find((field) =>
    shown.every(({ record, value, text }) => {
      const currency = record[field];
      return (
        typeof value === "number" &&
        typeof currency === "string" &&
        CURRENCY_CODE.test(currency) &&
        formatMoney(value, currency) === text
      );
    }),
  );
}

/** The record's text fields and those of the records it holds (a test's `device.name`), by name. */
function textFields(record: Row, prefix = ""): [string, string][] {
  return Object.entries(record).flatMap(([name, value]): [string, string][] => {
    if (typeof value === "string") return [[`${prefix}${name}`, value]];
    if (!prefix && value && typeof value === "object" && !Array.isArray(value))
      return textFields(value as Row, `${name}.`);
    return [];
  });
}

/** A field's value by its name in a template ("device.name": the held record's). */
const valueAt = (record: Row, name: string): unknown =>
  name.split(".").reduce<unknown>((at, part) => (at && typeof at === "object" ? (at as Row)[part] : undefined), record);

/** `text` with each of the record's text fields found in it written as {field}, the longest first. */
function templateOf({ record, text }: DrawnCell): string {
  const fields = textFields(record)
    .filter(([, value]) => value.length >= SHORTEST_FIELD)
    .sort(([, a], [, b]) => b.length - a.length);
  let template = text;
  for (const [name, value] of fields) template = template.split(value).join(`{${name}}`);
  return template;
}

/**
 * A template of fields and what only separates them ("{firstName} {lastName}", "{device.name} ·
 * {device.model}"): words left in it were no field, and may differ for another record (a device
 * type's name).
 */
const FIELDS_ONLY = /^(?:\{[\w.]+\}|[\s·,;:/|()–—-])+$/;

/** The record's fields put in `template`, or "" when one of them is empty. */
function fillTemplate(template: string, record: Row): string {
  let empty = false;
  const text = template.replace(/\{([\w.]+)\}/g, (_whole, name: string) => {
    const value = valueAt(record, name);
    if (isNone(value)) empty = true;
    return String(value ?? "");
  });
  return empty ? "" : text;
}

/** The rule that writes every drawn cell's record as its `text`, or "blank". */
export function learnCellRule(cells: readonly DrawnCell[]): CellRule {
  const noneTexts = new Set(cells.filter((cell) => isNone(cell.value)).map((cell) => cell.text));
  const none = noneTexts.size === 1 ? [...noneTexts][0] : undefined;
  const shown = cells.filter((cell) => !isNone(cell.value));
  if (noneTexts.size > 1 || shown.length === 0) {
    return none === undefined ? { as: "blank" } : { as: "words", words: {}, none };
  }
  for (const as of ["text", "number", "day", "dateTime"] as const) {
    if (shown.every((cell) => WRITERS[as](cell.value) === cell.text)) return { as, none };
  }
  const currencyField = currencyFieldOf(shown);
  if (currencyField) return { as: "money", currencyField, none };
  const templates = new Set(shown.map(templateOf));
  const [template] = templates;
  if (templates.size === 1 && /\{[\w.]+\}/.test(template!) && FIELDS_ONLY.test(template!) && shown.length > 1)
    return { as: "fields", template: template! };
  const words: Record<string, string> = {};
  for (const { value, text } of shown) {
    const key = JSON.stringify(value);
    if (words[key] !== undefined && words[key] !== text) return { as: "blank" };
    words[key] = text;
  }
  return Object.keys(words).length <= MAX_WORDS ? { as: "words", words, none } : { as: "blank" };
}

/** A record's text in a column (`value`, its column's value) by the column's rule ("" when the rule does not know it). */
export function cellText(rule: CellRule, record: Row, value: unknown): string {
  if (rule.as === "blank") return "";
  if (rule.as === "fields") return fillTemplate(rule.template, record);
  if (isNone(value)) return rule.none ?? "";
  if (rule.as === "words") return rule.words[JSON.stringify(value)] ?? "";
  if (rule.as === "money") {
    const currency = record[rule.currencyField];
    return typeof value === "number" && typeof currency === "string" ? formatMoney(value, currency) : "";
  }
  return WRITERS[rule.as](value) ?? "";
}
