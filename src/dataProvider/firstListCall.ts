/**
 * A page's first list asked for as ra-data-simple-rest asks it (its URL, its Range header, its
 * total from Content-Range), without its code: ra-data-simple-rest brings react-admin's core, and
 * the page's first list leaves with start-up, before that code is evaluated (issue 23). The same
 * answer as the dataProvider's getList (tests/unit/firstListCall.test.ts holds the two together);
 * a call it does not make the same way (a route of resourceRoutes.ts, an embed) is left to the page.
 */
import type { GetListParams, GetListResult } from "react-admin";
import type { HttpClient } from "./httpClient";
import { listParamsAsked } from "./galleryDays";
import { partialWhenUncounted, SAVED_QUERIES } from "./resourceRoutes";

/** query-string's encoding, as ra-data-simple-rest's: encodeURIComponent and !'()* too. */
const strict = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** getList(resource, params) as the dataProvider makes it, or undefined for a call it routes otherwise. */
export function firstListCall(httpClient: Pick<HttpClient, "baseUrl" | "fetchJson">) {
  return (resource: string, listParams: GetListParams): Promise<GetListResult> | undefined => {
    if (resource === SAVED_QUERIES || (listParams.meta as { embed?: unknown } | undefined)?.embed) return undefined;
    // As withResourceRoutes asks it: the gallery's days as instants.
    const params = listParamsAsked(resource, listParams);
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    const { field, order } = params.sort ?? { field: "id", order: "ASC" };
    const start = (page - 1) * perPage;
    const end = page * perPage - 1;
    // In query-string's order: its keys sorted, an undefined value left out.
    const query = [
      ["filter", JSON.stringify(params.filter)],
      ["range", JSON.stringify([start, end])],
      ["sort", JSON.stringify([field, order])],
    ]
      .filter((pair): pair is [string, string] => pair[1] !== undefined)
      .map(([name, value]) => `${name}=${strict(value)}`)
      .join("&");
    return httpClient
      .fetchJson(`${httpClient.baseUrl}/${resource}?${query}`, {
        headers: new Headers({ Range: `${resource}=${start}-${end}` }),
      })
      .then(({ headers, json }) => {
        const range = headers.get("content-range");
        if (range === null) throw new Error("The Content-Range header is missing in the HTTP Response.");
        const result = { data: json as GetListResult["data"], total: parseInt(range.split("/").pop() || "", 10) };
        return partialWhenUncounted(result, params);
      });
  };
}
