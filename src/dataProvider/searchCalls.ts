/**
 * The command palette's records (docs/api.md "Records search"): one search across the lists, not a
 * record react-admin knows, so a custom call, read through react-query as react-admin's own hooks
 * are. A service without the route (spec §7 does not name it) answers 404: the palette then offers
 * its screens and actions alone.
 */
import type { SearchAnswer } from "../api/search";
import type { HttpClient } from "./httpClient";

export interface SearchCalls {
  /** GET search?q=…: a few records of each kind the caller's lists show. */
  searchRecords(q: string, signal?: AbortSignal): Promise<SearchAnswer>;
}

export function createSearchCalls(httpClient: HttpClient): SearchCalls {
  return {
    searchRecords: (q, signal) =>
      httpClient.json<SearchAnswer>(`search?${new URLSearchParams({ q }).toString()}`, { signal }),
  };
}
