/**
 * A list whose query the service refuses (400 `{message}`: "sort: unknown field description",
 * "filter: unknown field x", "range: at most 100 rows per page") would stay empty, and react-admin
 * keeps the refused sort and filters in its stored list parameters (and the URL): reloading or coming
 * back would open the same empty screen. These pure rules say when such a failure puts the list back
 * to its default query, and what that query is.
 */
import { isSameQuery, queryValueOf } from "./savedQueries";

/** The status of a refused query (docs/api-resources.md: 400 `{message}` naming the parameter). */
export const REFUSED_QUERY_STATUS = 400;

/** react-admin's own sort when a List is given none. */
export const REACT_ADMIN_DEFAULT_SORT = { field: "id", order: "ASC" } as const;

/** What of a list's query the user (or a stored URL) can change. */
export interface ListQuery {
  sort: { field: string; order: string };
  filterValues: Record<string, unknown>;
  page: number;
  perPage: number;
}

/** What to do after a list's getList failed. */
export type AfterListFailure =
  /** The service refused a query that is not the default: go back to `to`, saying why. */
  | { kind: "reset"; message: string; to: ListQuery }
  /** Any other failure, or the default query refused too: react-admin's error display only. */
  | { kind: "none" };

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;

const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() ? value : undefined);

/**
 * The service's message when the error is a refused query (react-admin's HttpError with status 400:
 * `body.message`, else its `message`), or null for any other failure.
 */
export function refusedQueryMessage(error: unknown): string | null {
  const failure = asObject(error);
  if (failure?.status !== REFUSED_QUERY_STATUS) return null;
  return text(asObject(failure.body)?.message) ?? text(failure.message) ?? `HTTP ${REFUSED_QUERY_STATUS}`;
}

/** The List's default query: its sort prop (react-admin's when none), default filters, page 1, its page size. */
export function defaultListQuery({
  sort,
  filterDefaultValues,
  perPage,
}: {
  sort?: { field: string; order: string };
  filterDefaultValues?: object;
  perPage: number;
}): ListQuery {
  const { field, order } = sort ?? REACT_ADMIN_DEFAULT_SORT;
  return {
    sort: { field, order },
    filterValues: { ...(filterDefaultValues as Record<string, unknown> | undefined) },
    page: 1,
    perPage,
  };
}

/** Same sort, filters (empty values aside, keys in any order) and page size, on the first page. */
export function isDefaultListQuery(current: ListQuery, defaults: ListQuery): boolean {
  return current.page === defaults.page && isSameQuery(queryValueOf(current), queryValueOf(defaults));
}

/**
 * After a failed getList: a refused query that is not the list's default goes back to the default
 * (once per refusal: if the default is refused too, there is nothing left to go back to, so no loop).
 */
export function afterListFailure(error: unknown, current: ListQuery, defaults: ListQuery): AfterListFailure {
  const message = refusedQueryMessage(error);
  if (message === null || isDefaultListQuery(current, defaults)) return { kind: "none" };
  return { kind: "reset", message, to: defaults };
}
