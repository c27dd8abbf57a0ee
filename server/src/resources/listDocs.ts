/**
 * What a list accepts and what a resource's routes answer, said in the OpenAPI document from the
 * spec the list's query is parsed by (listQuery.ts), so the document names every sort and filter
 * the service takes and no other. A client reads there which columns sort (the console once offered
 * sorts the service refused: issue 22).
 */
import { MAX_RANGE_START, type ListQueryDocs, type ListQuerySpec } from "./listQuery";
import type { FilterSpec, ResourceDefinition } from "./definition";

const code = (text: string) => `\`${text}\``;

/** What one of a resource's filter keys takes, in words. */
function takes({ type, op }: FilterSpec): string {
  if (Array.isArray(type)) return `one of ${type.map(code).join(", ")}`;
  if (type === "date") {
    const bound = op === ">=" ? ": from it on" : op === "<=" ? ": up to it" : "";
    return `an ISO 8601 date or date-time${bound}`;
  }
  const words = { string: "text, matched exactly", integer: "a whole number", boolean: "true or false" };
  return words[type as keyof typeof words];
}

/** What each filter key of a resource's list takes (list.ts adds `q` and `id` to its own). */
export function resourceFilterWords(def: ResourceDefinition): Record<string, string> {
  return {
    q: "text: the list's search",
    id: "an id, or a list of up to 1,000",
    ...Object.fromEntries(Object.entries(def.filters).map(([key, spec]) => [key, takes(spec)])),
  };
}

/**
 * The `sort`, `range` and `filter` parameters of a list (and of its CSV export, which ignores the
 * range), from the spec its query is parsed by; `filterWords` says what each filter key takes, and
 * must name every key the spec accepts.
 */
export function listQueryDocs(
  spec: Pick<
    ListQuerySpec,
    "sorts" | "defaultSort" | "defaultRange" | "maxRows" | "filters" | "anyCaseOrder" | "ignoreEmptyValues"
  >,
  filterWords: Record<string, string>,
): ListQueryDocs {
  const keys = Object.keys(spec.filters);
  const unsaid = keys.filter((key) => filterWords[key] === undefined);
  if (unsaid.length > 0) throw new Error(`The list's documentation does not say what ${unsaid.join(", ")} takes`);
  const filters = keys.map((key) => `${code(key)} (${filterWords[key]})`);
  const [sortField] = spec.defaultSort;
  return {
    sort: {
      description: `JSON \`[field, order]\`: field one of ${spec.sorts.map(code).join(", ")}; order \`ASC\` or \`DESC\`${spec.anyCaseOrder ? " (any case)" : ""}. Default ${code(JSON.stringify(spec.defaultSort))}.`,
      example: JSON.stringify([spec.sorts.find((sort) => sort !== sortField) ?? "id", "ASC"]),
    },
    range: {
      description: `JSON \`[first, last]\`: the rows from first to last, counted from 0, both included; at most ${spec.maxRows} rows, first at most ${MAX_RANGE_START.toLocaleString("en")}. Default ${code(JSON.stringify(spec.defaultRange))}.`,
      example: JSON.stringify(spec.defaultRange),
    },
    filter: {
      description: `JSON object, every key optional${spec.ignoreEmptyValues ? " (a null or empty value is ignored)" : ""}: ${filters.join(", ")}. Any other key is refused (400).`,
      // A search where the list has one; an empty filter is every list's.
      example: "q" in spec.filters ? JSON.stringify({ q: "a" }) : "{}",
    },
  };
}

/** What every resource's routes of one kind do beyond their summary: the operations' descriptions. */
export const ROUTE_DESCRIPTIONS = {
  list: "Only the rows the caller may see (an admin or manager: their own account's). A query the list does not take (an undeclared sort or filter, a range too long or too deep) is refused with 400, its message naming the part.",
  export:
    "Every row the filter selects, in the order `sort` gives (no range, no page size), one CSV column per record field; refused as the list refuses.",
  get: "404 when the record does not exist or is outside the caller's scope.",
  create:
    "201 with the created record, its path in Location; 400 names the first field refused. The creation is in the activity log.",
  update:
    "The body's `version` is the record's version the caller read: 409 when the record changed since (read it again). The change is in the activity log.",
  action:
    "The body's `version` is the record's version the caller read: 409 when the record changed since. The change is in the activity log.",
  delete:
    "Answers the deleted record; 404 when it does not exist or is outside the caller's scope, 422 when it may not go (still in use). The deletion is in the activity log.",
} as const;
