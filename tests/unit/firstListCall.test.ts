/**
 * The page's first list asked with start-up (src/dataProvider/firstListCall.ts) is the call the
 * dataProvider's getList makes, and gives the same answer: the list takes one for the other.
 */
import { describe, expect, it } from "vitest";
import simpleRestProvider from "ra-data-simple-rest";
import type { GetListParams } from "react-admin";
import { firstListCall } from "../../src/dataProvider/firstListCall";
import type { HttpClient } from "../../src/dataProvider/httpClient";
import { withResourceRoutes } from "../../src/dataProvider/resourceRoutes";

const BASE = "https://service.example/api";

/** A client that records what is asked and answers `rows` with `range`. */
function recordingClient(rows: unknown[], range: string) {
  const asked: { url: string; range: string | null }[] = [];
  const fetchJson = async (url: string, options: { headers?: HeadersInit } = {}) => {
    asked.push({ url, range: new Headers(options.headers).get("range") });
    return { status: 200, headers: new Headers({ "Content-Range": range }), body: JSON.stringify(rows), json: rows };
  };
  return { asked, client: { baseUrl: BASE, fetchJson } as unknown as HttpClient };
}

const CALLS: [string, GetListParams][] = [
  ["accounts", { pagination: { page: 1, perPage: 25 }, sort: { field: "createdAt", order: "DESC" }, filter: {} }],
  [
    "users",
    {
      pagination: { page: 3, perPage: 10 },
      sort: { field: "lastName", order: "ASC" },
      filter: { q: "O'Brien (admin)*!", role: ["Admin", "Manager"] },
    },
  ],
  [
    "tests",
    { pagination: { page: 1, perPage: 10 }, sort: { field: "date", order: "DESC" }, filter: { from: "2026-11-01" } },
  ],
];

describe("the first list asked with start-up", () => {
  for (const [resource, params] of CALLS) {
    for (const range of ["items 0-1/2", "items 0-24/*"]) {
      it(`asks and answers ${resource} as the dataProvider does (total ${range.split("/")[1]})`, async () => {
        const rows = [{ id: "a" }, { id: "b" }];
        const mine = recordingClient(rows, range);
        const theirs = recordingClient(rows, range);
        const expected = await withResourceRoutes(
          simpleRestProvider(BASE, theirs.client.fetchJson),
          theirs.client,
        ).getList(resource, params);
        const answer = await firstListCall(mine.client)(resource, params);
        expect(mine.asked).toEqual(theirs.asked);
        expect(answer).toEqual(expected);
      });
    }
  }

  it("leaves to the page a call the dataProvider routes otherwise (saved filters) or embeds", () => {
    const { client, asked } = recordingClient([], "items */0");
    const ask = firstListCall(client);
    expect(ask("saved-queries", { filter: { resource: "accounts" } } as GetListParams)).toBeUndefined();
    expect(ask("accounts", { meta: { embed: ["owner"] } } as GetListParams)).toBeUndefined();
    expect(asked).toEqual([]);
  });
});
