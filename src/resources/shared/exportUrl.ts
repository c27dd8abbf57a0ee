/**
 * The server export of a list (docs/api-resources.md "Export"): GET /api/{resource}/export.csv with
 * the list's own filter and sort, streaming every matching row, not only the page on screen.
 */

export interface ExportQuery {
  filter?: Record<string, unknown>;
  sort?: { field: string; order: "ASC" | "DESC" | string };
}

/** Drops what says nothing: undefined, empty strings and empty arrays. */
export function cleanFilter(filter: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filter).filter(
      ([, value]) => value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0),
    ),
  );
}

/** "accounts", {filter, sort} → "accounts/export.csv?filter=%7B…%7D&sort=%5B…%5D" (relative to /api). */
export function exportPath(resource: string, { filter, sort }: ExportQuery = {}): string {
  const params = new URLSearchParams();
  const cleaned = cleanFilter(filter);
  if (Object.keys(cleaned).length > 0) params.set("filter", JSON.stringify(cleaned));
  if (sort?.field) params.set("sort", JSON.stringify([sort.field, sort.order === "DESC" ? "DESC" : "ASC"]));
  const query = params.toString();
  return `${encodeURIComponent(resource)}/export.csv${query ? `?${query}` : ""}`;
}

/** The file name when the service sends none: accounts-2026-03-01.csv. */
export function exportFileName(resource: string, now: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${resource}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
