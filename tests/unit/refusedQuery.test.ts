import { describe, expect, it } from "vitest";
import { HttpError } from "react-admin";
import {
  afterListFailure,
  defaultListQuery,
  isDefaultListQuery,
  refusedQueryMessage,
  type ListQuery,
} from "../../src/resources/shared/refusedQuery";

const refused = (message: string) => new HttpError(message, 400, { message });

const defaults = defaultListQuery({ sort: { field: "createdAt", order: "DESC" }, perPage: 25 });

const query = (overrides: Partial<ListQuery> = {}): ListQuery => ({ ...defaults, ...overrides });

describe("a refused list query", () => {
  it("is a 400, read with the service's message", () => {
    expect(refusedQueryMessage(refused("sort: unknown field description"))).toBe("sort: unknown field description");
  });

  it("prefers the body's message to the error's", () => {
    const error = new HttpError("Bad Request", 400, { message: "filter: unknown field x" });
    expect(refusedQueryMessage(error)).toBe("filter: unknown field x");
  });

  it("falls back to the error's message, then to the status", () => {
    expect(refusedQueryMessage(new HttpError("range: at most 100 rows per page", 400, null))).toBe(
      "range: at most 100 rows per page",
    );
    expect(refusedQueryMessage({ status: 400, message: "  ", body: { message: "" } })).toBe("HTTP 400");
  });

  it("is not any other failure", () => {
    expect(refusedQueryMessage(new HttpError("Forbidden", 403, { message: "Forbidden" }))).toBeNull();
    expect(refusedQueryMessage(new HttpError("Server error", 500, { message: "Server error" }))).toBeNull();
    expect(refusedQueryMessage(new HttpError("email: taken", 422, { message: "email: taken" }))).toBeNull();
    expect(refusedQueryMessage(new TypeError("Failed to fetch"))).toBeNull();
    expect(refusedQueryMessage(null)).toBeNull();
    expect(refusedQueryMessage("400")).toBeNull();
  });
});

describe("the list's default query", () => {
  it("is the List's sort, its default filters, page 1 and its page size", () => {
    expect(
      defaultListQuery({
        sort: { field: "runAt", order: "ASC" },
        filterDefaultValues: { status: "pending" },
        perPage: 50,
      }),
    ).toEqual({ sort: { field: "runAt", order: "ASC" }, filterValues: { status: "pending" }, page: 1, perPage: 50 });
  });

  it("is react-admin's id ascending and no filter when the List gives none", () => {
    expect(defaultListQuery({ perPage: 25 })).toEqual({
      sort: { field: "id", order: "ASC" },
      filterValues: {},
      page: 1,
      perPage: 25,
    });
  });

  it("compares filters by value, ignoring empty ones and key order", () => {
    const withFilters = defaultListQuery({ filterDefaultValues: { a: 1, b: ["x"] }, perPage: 25 });
    expect(isDefaultListQuery({ ...withFilters, filterValues: { b: ["x"], a: 1, q: "" } }, withFilters)).toBe(true);
    expect(isDefaultListQuery({ ...withFilters, filterValues: { a: 1 } }, withFilters)).toBe(false);
  });

  it("differs in any of sort field, order, filters, page or page size", () => {
    expect(isDefaultListQuery(query(), defaults)).toBe(true);
    expect(isDefaultListQuery(query({ sort: { field: "description", order: "DESC" } }), defaults)).toBe(false);
    expect(isDefaultListQuery(query({ sort: { field: "createdAt", order: "ASC" } }), defaults)).toBe(false);
    expect(isDefaultListQuery(query({ filterValues: { x: 1 } }), defaults)).toBe(false);
    expect(isDefaultListQuery(query({ page: 3 }), defaults)).toBe(false);
    expect(isDefaultListQuery(query({ perPage: 500 }), defaults)).toBe(false);
  });
});

describe("after a list's getList failed", () => {
  it("puts a refused sort back to the default, with the service's message", () => {
    const current = query({ sort: { field: "description", order: "ASC" }, page: 2 });
    expect(afterListFailure(refused("sort: unknown field description"), current, defaults)).toEqual({
      kind: "reset",
      message: "sort: unknown field description",
      to: { sort: { field: "createdAt", order: "DESC" }, filterValues: {}, page: 1, perPage: 25 },
    });
  });

  it("drops refused filters, keeping the default sort", () => {
    const current = query({ filterValues: { x: "1", status: "active" } });
    const next = afterListFailure(refused("filter: unknown field x"), current, defaults);
    expect(next).toEqual({ kind: "reset", message: "filter: unknown field x", to: defaults });
  });

  it("puts a refused page size back to the list's own", () => {
    const next = afterListFailure(refused("range: at most 100 rows per page"), query({ perPage: 500 }), defaults);
    expect(next).toMatchObject({ kind: "reset", to: { perPage: 25, page: 1 } });
  });

  it("does nothing more when the default query is refused too (no loop)", () => {
    expect(afterListFailure(refused("sort: unknown field createdAt"), query(), defaults)).toEqual({ kind: "none" });
  });

  it("does nothing for a failure that is not a refused query", () => {
    const current = query({ sort: { field: "description", order: "ASC" } });
    expect(afterListFailure(new HttpError("Server error", 500, {}), current, defaults)).toEqual({ kind: "none" });
    expect(afterListFailure(new TypeError("Failed to fetch"), current, defaults)).toEqual({ kind: "none" });
  });
});
