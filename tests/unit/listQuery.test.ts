import Value from "typebox/value";
import { describe, expect, it } from "vitest";
import { HttpError } from "../../server/src/http/errors";
import {
  checks,
  listQuerySchema,
  MAX_RANGE_START,
  parseListQuery,
  type FilterCheck,
  type ListQuery,
  type ListQuerySpec,
} from "../../server/src/resources/listQuery";

/**
 * The one parser of ra-data-simple-rest's list query (docs/api-resources.md "Lists"): the sort
 * pair, the inclusive range under a page cap, a filter of known keys; every refusal a 400 in the
 * list's own wording. The wording below is the resources'.
 */
const messages: ListQuerySpec["messages"] = {
  invalidJson: (part) => `${part} must be valid JSON`,
  sortShape: 'sort must be ["field","ASC"|"DESC"]',
  unknownSort: (field) => `sort: unknown field ${field}`,
  badOrder: "sort: order must be ASC or DESC",
  rangeShape: "range must be [start, end] with 0 <= start <= end",
  rangeTooLong: (max) => `range: at most ${max} rows per page`,
  unknownFilter: (key) => `filter: unknown field ${key}`,
  filterKey: (key) => `filter: ${key}`,
};

/** Made per test, so a broken `checks` fails the tests rather than the file's loading. */
const specOf = (): ListQuerySpec => ({
  sorts: ["name", "createdAt", "id"],
  defaultSort: ["createdAt", "DESC"],
  defaultRange: [0, 24],
  maxRows: 100,
  filters: {
    q: checks.string(20),
    status: checks.oneOf(["active", "lost"]),
    // Answers undefined for a blank search: the key is then left out.
    blank: (value) => (value === "" ? undefined : value),
    seen: (value) => `seen ${String(value)}`,
  },
  messages,
});

const parse = (query: ListQuery, overrides: Partial<ListQuerySpec> = {}) =>
  parseListQuery({ ...specOf(), ...overrides }, query);

/** The 400's message, or a failure when the query is taken. */
function refusal(query: ListQuery, overrides: Partial<ListQuerySpec> = {}): string {
  try {
    parse(query, overrides);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error(`taken: ${JSON.stringify(query)}`);
}

const json = (value: unknown) => JSON.stringify(value);

describe("parseListQuery: defaults", () => {
  it("answers the list's default sort and range, and no filter, for an empty query", () => {
    expect(parse({})).toEqual({ sortField: "createdAt", order: "DESC", start: 0, end: 24, filter: {} });
  });

  it("hands out copies: the spec's defaults stay as they are", () => {
    const defaultSort: [string, "ASC" | "DESC"] = ["createdAt", "DESC"];
    const defaultRange: [number, number] = [0, 24];
    parse({}, { defaultSort, defaultRange });
    expect([defaultSort, defaultRange]).toEqual([
      ["createdAt", "DESC"],
      [0, 24],
    ]);
  });
});

describe("parseListQuery: sort", () => {
  it("takes a [field, order] pair of the list's own sorts", () => {
    expect(parse({ sort: json(["name", "ASC"]) })).toMatchObject({ sortField: "name", order: "ASC" });
    expect(parse({ sort: json(["id", "DESC"]) })).toMatchObject({ sortField: "id", order: "DESC" });
  });

  it("refuses a field the list does not sort by, prototype names included", () => {
    expect(refusal({ sort: json(["email", "ASC"]) })).toBe("sort: unknown field email");
    expect(refusal({ sort: json(["constructor", "ASC"]) })).toBe("sort: unknown field constructor");
  });

  it.each([[json("name")], [json(["name"])], [json(["name", "ASC", "x"])], [json([1, "ASC"])], [json({})]])(
    "refuses %s, which is not a [field, order] pair",
    (sort) => {
      expect(refusal({ sort })).toBe(messages.sortShape);
    },
  );

  it("takes ASC or DESC only, in capitals unless the list takes any case (the gallery)", () => {
    for (const order of ["asc", "UP", null]) {
      expect(refusal({ sort: json(["name", order]) })).toBe("sort: order must be ASC or DESC");
    }
    expect(parse({ sort: json(["name", "asc"]) }, { anyCaseOrder: true })).toMatchObject({ order: "ASC" });
    expect(parse({ sort: json(["name", "desc"]) }, { anyCaseOrder: true })).toMatchObject({ order: "DESC" });
    expect(refusal({ sort: json(["name", "up"]) }, { anyCaseOrder: true })).toBe(messages.badOrder);
  });
});

describe("parseListQuery: range", () => {
  it("takes an inclusive [start, end], one row included", () => {
    expect(parse({ range: json([10, 19]) })).toMatchObject({ start: 10, end: 19 });
    expect(parse({ range: json([0, 0]) })).toMatchObject({ start: 0, end: 0 });
  });

  it.each([[[5]], [[0, 1, 2]], [[-1, 4]], [[0, 2.5]], [["0", "9"]], [[9, 8]], [{ start: 0 }]])(
    "refuses %j",
    (range) => {
      expect(refusal({ range: json(range) })).toBe(messages.rangeShape);
    },
  );

  it("pages at most maxRows rows", () => {
    expect(parse({ range: json([100, 199]) })).toMatchObject({ start: 100, end: 199 });
    expect(refusal({ range: json([100, 200]) })).toBe("range: at most 100 rows per page");
  });

  it("starts at most MAX_RANGE_START rows deep, in the list's wording or the default one", () => {
    expect(parse({ range: json([MAX_RANGE_START, MAX_RANGE_START + 9]) })).toMatchObject({ start: MAX_RANGE_START });
    const deeper = { range: json([MAX_RANGE_START + 1, MAX_RANGE_START + 1]) };
    expect(refusal(deeper)).toBe("range: the first row must be at most 1000000");
    expect(refusal(deeper, { messages: { ...messages, rangeTooDeep: (max) => `≤ ${max}` } })).toBe("≤ 1000000");
  });
});

describe("parseListQuery: filter", () => {
  it("answers each known key's checked value", () => {
    expect(parse({ filter: json({ q: "gem", status: "lost", seen: 1 }) }).filter).toEqual({
      q: "gem",
      status: "lost",
      seen: "seen 1",
    });
  });

  it("leaves out a key whose check answers undefined", () => {
    expect(Object.keys(parse({ filter: json({ blank: "", q: "x" }) }).filter)).toEqual(["q"]);
  });

  it("skips null and empty values before any check where the list says so (an emptied input)", () => {
    const filter = json({ status: null, q: "", nope: "" });
    expect(parse({ filter }, { ignoreEmptyValues: true }).filter).toEqual({});
    expect(refusal({ filter })).toBe("filter: status must be one of: active, lost");
    expect(parse({ filter: json({ seen: null }) }).filter).toEqual({ seen: "seen null" });
    expect(parse({ filter: json({ seen: 0, blank: false }) }, { ignoreEmptyValues: true }).filter).toEqual({
      seen: "seen 0",
      blank: false,
    });
  });

  it("refuses a key the list does not filter by, prototype names included", () => {
    expect(refusal({ filter: json({ colour: "red" }) })).toBe("filter: unknown field colour");
    for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(refusal({ filter: `{"${key}":"x"}` })).toBe(`filter: unknown field ${key}`);
    }
  });

  it("names the key and what it must be when a value is wrong", () => {
    expect(refusal({ filter: json({ q: "x".repeat(21) }) })).toBe("filter: q must be a string");
    expect(
      refusal({ filter: json({ q: 7 }) }, { messages: { ...messages, filterKey: (key) => `filter.${key}` } }),
    ).toBe("filter.q must be a string");
  });

  it.each([["[]"], ["null"], ["3"], ['"status"']])("refuses %s, which is not a JSON object", (filter) => {
    expect(refusal({ filter })).toBe("filter must be a JSON object");
  });
});

describe("parseListQuery: what is not JSON or not text", () => {
  it.each(["sort", "range", "filter"] as const)("refuses a %s that is not JSON, naming it", (part) => {
    expect(refusal({ [part]: "[0," })).toBe(`${part} must be valid JSON`);
  });

  it.each([
    ["sort", '["na\\u0000me","ASC"]'],
    ["range", '[0,9,"\\ud800"]'],
    ["filter", '{"q":"\\u0000"}'],
    ["filter", '{"\\udc00":"x"}'],
  ] as const)("refuses a %s holding a NUL or a lone surrogate (%s) before anything else", (part, text) => {
    expect(refusal({ [part]: text })).toBe(`${part} must not contain NUL or unpaired surrogate characters`);
  });
});

describe("the shared filter checks", () => {
  /** The check's answer, or "wrong: <what>" when it refuses. */
  const run = (check: FilterCheck, value: unknown) => {
    try {
      return check(value, (what) => {
        throw new Error(`wrong: ${what}`);
      });
    } catch (error) {
      return (error as Error).message;
    }
  };

  it("string: text up to its length, in its own words", () => {
    expect(run(checks.string(3), "abc")).toBe("abc");
    expect(run(checks.string(3), "abcd")).toBe("wrong: a string");
    expect(run(checks.string(3), 12)).toBe("wrong: a string");
    expect(run(checks.string(3, "an id"), null)).toBe("wrong: an id");
  });

  it("integer: whole numbers of the integer column, digit strings too", () => {
    expect(run(checks.integer, 5001)).toBe(5001);
    expect(run(checks.integer, "5001")).toBe(5001);
    expect(run(checks.integer, "-12")).toBe(-12);
    expect(run(checks.integer, 2147483647)).toBe(2147483647);
    expect(run(checks.integer, -2147483648)).toBe(-2147483648);
    for (const value of [2147483648, -2147483649, "2147483648", 1.5, "1.5", "12345678901", " 12", "", "0x10", true]) {
      expect(run(checks.integer, value), String(value)).toBe("wrong: a whole number");
    }
  });

  it("boolean: true or false, not their strings", () => {
    expect(run(checks.boolean, true)).toBe(true);
    expect(run(checks.boolean, false)).toBe(false);
    expect(run(checks.boolean, "true")).toBe("wrong: true or false");
  });

  it("oneOf: one of its values, listed when refused", () => {
    expect(run(checks.oneOf(["a", "b"]), "b")).toBe("b");
    expect(run(checks.oneOf(["a", "b"]), "c")).toBe("wrong: one of: a, b");
    expect(run(checks.oneOf(["a", "b"]), ["a"])).toBe("wrong: one of: a, b");
  });

  it("isoDate: a date or date-time that exists, answered as an ISO instant", () => {
    expect(run(checks.isoDate, "2024-02-29")).toBe("2024-02-29T00:00:00.000Z");
    expect(run(checks.isoDate, "2024-03-01T10:30:00+02:00")).toBe("2024-03-01T08:30:00.000Z");
    expect(run(checks.isoDate, "2024-03-01 10:30:00.5Z")).toBe("2024-03-01T10:30:00.500Z");
    expect(run(checks.isoDate, "2024-03-01T10:30:00-0130")).toBe("2024-03-01T12:00:00.000Z");
    expect(run(checks.isoDate, "2024-03-01T10:30:00")).not.toMatch(/^wrong/);
    for (const value of [
      "2023-02-29",
      "2024-02-30",
      "2024-01-01T24:00:00Z",
      "0000-01-01",
      "yesterday",
      "2024-1-1",
      0,
      ["2024-02-29"],
    ]) {
      expect(run(checks.isoDate, value), String(value)).toBe("wrong: a date (ISO 8601)");
    }
  });

  it("day: a YYYY-MM-DD day that exists, as it is", () => {
    expect(run(checks.day, "2024-02-29")).toBe("2024-02-29");
    for (const value of ["2023-02-29", "2024-02-29T00:00:00Z", "0000-01-01", "20240229", 20240229, ["2024-02-29"]]) {
      expect(run(checks.day, value), String(value)).toBe("wrong: a date (YYYY-MM-DD)");
    }
  });
});

describe("listQuerySchema", () => {
  it("takes sort, range and filter as bounded strings, and nothing else", () => {
    const schema = listQuerySchema(50);
    expect(Value.Check(schema, { sort: "x".repeat(200), range: "x".repeat(100), filter: "x".repeat(50) })).toBe(true);
    expect(Value.Check(schema, {})).toBe(true);
    expect(Value.Check(schema, { sort: "x".repeat(201) })).toBe(false);
    expect(Value.Check(schema, { range: "x".repeat(101) })).toBe(false);
    expect(Value.Check(schema, { filter: "x".repeat(51) })).toBe(false);
    expect(Value.Check(schema, { page: "1" })).toBe(false);
  });
});
