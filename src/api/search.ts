/**
 * The records search behind the command palette (docs/api.md "Records search", `GET /api/search`):
 * a few records of each kind the caller's lists show, found by what a person types. Shared by the
 * console, the service and the tests; the shapes are the schema's (src/api/schemas/search.ts).
 */
import type { Static } from "typebox";
import type { searchAnswerSchema, searchResultSchema } from "./schemas/search";

/** The kinds searched, in the order the answer lists them (each is its list's resource name). */
export const SEARCH_KINDS = ["accounts", "businesses", "users", "devices", "tests"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** At most this many records of each kind: a palette shows a few, the list shows the rest. */
export const SEARCH_PER_KIND = 5;
/** What may be typed: 1 to 100 characters once trimmed. */
export const SEARCH_Q_MAX_LENGTH = 100;

export type SearchResult = Static<typeof searchResultSchema>;
export type SearchAnswer = Static<typeof searchAnswerSchema>;
