/** Saved queries (service-backed, per user): what a list's current query is and when it matches one. */
import type { SavedQueryValue } from "../../api/resources";
import { cleanFilter } from "./exportUrl";

export interface ListQueryState {
  filterValues: Record<string, unknown>;
  sort: { field: string; order: string };
  perPage: number;
}

/** The list's current query as a saved query stores it. */
export function queryValueOf({ filterValues, sort, perPage }: ListQueryState): SavedQueryValue {
  return {
    filter: cleanFilter(filterValues),
    sort: { field: sort.field, order: sort.order === "DESC" ? "DESC" : "ASC" },
    perPage,
  };
}

/** JSON with object keys in order, so {a,b} and {b,a} compare equal. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stable(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Same filter, sort and page size (displayed filters do not matter). */
export const isSameQuery = (a: SavedQueryValue, b: SavedQueryValue): boolean =>
  stable(cleanFilter(a.filter)) === stable(cleanFilter(b.filter)) &&
  a.sort.field === b.sort.field &&
  a.sort.order === b.sort.order &&
  a.perPage === b.perPage;

/** A label for a new saved query must be non-empty and not already used for this resource. */
export function savedQueryLabelError(
  label: string,
  existing: readonly { label: string }[],
): "required" | "taken" | null {
  const trimmed = label.trim();
  if (!trimmed) return "required";
  return existing.some((query) => query.label.trim().toLowerCase() === trimmed.toLowerCase()) ? "taken" : null;
}

/** The label input's react-admin validator: the rule above, as i18n keys. */
export const savedQueryLabelValidator =
  (existing: readonly { label: string }[]) =>
  (label: unknown): string | undefined => {
    const problem = savedQueryLabelError(typeof label === "string" ? label : "", existing);
    if (problem === "required") return "resources.shared.savedQueries.labelRequired";
    if (problem === "taken") return "resources.shared.savedQueries.labelTaken";
    return undefined;
  };
