/**
 * Whether an empty list may blame its filters (issue 26): only when one is set. A filter left
 * empty (a cleared search, an "all" choice) is not one.
 */
const isSet = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0);

/** True when at least one of the list's filters holds a value. */
export const hasFilters = (filterValues: object | null | undefined): boolean =>
  Object.values(filterValues ?? {}).some(isSet);
