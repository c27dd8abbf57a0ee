/**
 * The shared list machinery of every resource: parses ra-data-simple-rest's `sort`, `range` and
 * `filter` query parameters against a ResourceDefinition, and builds the WHERE / ORDER BY SQL, the
 * page, the total, one record, and the keyset pages the CSV export streams.
 */
import { sql, type SQL } from "drizzle-orm";
import { HttpError } from "../http/errors";
import type { Caller, FilterSpec, ResourceDefinition } from "./definition";
import { containsPattern, raw, rowsOf, type Executor, type Row } from "./sql";

export const MAX_PAGE_ROWS = 100;
const DEFAULT_RANGE: readonly [number, number] = [0, 24];

export interface ListParams {
  sort?: string;
  range?: string;
  filter?: string;
}

export interface ParsedList {
  where: SQL;
  sortField: string;
  order: "ASC" | "DESC";
  start: number;
  end: number;
}

/** The querystring schema of every list and export (the values are JSON, parsed below). */
export const listQuerySchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    sort: { type: "string", maxLength: 200 },
    range: { type: "string", maxLength: 100 },
    filter: { type: "string", maxLength: 20_000 },
  },
} as const;

function parseJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, `${name} must be valid JSON`);
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The value of one filter key, checked against its type; 400 naming the key when it is wrong. */
function filterValue(key: string, spec: FilterSpec, value: unknown): unknown {
  const wrong = (what: string) => new HttpError(400, `filter: ${key} must be ${what}`);
  const { type } = spec;
  if (Array.isArray(type)) {
    if (typeof value !== "string" || !type.includes(value)) throw wrong(`one of: ${type.join(", ")}`);
    return value;
  }
  switch (type) {
    case "string":
      if (typeof value !== "string" || value.length > 500) throw wrong("a string");
      return value;
    case "integer":
      // Select inputs send numbers as strings sometimes; both mean the same code.
      if (typeof value === "string" && /^-?\d{1,9}$/.test(value)) return Number(value);
      if (typeof value !== "number" || !Number.isInteger(value)) throw wrong("a whole number");
      return value;
    case "boolean":
      if (typeof value !== "boolean") throw wrong("true or false");
      return value;
    case "date":
      if (typeof value !== "string" || !ISO_DATE.test(value) || Number.isNaN(Date.parse(value)))
        throw wrong("a date (ISO 8601)");
      return new Date(value).toISOString();
  }
}

/** The WHERE clause of a list: the resource's own condition, the caller's scope and the filter. */
export function buildWhere(def: ResourceDefinition, caller: Caller, filterText: string | undefined): SQL {
  const conditions: SQL[] = [];
  if (def.where) conditions.push(raw(def.where));
  if (def.accountExpr && caller.role !== "SuperAdmin") {
    // Lists are silently limited to the caller's account (a filter naming another gives nothing).
    conditions.push(sql`${raw(def.accountExpr)} = ${caller.accountId}`);
  }
  const filter = filterText === undefined ? {} : parseJson("filter", filterText);
  if (typeof filter !== "object" || filter === null || Array.isArray(filter)) {
    throw new HttpError(400, "filter must be a JSON object");
  }
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === "") continue;
    if (key === "q") {
      if (typeof value !== "string" || value.length > 200) throw new HttpError(400, "filter: q must be a string");
      const pattern = containsPattern(value.trim());
      conditions.push(
        sql`(${sql.join(
          def.search.map((expr) => sql`${raw(expr)} ilike ${pattern}`),
          sql` or `,
        )})`,
      );
      continue;
    }
    if (key === "id") {
      const ids = Array.isArray(value) ? value : [value];
      if (ids.length > 1000 || !ids.every((id) => typeof id === "string" || typeof id === "number"))
        throw new HttpError(400, "filter: id must be a list of ids");
      conditions.push(
        ids.length === 0
          ? sql`false`
          : sql`${raw(def.id)} in (${sql.join(
              ids.map((id) => sql`${String(id)}`),
              sql`, `,
            )})`,
      );
      continue;
    }
    const spec = def.filters[key];
    if (!spec) throw new HttpError(400, `filter: unknown field ${key}`);
    const checked = filterValue(key, spec, value);
    if (spec.build) conditions.push(spec.build(checked, caller));
    else conditions.push(sql`${raw(spec.expr ?? key)} ${raw(spec.op ?? "=")} ${checked}`);
  }
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

export function parseList(def: ResourceDefinition, caller: Caller, params: ListParams): ParsedList {
  let [sortField, order] = def.defaultSort;
  if (params.sort !== undefined) {
    const sort = parseJson("sort", params.sort);
    if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== "string")
      throw new HttpError(400, 'sort must be ["field","ASC"|"DESC"]');
    const [field, direction] = sort as [string, unknown];
    if (!(field in def.sorts)) throw new HttpError(400, `sort: unknown field ${field}`);
    if (direction !== "ASC" && direction !== "DESC") throw new HttpError(400, "sort: order must be ASC or DESC");
    sortField = field;
    order = direction;
  }
  let [start, end] = DEFAULT_RANGE;
  if (params.range !== undefined) {
    const range = parseJson("range", params.range);
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isInteger(n) && (n as number) >= 0) ||
      (range[1] as number) < (range[0] as number)
    )
      throw new HttpError(400, "range must be [start, end] with 0 <= start <= end");
    [start, end] = range as [number, number];
    if (end - start + 1 > MAX_PAGE_ROWS) throw new HttpError(400, `range: at most ${MAX_PAGE_ROWS} rows per page`);
  }
  return { where: buildWhere(def, caller, params.filter), sortField, order, start, end };
}

const selectList = (def: ResourceDefinition) =>
  raw(
    Object.entries(def.fields)
      .map(([field, expr]) => `${expr} as "${field}"`)
      .join(", "),
  );

/**
 * ORDER BY for a sort: nullable fields put nulls last both ways; the id breaks ties so pages
 * (and the export's keyset) are stable.
 */
function orderBy(def: ResourceDefinition, field: string, order: "ASC" | "DESC"): SQL {
  const spec = def.sorts[field]!;
  const nulls = spec.nullable ? " nulls last" : "";
  return raw(`${spec.expr} ${order}${nulls}, ${def.id} ${order}`);
}

export interface Page {
  records: Row[];
  total: number;
  start: number;
}

export async function listPage(db: Executor, def: ResourceDefinition, parsed: ParsedList): Promise<Page> {
  const from = raw(def.from);
  const [records, [counted]] = await Promise.all([
    rowsOf(
      db,
      sql`select ${selectList(def)} from ${from} where ${parsed.where}
          order by ${orderBy(def, parsed.sortField, parsed.order)}
          limit ${parsed.end - parsed.start + 1} offset ${parsed.start}`,
    ),
    rowsOf(db, sql`select count(*)::int as n from ${from} where ${parsed.where}`),
  ]);
  return { records, total: Number(counted?.n ?? 0), start: parsed.start };
}

/** One record within the caller's scope, or undefined (the route answers 404). */
export async function findRecord(
  db: Executor,
  def: ResourceDefinition,
  caller: Caller,
  id: string,
): Promise<Row | undefined> {
  const conditions: SQL[] = [sql`${raw(def.id)} = ${id}`];
  if (def.where) conditions.push(raw(def.where));
  if (def.accountExpr && caller.role !== "SuperAdmin")
    conditions.push(sql`${raw(def.accountExpr)} = ${caller.accountId}`);
  const [row] = await rowsOf(
    db,
    sql`select ${selectList(def)} from ${raw(def.from)} where ${sql.join(conditions, sql` and `)}`,
  );
  return row;
}

export const EXPORT_PAGE_ROWS = 1000;

/**
 * Every row of a list in its order, a page at a time, by keyset (WHERE (sort, id) after the last
 * row seen) rather than OFFSET: each page costs the same however deep the export is, and no
 * connection or transaction is held between pages (PGlite has only one).
 */
export async function* exportPages(db: Executor, def: ResourceDefinition, parsed: ParsedList): AsyncGenerator<Row[]> {
  const spec = def.sorts[parsed.sortField]!;
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
