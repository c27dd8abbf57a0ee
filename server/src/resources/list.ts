/**
 * The shared list machinery of every resource: parses ra-data-simple-rest's `sort`, `range` and
 * `filter` query parameters against a ResourceDefinition, and builds the WHERE / ORDER BY SQL, the
 * page, the total, one record, and the keyset pages the CSV export streams.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Caller, FilterSpec, Fields, RecordOf, ResourceDefinition, SortSpec } from "./definition";
import { checks, parseListQuery, type FilterCheck, type ListMessages, type ListQuery } from "./listQuery";
import { findThrough, searchCondition, type FoundThrough } from "./search";
import { raw, rememberedTotal, rowsOf, wholeNumber, type Executor, type Row } from "./sql";

export const MAX_PAGE_ROWS = 100;
/** Filters are JSON objects of a few keys; `id` may list up to 1,000 ids (a UUID is 39 characters with its quotes and comma). */
export const FILTER_MAX_LENGTH = 40_000;

export interface ParsedList {
  where: SQL;
  /** Nothing narrows the list: its total is the one the database keeps (the definition's `keptTotal`). */
  keptTotal?: SQL;
  sortField: string;
  order: "ASC" | "DESC";
  start: number;
  end: number;
}

/** The resources' wording (docs/api-resources.md "Lists"). */
const messages: ListMessages = {
  invalidJson: (part) => `${part} must be valid JSON`,
  sortShape: 'sort must be ["field","ASC"|"DESC"]',
  unknownSort: (field) => `sort: unknown field ${field}`,
  badOrder: "sort: order must be ASC or DESC",
  rangeShape: "range must be [start, end] with 0 <= start <= end",
  rangeTooLong: (max) => `range: at most ${max} rows per page`,
  unknownFilter: (key) => `filter: unknown field ${key}`,
  filterKey: (key) => `filter: ${key}`,
};

const TYPE_CHECKS: Record<Exclude<FilterSpec["type"], readonly string[]>, FilterCheck> = {
  string: checks.string(500),
  integer: checks.integer,
  boolean: checks.boolean,
  date: checks.isoDate,
};

const idsCheck: FilterCheck = (value, wrong) => {
  const ids = Array.isArray(value) ? value : [value];
  if (ids.length > 1000 || !ids.every((id) => typeof id === "string" || typeof id === "number"))
    return wrong("a list of ids");
  return ids.map(String);
};

/** The list query a resource accepts: its sorts, and `q`, `id` and its filter keys. */
export function querySpecOf(def: ResourceDefinition) {
  const filters: Record<string, FilterCheck> = {
    q: checks.string(200),
    id: idsCheck,
  };
  for (const [key, spec] of Object.entries(def.filters)) {
    filters[key] = Array.isArray(spec.type) ? checks.oneOf(spec.type) : TYPE_CHECKS[spec.type as "string"];
  }
  return {
    sorts: [...Object.keys(def.sorts), "id"],
    defaultSort: def.defaultSort,
    defaultRange: [0, 24] as const,
    maxRows: MAX_PAGE_ROWS,
    // An emptied filter input sends null or "": ignored, whatever the key.
    ignoreEmptyValues: true,
    filters,
    messages,
  };
}

/** The WHERE clause of a list: the resource's own condition, the caller's scope and the filter. */
function buildWhere(
  def: ResourceDefinition,
  caller: Caller,
  filter: Record<string, unknown>,
  found?: FoundThrough,
): SQL {
  const conditions: SQL[] = [];
  if (def.where) conditions.push(raw(def.where));
  if (def.accountExpr && caller.role !== "SuperAdmin") {
    // Lists are silently limited to the caller's account (a filter naming another gives nothing).
    conditions.push(sql`${raw(def.accountExpr)} = ${caller.accountId}`);
  }
  if (def.scope) conditions.push(def.scope(caller));
  for (const [key, value] of Object.entries(filter)) {
    if (key === "q") {
      conditions.push(searchCondition(def.search, String(value), found));
    } else if (key === "id") {
      const ids = value as string[];
      conditions.push(
        ids.length === 0
          ? sql`false`
          : sql`${raw(def.id)} in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
    } else {
      const spec = def.filters[key]!;
      if (spec.build) conditions.push(spec.build(value, caller));
      else conditions.push(sql`${raw(spec.expr ?? key)} ${raw(spec.op ?? "=")} ${value}`);
    }
  }
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/** A list query made SQL; a search matches references' fields on the joined rows (search.ts). */
export function parseList(def: ResourceDefinition, caller: Caller, query: ListQuery): ParsedList {
  const { sortField, order, start, end, filter } = parseListQuery(querySpecOf(def), query);
  return { where: buildWhere(def, caller, filter), sortField, order, start, end };
}

/** parseList, a search first finding the referenced records whose fields match (search.ts findThrough). */
export async function parseListIn(
  db: Executor,
  def: ResourceDefinition,
  caller: Caller,
  query: ListQuery,
): Promise<ParsedList> {
  const { sortField, order, start, end, filter } = parseListQuery(querySpecOf(def), query);
  const q = filter.q;
  const found =
    typeof q === "string" && def.search.through.length > 0 ? await findThrough(db, def.search, q) : undefined;
  const whole = Object.keys(filter).length === 0 && !def.scope && (!def.accountExpr || caller.role === "SuperAdmin");
  return {
    where: buildWhere(def, caller, filter, found),
    ...(whole && def.keptTotal ? { keptTotal: raw(def.keptTotal) } : {}),
    sortField,
    order,
    start,
    end,
  };
}

const selectList = (def: ResourceDefinition) =>
  raw(
    Object.entries(def.fields)
      .map(([name, field]) => `${field.sql} as "${name}"`)
      .join(", "),
  );

/**
 * ORDER BY for a sort: nullable fields put nulls last both ways; the id breaks ties so pages
 * (and the export's keyset) are stable.
 */
/** A declared sort, or the record's id: every list sorts by id (react-admin's default sort). */
const sortOf = (def: ResourceDefinition, field: string): SortSpec => def.sorts[field] ?? { expr: def.id };

function orderBy(def: ResourceDefinition, field: string, order: "ASC" | "DESC"): SQL {
  const spec = sortOf(def, field);
  const nulls = spec.nullable ? " nulls last" : "";
  return raw(`${spec.expr} ${order}${nulls}, ${def.id} ${order}`);
}

export interface Page {
  records: Row[];
  total: number;
  start: number;
  /** Counted up to `countUpTo` and reached it: `total` is only a lower bound. */
  atLeast?: boolean;
  /** What the statement read of `guardColumn` (auth/guardAlong.ts), when one was given and read. */
  guardSeen?: unknown;
}

/** The column that carries a list's total on each row of its page (removed before answering). */
const TOTAL = "__total";
/** The column that carries the guard's fingerprint (auth/guardAlong.ts; removed before answering). */
const GUARD = "__guard";

/**
 * A page and the total. `countUpTo` stops counting at that many rows, and always past the page (a
 * long list need not be counted for each page): reaching it, `atLeast` says the total is only a
 * lower bound, and that a next page exists.
 *
 * The total rides along with the page, as an uncorrelated subquery the database runs once: one
 * statement per list instead of two (on PGlite the statements of all requests take turns, so each
 * one saved is throughput). Only a page past the end, which has no row to carry it, counts apart.
 * On the embedded database a total is remembered until the data changes (db/readCache.ts): the
 * next pages, sorts and visits of the same list only read their rows.
 */
export async function listPage(
  db: Executor,
  def: ResourceDefinition,
  parsed: ParsedList,
  { countUpTo: atMost, guardColumn }: { countUpTo?: number; guardColumn?: SQL } = {},
): Promise<Page> {
  const countUpTo = atMost === undefined ? undefined : Math.max(atMost, parsed.end + 2);
  const from = raw(def.from);
  const matching = sql`select 1 from ${from} where ${parsed.where}`;
  // The total the database keeps, when nothing narrows the list; else the rows counted (up to the bound).
  const kept = parsed.keptTotal && sql`coalesce(${parsed.keptTotal}, 0)`;
  const bound = countUpTo === undefined ? undefined : wholeNumber(countUpTo);
  const counting = kept
    ? sql`select ${bound ? sql`least(${kept}, ${bound})` : kept}`
    : bound
      ? sql`select count(*)::int from (${matching} limit ${bound}) c`
      : sql`select count(*)::int from ${from} where ${parsed.where}`;
  const { known, remember } = rememberedTotal(db, counting);
  // The guard's check, when it rides along, is one more column of whichever statement runs.
  const guard = guardColumn ? sql`, ${guardColumn} as "${raw(GUARD)}"` : sql``;
  const order = orderBy(def, parsed.sortField, parsed.order);
  const page = sql`order by ${order} limit ${wholeNumber(parsed.end - parsed.start + 1)} offset ${wholeNumber(parsed.start)}`;
  // A page deep in the list finds its ids first, then reads its fields: the rows skipped are not
  // read whole (an account's counts, for each of 5,000 accounts before the page).
  const pageRows =
    parsed.start === 0
      ? sql`where ${parsed.where} ${page}`
      : sql`where ${parsed.where} and ${raw(def.id)} in (select ${raw(def.id)} from ${from} where ${parsed.where} ${page})
        order by ${order}`;
  const rows = (withTotal: boolean) =>
    rowsOf(
      db,
      sql`select ${selectList(def)}${withTotal ? sql`, (${counting}) as "${raw(TOTAL)}"` : sql``}${guard} from ${from} ${pageRows}`,
    );
  const records = await rows(known === undefined);
  let total: number;
  let guardSeen: unknown;
  if (guardColumn && records.length > 0) {
    guardSeen = records[0]![GUARD];
    for (const record of records) delete record[GUARD];
  }
  if (known !== undefined) {
    total = known;
  } else if (records.length > 0) {
    total = Number(records[0]![TOTAL]);
    for (const record of records) delete record[TOTAL];
  } else {
    const [counted] = await rowsOf(db, sql`select (${counting}) as n${guard}`);
    total = Number(counted?.n ?? 0);
    if (guardColumn) guardSeen = counted?.[GUARD];
  }
  remember(total);
  return {
    records,
    total,
    start: parsed.start,
    ...(countUpTo !== undefined && total >= countUpTo ? { atLeast: true } : {}),
    ...(guardColumn ? { guardSeen } : {}),
  };
}

/** The records whose id matches, within the caller's scope (their account, and the resource's own `where`). */
function recordsWhere(db: Executor, def: ResourceDefinition, caller: Caller, idMatches: SQL): Promise<Row[]> {
  const conditions: SQL[] = [idMatches];
  if (def.where) conditions.push(raw(def.where));
  if (def.accountExpr && caller.role !== "SuperAdmin")
    conditions.push(sql`${raw(def.accountExpr)} = ${caller.accountId}`);
  if (def.scope) conditions.push(def.scope(caller));
  return rowsOf(db, sql`select ${selectList(def)} from ${raw(def.from)} where ${sql.join(conditions, sql` and `)}`);
}

/** One record within the caller's scope, or undefined (the route answers 404). */
export async function findRecord<F extends Fields>(
  db: Executor,
  def: ResourceDefinition<F>,
  caller: Caller,
  id: string,
): Promise<RecordOf<F> | undefined> {
  const [row] = await recordsWhere(db, def, caller, sql`${raw(def.id)} = ${id}`);
  return row as RecordOf<F> | undefined;
}

/** The records of these ids the caller may see, by id, in one statement (absent ids are left out). */
export async function findRecords<F extends Fields>(
  db: Executor,
  def: ResourceDefinition<F>,
  caller: Caller,
  ids: readonly string[],
): Promise<Map<string, RecordOf<F>>> {
  if (ids.length === 0) return new Map();
  const rows = await recordsWhere(db, def, caller, sql`${raw(def.id)} in ${[...new Set(ids)]}`);
  return new Map(rows.map((row) => [String(row.id), row as RecordOf<F>]));
}

export const EXPORT_PAGE_ROWS = 1000;

/**
 * Every row of a list in its order, a page at a time, by keyset (WHERE (sort, id) after the last
 * row seen) rather than OFFSET: each page costs the same however deep the export is, and no
 * connection or transaction is held between pages (PGlite has only one).
 */
export async function* exportPages(db: Executor, def: ResourceDefinition, parsed: ParsedList): AsyncGenerator<Row[]> {
  const spec = sortOf(def, parsed.sortField);
  const sortExpr = spec.expr;
  const after = parsed.order === "ASC" ? ">" : "<";
  // The last row's sort value goes back as text: the database parses it with the column's own
  // type, so timestamps keep their microseconds (a JS Date would round them to milliseconds).
  let last: { value: string | null; id: string } | undefined;
  for (;;) {
    let keyset: SQL = sql`true`;
    if (last) {
      const pastId = sql`${raw(def.id)} ${raw(after)} ${last.id}`;
      if (!spec.nullable) {
        keyset = sql`(${raw(sortExpr)}, ${raw(def.id)}) ${raw(after)} (${last.value}, ${last.id})`;
      } else if (last.value === null) {
        keyset = sql`(${raw(sortExpr)} is null and ${pastId})`;
      } else {
        keyset = sql`(${raw(sortExpr)} ${raw(after)} ${last.value} or (${raw(sortExpr)} = ${last.value} and ${pastId}) or ${raw(sortExpr)} is null)`;
      }
    }
    const rows = await rowsOf(
      db,
      sql`select ${selectList(def)}, (${raw(sortExpr)})::text as "__sort", ${raw(def.id)} as "__id"
          from ${raw(def.from)} where ${parsed.where} and ${keyset}
          order by ${orderBy(def, parsed.sortField, parsed.order)} limit ${EXPORT_PAGE_ROWS}`,
    );
    if (rows.length === 0) return;
    const tail = rows[rows.length - 1]!;
    last = { value: tail.__sort === null ? null : String(tail.__sort), id: String(tail.__id) };
    for (const row of rows) {
      delete row.__sort;
      delete row.__id;
    }
    yield rows;
    if (rows.length < EXPORT_PAGE_ROWS) return;
  }
}
