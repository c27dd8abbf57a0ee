/**
 * What the shared list, record and export code needs to know about one resource: its FROM
 * clause, its record fields as SQL, which fields it searches, filters and sorts by, and how it is
 * limited to the caller's account. Each resource module declares one of these.
 */
import type { SQL } from "drizzle-orm";
import type { Role } from "../../../src/api/types";

/** Who is asking: the scope and the per-user filters (bookmarked) depend on it. */
export interface Caller {
  id: string;
  role: Role;
  accountId: string;
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

export interface ResourceDefinition {
  /** The API path segment, also the Content-Range unit and the export's file name. */
  name: string;
  /** "This account was changed by someone else." and the 404 text use it. */
  label: string;
  from: string;
  /** The record's id expression (also the sort tie-breaker). */
  id: string;
  /** Record field → SQL expression, in the order of the record and of the CSV columns. */
  fields: Record<string, string>;
  /** Rows that never exist for the API (soft-deleted users). */
  where?: string;
  /** The account a row belongs to; undefined for resources only super admins reach. */
  accountExpr?: string;
  search: string[];
  filters: Record<string, FilterSpec>;
  sorts: Record<string, SortSpec>;
  defaultSort: readonly [string, "ASC" | "DESC"];
}

/** Filters every list with date fields accepts: `{field}_gte` and `{field}_lte`. */
export const dateRange = (field: string, expr: string): Record<string, FilterSpec> => ({
  [`${field}_gte`]: { type: "date", expr, op: ">=" },
  [`${field}_lte`]: { type: "date", expr, op: "<=" },
});
