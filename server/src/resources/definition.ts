/**
 * What the shared list, record and export code needs to know about one resource: its FROM
 * clause, its record fields (SQL and answer schema together), which fields it searches, filters
 * and sorts by, and how it is limited to the caller's account. Each resource module makes its own
 * from its declared contract (src/api/contract/<name>.ts) with implementResource below.
 */
import { Column, getTableColumns, getTableName, is, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import Type from "typebox";
import type { Role } from "../../../src/api/types";
import type {
  AnyResourceContract,
  FilterKind,
  ResourceAccess,
  ResourceContract,
} from "../../../src/api/contract/declare";
import type { Fields as DeclaredFields } from "../../../src/api/contract/fields";
import { recordSchema as declaredRecord, type RecordProperties } from "../../../src/api/contract/recordSchema";
import { searchSpecOf, type SearchCandidates, type Searched, type SearchSpec } from "./search";
import { iso, originalTableName, sqlOf, type SqlExpr } from "./sql";

/** Who is asking: the scope and the per-user filters (bookmarked) depend on it. */
export interface Caller {
  id: string;
  role: Role;
  accountId: string;
  /** The client the request came from (callerOf sets it), for the activity log. */
  client?: string | null;
}

export type FilterType = "string" | "integer" | "boolean" | "date" | readonly string[];

export interface FilterSpec {
  type: FilterType;
  /** SQL of the field. Equality by default; `_gte`/`_lte` keys compare with >= / <=. */
  expr?: string;
  op?: "=" | ">=" | "<=";
  /** A filter that is not a comparison of one field (bookmarked, valid_at). */
  build?: (value: unknown, caller: Caller) => SQL;
}

export interface SortSpec {
  expr: string;
  /** Nullable fields sort NULLS LAST both ways; the keyset paging of the export must know. */
  nullable?: boolean;
}

/** One record field: the SQL that reads it and the schema its value is answered with. */
export interface Field<S extends Type.TSchema = Type.TSchema> {
  sql: string;
  schema: S;
}

export type Fields = Record<string, Field>;

/** The record a definition's fields make, as its handlers see it. */
export type RecordOf<F extends Fields> = { [K in keyof F]: Type.Static<F[K]["schema"]> };

export interface ResourceDefinition<F extends Fields = Fields> {
  /** The API path segment, also the Content-Range unit, the export's file name and the OpenAPI tag. */
  name: string;
  /** "This account was changed by someone else." and the 404 text use it. */
  label: string;
  from: string;
  /** The record's id expression (also the sort tie-breaker). */
  id: string;
  /** Record field → SQL and schema, in the order of the record and of the CSV columns. */
  fields: F;
  /** Rows that never exist for the API (soft-deleted users). */
  where?: string;
  /** The account a row belongs to; undefined for resources only super admins reach. */
  accountExpr?: string;
  /** Which rows a caller sees, where it is not their account's rows (accountExpr): by role. */
  scope?: (caller: Caller) => SQL;
  /** A scalar subquery: the rows of the whole list, kept by the database (read, not counted, when nothing narrows it). */
  keptTotal?: string;
  /** What `q` matches (search.ts). */
  search: SearchSpec;
  filters: Record<string, FilterSpec>;
  sorts: Record<string, SortSpec>;
  defaultSort: readonly [string, "ASC" | "DESC"];
  /** Who may call each of its routes: its contract's, for both sides. */
  access: ResourceAccess;
  /** The contract it implements (src/api/contract/). */
  contract: AnyResourceContract;
}

/** A record's answer schema, from its definition's fields: every field, none written twice. */
export function recordSchema<F extends Fields>(def: ResourceDefinition<F>) {
  const properties = Object.fromEntries(Object.entries(def.fields).map(([key, { schema }]) => [key, schema]));
  return Type.Object(properties as { [K in keyof F]: F[K]["schema"] }, { title: def.label });
}

/** Filters every list with date fields accepts: `{field}_gte` and `{field}_lte`. */
export const dateRange = (field: string, expr: string): Record<string, FilterSpec> => ({
  [`${field}_gte`]: { type: "date", expr, op: ">=" },
  [`${field}_lte`]: { type: "date", expr, op: "<=" },
});

/** How the service reads a declared filter that is not a plain comparison of a record field. */
export type FilterImpl = SqlExpr | { build: FilterSpec["build"] };

/** How the service sorts by a declared sort that is not its field's own column. */
export type SortImpl = SqlExpr | { expr: SqlExpr; nullable?: boolean };

/** A record's properties, as TypeBox holds them. */
type Properties = Type.TProperties;
type FieldsOf<P extends Properties> = { [K in keyof P]: Field<P[K]> };

/** The columns of a resource's own table, by name (none when it names no table). */
type ColumnsOf<T extends PgTable | undefined> = T extends PgTable ? T["_"]["columns"] : Record<never, never>;

/**
 * The SQL of the record's fields: each field that is no column of the same name of its own table,
 * and any that is but is read otherwise (a stored "" answered as null).
 */
type FieldColumns<P extends Properties, C> = { [K in keyof P as K extends keyof C ? never : K]: SqlExpr } & {
  [K in keyof P & keyof C]?: SqlExpr;
};

/**
 * The SQL of every record field its own table does not read (a date field's column is answered as
 * an ISO string): none to write when each field is a column of it.
 */
type ColumnsPart<F> = Record<never, never> extends F ? { columns?: F } : { columns: F };

/**
 * What only the service knows of a declared resource: where its records are read from. Each
 * expression is SQL text or a column of an aliased table (sql.ts SqlExpr), which must be the alias
 * that `from` gives that table.
 */
export type ResourceImplementation<
  P extends Properties,
  S extends string,
  Fl extends string,
  T extends PgTable | undefined = undefined,
> = ImplementationBase<S, Fl, T> & ColumnsPart<FieldColumns<P, ColumnsOf<T>>>;

interface ImplementationBase<S extends string, Fl extends string, T extends PgTable | undefined> {
  /**
   * The FROM clause, naming each table by the alias its columns are read with (`businesses b`).
   * A join to the row a NOT NULL foreign key names (a record's account) is a "left join": no row
   * is lost, and the planner leaves out a left join the total does not read (a count of one
   * table, not of a join).
   */
  from: string;
  /** Rows that never exist for the API (soft-deleted users). */
  where?: string;
  /** The account a row belongs to; undefined for resources only super admins reach. */
  accountExpr?: SqlExpr;
  /** Which rows a caller sees, where it is not their account's rows (accountExpr): by role. */
  scope?: (caller: Caller) => SQL;
  /**
   * A scalar subquery answering how many rows the whole list holds (its `where` alone), kept by the
   * database as they change: a list nothing narrows (no filter, a caller who sees every account)
   * reads its total there instead of counting its rows.
   */
  keptTotal?: string;
  /**
   * The resource's own table, by the alias `from` gives it (`b`): a record field that is a column
   * of it of the same name (`b.name` for `name`) is read from that column unless `columns` says
   * otherwise, as a contract's table's fields are (tableResource.ts).
   */
  table?: T;
  /** What `q` searches, side by side (search.ts): fields, or a referenced record's (`through`). */
  search: Searched[];
  /** Where the searched fields' text is no index's: an indexed condition every match meets (search.ts). */
  searchCandidates?: SearchCandidates;
  /** A sort that is not its field's own column (a sort by default reads the field's column). */
  sorts?: { [K in S]?: SortImpl };
  /** A filter that is not equality with its field's column (required for a filter that is no field). */
  filters?: { [K in Fl]?: FilterImpl };
}

const isNullable = (schema: Type.TSchema) => Array.isArray((schema as { type?: unknown }).type);
const isDate = (schema: Type.TSchema) => (schema as { format?: string }).format === "date-time";

const isColumn = (value: unknown): value is AnyColumn => is(value, Column);

/** The value an `exact` filter takes: the field's own type. */
function filterTypeOf(schema: Type.TSchema): FilterType {
  const { type, enum: values } = schema as { type?: string | string[]; enum?: string[] };
  if (values) return values;
  const base = [type].flat()[0];
  if (base === "integer" || base === "boolean") return base;
  return isDate(schema) ? "date" : "string";
}

/**
 * A declared resource (src/api/contract/<name>.ts) made readable: its record's fields read by
 * `columns`, or by its own table's columns of the same names, its declared sorts and filters by
 * their fields' columns unless said otherwise. The type checker holds the columns to the record's
 * fields (each one read) and the sorts and filters to the contract,
 * and a plain column written as a column of an aliased table (`b.name`) to the schema; this checks
 * that `from` gives each such table its alias. Every expression becomes the SQL text list.ts uses.
 */
export function implementResource<
  R extends DeclaredFields,
  S extends string,
  Fl extends string,
  T extends PgTable | undefined = undefined,
>(
  contract: ResourceContract<R, S, Fl>,
  impl: ResourceImplementation<RecordProperties<R>, S, Fl, T>,
): ResourceDefinition<FieldsOf<RecordProperties<R>>> {
  const record = declaredRecord(contract.label, contract.fields);
  // Every column read, by alias: the FROM clause must give its table that alias.
  const aliases = new Map<string, string>();
  const sqlOfExpr = (expr: SqlExpr): string => {
    if (isColumn(expr)) aliases.set(getTableName(expr.table), originalTableName(expr));
    return sqlOf(expr);
  };
  const own: Record<string, SqlExpr> = impl.table ? getTableColumns(impl.table) : {};
  const written: Record<string, SqlExpr | undefined> = impl.columns ?? {};
  const columns = Object.fromEntries(
    Object.keys(record.properties).map((key) => {
      const expr = written[key] ?? own[key];
      if (expr === undefined) throw new Error(`${contract.name}: the field ${key} has no SQL`);
      return [key, sqlOfExpr(expr)];
    }),
  );
  const schemaOf = (key: string): Type.TSchema | undefined => record.properties[key];
  const columnOf = (key: string): string => columns[key]!;
  const fields = Object.fromEntries(
    Object.entries(record.properties).map(([key, schema]) => {
      const column = columnOf(key);
      return [key, { sql: isDate(schema) ? iso(column) : column, schema }];
    }),
  ) as FieldsOf<RecordProperties<R>>;

  const sorts: Record<string, SortSpec> = {};
  for (const key of contract.sorts) {
    const given = (impl.sorts as Record<string, SortImpl | undefined> | undefined)?.[key];
    const schema = schemaOf(key);
    if (typeof given === "object" && !isColumn(given)) sorts[key] = { ...given, expr: sqlOfExpr(given.expr) };
    else if (given !== undefined) sorts[key] = { expr: sqlOfExpr(given) };
    else if (schema) sorts[key] = { expr: columnOf(key), ...(isNullable(schema) ? { nullable: true } : {}) };
    else throw new Error(`${contract.name}: the sort ${key} is no field and has no SQL`);
  }

  const filters: Record<string, FilterSpec> = {};
  for (const [key, kind] of Object.entries(contract.filters) as [string, FilterKind][]) {
    const found = (impl.filters as Record<string, FilterImpl | undefined> | undefined)?.[key];
    const built = typeof found === "object" && !isColumn(found) ? found : undefined;
    const given = typeof found === "string" || isColumn(found) ? sqlOfExpr(found) : undefined;
    const schema = schemaOf(key);
    if (kind === "range") {
      Object.assign(filters, dateRange(key, given ?? columnOf(key)));
    } else if (built) {
      filters[key] = { type: kind === "exact" ? filterTypeOf(schema!) : kind, build: built.build };
    } else if (kind === "exact" && schema) {
      filters[key] = { type: filterTypeOf(schema), expr: given ?? columnOf(key) };
    } else if (given !== undefined && kind !== "exact") {
      filters[key] = { type: kind, expr: given };
    } else {
      throw new Error(`${contract.name}: the filter ${key} is no field and has no SQL`);
    }
  }

  const accountExpr = impl.accountExpr === undefined ? undefined : sqlOfExpr(impl.accountExpr);
  const search = searchSpecOf(impl.search, sqlOfExpr, impl.searchCandidates);
  for (const [alias, table] of aliases) {
    if (alias === table) throw new Error(`${contract.name}: ${table} is read without an alias (alias(${table}, "…"))`);
    if (!new RegExp(`\\b${table}\\s+${alias}\\b`).test(impl.from)) {
      throw new Error(`${contract.name}: the FROM clause does not name ${table} ${alias}, whose columns it reads`);
    }
  }

  return {
    name: contract.name,
    label: contract.label,
    from: impl.from,
    id: columnOf("id"),
    fields,
    ...(impl.where ? { where: impl.where } : {}),
    ...(accountExpr ? { accountExpr } : {}),
    ...(impl.scope ? { scope: impl.scope } : {}),
    ...(impl.keptTotal ? { keptTotal: impl.keptTotal } : {}),
    search,
    filters,
    sorts,
    defaultSort: contract.defaultSort,
    access: contract.access,
    contract,
  };
}
