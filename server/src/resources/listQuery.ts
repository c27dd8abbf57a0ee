/**
 * The one parser of ra-data-simple-rest's list query (`?sort=["f","ASC"]&range=[0,24]&filter={}`),
 * shared by the gallery and every resource: JSON, the sort pair, the inclusive range under a page
 * cap, and a filter object whose every key is known and checked. The wording of its refusals is
 * each list's own (`ListMessages`): the gallery's predates the resources' and clients rely on both.
 */
import Type from "typebox";
import { HttpError } from "../http/errors";
import { isExistingIsoDate } from "../http/calendar";
import { findIllFormedText, ILL_FORMED_TEXT, INT32_MAX, INT32_MIN } from "../http/text";

export type Order = "ASC" | "DESC";

/** What the document says of a list's parameters (a resource's: resources/listDocs.ts). */
export type ListQueryDocs = Record<"sort" | "range" | "filter", { description: string; example: string }>;

/** One parameter's annotations in the document (nothing else changes: validation is the same). */
const annotated = (docs: ListQueryDocs[keyof ListQueryDocs] | undefined) =>
  docs ? { description: docs.description, examples: [docs.example] } : {};

/** The querystring schema of every list and export (the values are JSON, parsed below). */
export const listQuerySchema = (filterMaxLength: number, docs?: ListQueryDocs) =>
  Type.Object(
    {
      sort: Type.Optional(Type.String({ maxLength: 200, ...annotated(docs?.sort) })),
      range: Type.Optional(Type.String({ maxLength: 100, ...annotated(docs?.range) })),
      filter: Type.Optional(Type.String({ maxLength: filterMaxLength, ...annotated(docs?.filter) })),
    },
    { additionalProperties: false },
  );

export interface ListQuery {
  sort?: string;
  range?: string;
  filter?: string;
}

export interface ListMessages {
  invalidJson: (part: "sort" | "range" | "filter") => string;
  sortShape: string;
  unknownSort: (field: string) => string;
  badOrder: string;
  rangeShape: string;
  rangeTooLong: (max: number) => string;
  /** The first row asked for is past MAX_RANGE_START (default wording below). */
  rangeTooDeep?: (max: number) => string;
  unknownFilter: (key: string) => string;
  /** How a refusal names a filter key: "filter: status" or "filter.status". */
  filterKey: (key: string) => string;
}

/**
 * Checks one filter value: answers the value to filter by, or undefined to ignore the key; calls
 * `wrong("a whole number")` to refuse it (400 "<filter key> must be a whole number").
 */
export type FilterCheck = (value: unknown, wrong: (what: string) => never) => unknown;

export interface ListQuerySpec {
  sorts: readonly string[];
  defaultSort: readonly [string, Order];
  defaultRange: readonly [number, number];
  maxRows: number;
  /** The gallery takes "asc" too. */
  anyCaseOrder?: boolean;
  /** Keys whose value is null or "" are skipped before anything else (the resources'). */
  ignoreEmptyValues?: boolean;
  filters: Record<string, FilterCheck>;
  messages: ListMessages;
}

export interface ParsedListQuery {
  sortField: string;
  order: Order;
  start: number;
  end: number;
  /** The checked values of the filter keys given (ignored ones left out). */
  filter: Record<string, unknown>;
}

/**
 * How deep a page may start. The console pages a few hundred rows at most; an offset this deep
 * only makes the database walk and discard rows (the CSV export covers whole lists).
 */
export const MAX_RANGE_START = 1_000_000;

/**
 * The value of one JSON parameter. Its strings (keys too) must be well-formed text: the query
 * string's schema sees `\u0000` as six harmless characters, JSON.parse turns them into a NUL.
 */
function parseJson(text: string, part: "sort" | "range" | "filter", messages: ListMessages): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, messages.invalidJson(part));
  }
  if (findIllFormedText(value) !== undefined) throw new HttpError(400, `${part} ${ILL_FORMED_TEXT}`);
  return value;
}

function parseSort(spec: ListQuerySpec, text: string | undefined): [string, Order] {
  if (text === undefined) return [...spec.defaultSort];
  const { messages } = spec;
  const sort = parseJson(text, "sort", messages);
  if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== "string")
    throw new HttpError(400, messages.sortShape);
  const field = sort[0];
  // Among the list's own sorts only (an array's includes: "constructor" is not among them).
  if (!spec.sorts.includes(field)) throw new HttpError(400, messages.unknownSort(field));
  const order: unknown = spec.anyCaseOrder ? String(sort[1]).toUpperCase() : sort[1];
  if (order !== "ASC" && order !== "DESC") throw new HttpError(400, messages.badOrder);
  return [field, order];
}

function parseRange(spec: ListQuerySpec, text: string | undefined): [number, number] {
  if (text === undefined) return [...spec.defaultRange];
  const range = parseJson(text, "range", spec.messages);
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((n) => Number.isInteger(n) && (n as number) >= 0) ||
    (range[1] as number) < (range[0] as number)
  )
    throw new HttpError(400, spec.messages.rangeShape);
  const [start, end] = range as [number, number];
  if (start > MAX_RANGE_START) {
    const wording = spec.messages.rangeTooDeep ?? ((max) => `range: the first row must be at most ${max}`);
    throw new HttpError(400, wording(MAX_RANGE_START));
  }
  if (end - start + 1 > spec.maxRows) throw new HttpError(400, spec.messages.rangeTooLong(spec.maxRows));
  return [start, end];
}

function parseFilter(spec: ListQuerySpec, text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  const { messages } = spec;
  const filter = parseJson(text, "filter", messages);
  if (typeof filter !== "object" || filter === null || Array.isArray(filter))
    throw new HttpError(400, "filter must be a JSON object");
  const checked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (spec.ignoreEmptyValues && (value === null || value === "")) continue;
    // An own property only: "constructor", "__proto__" or "toString" name no filter.
    const check = Object.hasOwn(spec.filters, key) ? spec.filters[key] : undefined;
    if (!check) throw new HttpError(400, messages.unknownFilter(key));
    const wrong = (what: string): never => {
      throw new HttpError(400, `${messages.filterKey(key)} must be ${what}`);
    };
    const result = check(value, wrong);
    if (result !== undefined) checked[key] = result;
  }
  return checked;
}

export function parseListQuery(spec: ListQuerySpec, query: ListQuery): ParsedListQuery {
  const [sortField, order] = parseSort(spec, query.sort);
  const [start, end] = parseRange(spec, query.range);
  return { sortField, order, start, end, filter: parseFilter(spec, query.filter) };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A date-time with its zone (Z or an offset): one moment, whoever's clock wrote it. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The value checks lists share. */
export const checks = {
  string:
    (maxLength: number, what = "a string"): FilterCheck =>
    (value, wrong) =>
      typeof value === "string" && value.length <= maxLength ? value : wrong(what),
  /** Select inputs send numbers as strings sometimes; both mean the same code. Within the integer column's range. */
  integer: ((value, wrong) => {
    const number = typeof value === "string" && /^-?\d{1,10}$/.test(value) ? Number(value) : value;
    return typeof number === "number" && Number.isInteger(number) && number >= INT32_MIN && number <= INT32_MAX
      ? number
      : wrong("a whole number");
  }) satisfies FilterCheck,
  boolean: ((value, wrong) => (typeof value === "boolean" ? value : wrong("true or false"))) satisfies FilterCheck,
  oneOf:
    (values: readonly string[]): FilterCheck =>
    (value, wrong) =>
      typeof value === "string" && values.includes(value) ? value : wrong(`one of: ${values.join(", ")}`),
  /**
   * An ISO 8601 date or date-time that exists, in the years the service takes (http/calendar.ts:
   * Date.parse would roll 2024-02-30 over into March), answered as an ISO string. A list's query is
   * refused with 400 whatever its problem (docs/decisions.md "Dates that do not exist").
   */
  isoDate: ((value, wrong) => {
    const time =
      typeof value === "string" && ISO_DATE.test(value) && isExistingIsoDate(value) ? Date.parse(value) : NaN;
    return Number.isNaN(time) ? wrong("a date (ISO 8601)") : new Date(time).toISOString();
  }) satisfies FilterCheck,
  /** yyyy-MM-dd naming a day that exists, in the years the service takes. */
  day: ((value, wrong) =>
    typeof value === "string" && DAY.test(value) && isExistingIsoDate(value)
      ? value
      : wrong("a date (YYYY-MM-DD)")) satisfies FilterCheck,
  /**
   * A day (yyyy-MM-dd, answered as written) or an instant: a date-time with its zone, answered as an
   * ISO string. A date-time without a zone is refused, since it does not say whose clock it is.
   */
  dayOrInstant: ((value, wrong) => {
    if (typeof value === "string" && DAY.test(value) && isExistingIsoDate(value)) return value;
    const time = typeof value === "string" && INSTANT.test(value) && isExistingIsoDate(value) ? Date.parse(value) : NaN;
    return Number.isNaN(time)
      ? wrong("a date (YYYY-MM-DD) or an instant (ISO 8601 with Z or an offset)")
      : new Date(time).toISOString();
  }) satisfies FilterCheck,
};
