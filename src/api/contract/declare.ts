/**
 * How a resource is declared once for both sides (src/api/contract/<resource>.ts), as plain data
 * the console reads at run time: its record's fields (fields.ts; the service makes the record's
 * TypeBox schema from them, recordSchema.ts), what its list offers (the sorts, the filters and how
 * each filters, the search), how a record is named in a picker, which fields point at other
 * resources, what its edit form saves, and who may call each of its routes.
 *
 * A contract is plain data and never imports TypeBox: only the service makes schemas of it, so the
 * console does not carry TypeBox.
 */

import type { Role } from "../types";
import type { FieldKind, Fields } from "./fields";

export type Order = "ASC" | "DESC";

/**
 * Who may call one of a resource's routes (spec §6): any signed-in user, or the roles named. It is
 * the gate before the record's own rules (a business of one's own account, a user one outranks),
 * which the service checks in the route and the console asks of canAccess with the record.
 */
export type RouteAccess = "signedIn" | readonly Role[];

/**
 * Who may call each route the resource has, written once: the service's routes are guarded by it
 * (server/src/resources/routes.ts, writeRoutes.ts) and the console offers its pages and buttons
 * from it (src/access/accessRules.ts). A write route the resource does not have is left out;
 * `actions` are its POST {name}/{id}/{action} routes, by the action's path segment.
 */
export interface ResourceAccess {
  list: RouteAccess;
  get?: RouteAccess;
  export?: RouteAccess;
  create?: RouteAccess;
  update?: RouteAccess;
  delete?: RouteAccess;
  actions?: { readonly [action: string]: RouteAccess };
}

/**
 * How a list filters by a key:
 * - `exact`: equality on the record field of that name (its type says what the value must be);
 * - `range`: `{field}_gte` and `{field}_lte` on the date field of that name;
 * - a value type, for a filter that is not a field of the record (bookmarked, valid_at).
 */
export type FilterKind = "exact" | "range" | "boolean" | "date" | "string" | "integer";

/** The sidebar's icons, by name (src/access/screens.tsx draws them). */
export type MenuIcon =
  | "home"
  | "activity"
  | "payments"
  | "accounts"
  | "account"
  | "users"
  | "gallery"
  | "settings"
  | "devices"
  | "firmware"
  | "advancedSettings"
  | "discounts"
  | "recover";

/**
 * The screen of a resource that has no page of its own, declared with it: its list at /{name} in
 * the menu, drawn from the contract (src/access/screenTable.ts), and its words, which the console
 * adds to en.ts's (src/i18n/consoleMessages.ts) as `screens.{name}` and `resources.{name}`.
 */
export interface ScreenDeclaration {
  readonly icon: MenuIcon;
  /** The menu item's and the page's title. */
  readonly title: string;
  /** Its name ("Gauge |||| Gauges"), each field's label, and the words of its values by their key. */
  readonly words: { readonly name: string; readonly fields: { readonly [field: string]: string } } & {
    readonly [key: string]: string | { readonly [key: string]: string };
  };
}

export interface ResourceContract<R extends Fields, S extends string = string, F extends string = string> {
  /** The API path segment (`/api/{name}`), react-admin's resource name and the Content-Range unit. */
  name: string;
  /** The record's fields (fields.ts): their value types and how a list shows them. */
  fields: R;
  /** The record's name in messages ("This business was changed by someone else."). */
  label: string;
  /** What the resource's routes do, in a sentence: its tag's description in the OpenAPI document. */
  description: string;
  /** The fields the list sorts by; `id` sorts every list too (react-admin's default sort). */
  sorts: readonly S[];
  defaultSort: readonly [S, Order];
  filters: { readonly [K in F]: K extends keyof R ? FilterKind : Exclude<FilterKind, "exact" | "range"> };
  /** `q` searches the record's text fields (the service says which). */
  search: boolean;
  /** The field a picker and a title show for a record. */
  representation: keyof R & string;
  /** Fields holding the id of a record of another resource. */
  references?: { readonly [K in keyof R]?: string };
  /**
   * Fields holding an amount in minor units, each with the field naming its currency: the JSON
   * keeps minor units; a CSV export writes them as people read them ("149.00", src/api/money.ts).
   */
  money?: { readonly [K in keyof R]?: keyof R & string };
  /**
   * The fields an edit form sends, with the version (PUT {name}/{id}); the service's update body
   * takes each of them (the contract suite holds it to that). A role may edit fewer (users).
   */
  editable?: readonly (keyof R & string)[];
  /**
   * The list's columns, in order (the console draws each by its field's type); without it, every
   * field but ids, versions and the fields in `references` (their name field is the column).
   */
  columns?: readonly (keyof R & string)[];
  /** Columns the list hides at first; its column chooser offers them. */
  hiddenColumns?: readonly (keyof R & string)[];
  access: ResourceAccess;
  /** Its own screen, drawn whole from this declaration (a resource with a page of its own has none). */
  screen?: ScreenDeclaration;
}

/** The access of a resource whose every route is for the same callers (a super admins' resource). */
export const everyRouteFor = (access: RouteAccess): ResourceAccess => ({
  list: access,
  get: access,
  export: access,
  create: access,
  update: access,
  delete: access,
});

/** Any resource's contract, as the code that reads every one of them sees it. */
export type AnyResourceContract = ResourceContract<Fields>;

/**
 * Declares a resource's contract, its sorts and filters checked against its record's fields; the
 * record's type is `field.RecordOf<typeof xContract.fields>`.
 */
export const declareResource = <const R extends Fields, const S extends keyof R & string, const F extends string>(
  contract: ResourceContract<R, S, F>,
) => contract;

/** The sorts a list accepts: its declared ones and `id`. */
export const sortsOf = (contract: Pick<AnyResourceContract, "sorts">): readonly string[] => [...contract.sorts, "id"];

/** The filter keys a list accepts, as sent (`range` fields as `{field}_gte` and `{field}_lte`). */
export function filterKeysOf(contract: Pick<AnyResourceContract, "filters" | "search">): string[] {
  const keys = contract.search ? ["q", "id"] : ["id"];
  for (const [key, kind] of Object.entries(contract.filters)) {
    if (kind === "range") keys.push(`${key}_gte`, `${key}_lte`);
    else keys.push(key);
  }
  return keys;
}

/**
 * The order a picker lists a resource's records in: by the field that names them, when the list
 * sorts by it, else the list's own default.
 */
export function pickerSortOf(contract: AnyResourceContract): { field: string; order: Order } {
  if (contract.sorts.includes(contract.representation)) return { field: contract.representation, order: "ASC" };
  return { field: contract.defaultSort[0], order: contract.defaultSort[1] };
}

/** What an edit form's save sends: the version and the editable fields. */
export const editedFieldsOf = (contract: Pick<AnyResourceContract, "editable">): string[] => [
  "version",
  ...(contract.editable ?? []),
];

/** A list's columns, in order: the declared ones, else every field that is no id, version or reference. */
export function columnsOf(contract: Pick<AnyResourceContract, "columns" | "fields" | "references">): string[] {
  if (contract.columns) return [...contract.columns];
  return Object.entries(contract.fields)
    .filter(([key, { kind }]) => kind !== "id" && kind !== "version" && !(key in (contract.references ?? {})))
    .map(([key]) => key);
}

/** How a list's filter sidebar offers a declared filter: its values, Yes and No, date ranges, or no facet. */
export type FacetKind = "values" | "yesNo" | "dates" | "none";

/** The facet an `exact` filter on a field of each kind makes. */
const FACET_OF_FIELD: Partial<Record<FieldKind, FacetKind>> = { oneOf: "values", boolean: "yesNo" };

/**
 * Each declared filter, in order, with the facet it makes: a field of a few values (oneOf), a
 * yes-or-no field, a date range; an id, a text or a filter that is no field has no facet (a list
 * may draw its own).
 */
export function facetsOf(
  contract: Pick<AnyResourceContract, "filters" | "fields">,
): { source: string; kind: FacetKind }[] {
  return Object.entries(contract.filters).map(([source, filter]) => {
    const field = contract.fields[source];
    if (filter === "range") return { source, kind: "dates" };
    const kind = filter === "exact" && field ? FACET_OF_FIELD[field.kind] : undefined;
    return { source, kind: kind ?? "none" };
  });
}
