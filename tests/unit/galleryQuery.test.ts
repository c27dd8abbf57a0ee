import { describe, expect, it } from "vitest";
import {
  describeEstimate,
  parseGalleryQuery,
  toGallerySearch,
  toListSearch,
  toSpecSearch,
} from "../../src/custom/gallery/galleryQuery";

describe("gallery query in the URL (spec §2)", () => {
  it("defaults to page 1 of 10", () => {
    expect(parseGalleryQuery(new URLSearchParams(""))).toEqual({ page: 1, pageSize: 10, filter: {} });
  });

  it("reads /gallery?pageSize=10&page=1 and the filters", () => {
    const query = parseGalleryQuery(
      new URLSearchParams("pageSize=20&page=3&q=ring&deviceType=5001&accountId=a1&from=2026-01-01&to=2026-02-01"),
    );
    expect(query).toEqual({
      page: 3,
      pageSize: 20,
      filter: { q: "ring", deviceType: 5001, accountId: "a1", from: "2026-01-01", to: "2026-02-01" },
    });
  });

  it("falls back on malformed values", () => {
    expect(parseGalleryQuery(new URLSearchParams("pageSize=7&page=-2&deviceType=x&from=yesterday"))).toEqual({
      page: 1,
      pageSize: 10,
      filter: {},
    });
  });

  it("round-trips through the URL", () => {
    const query = { page: 2, pageSize: 50, filter: { q: "sku 1", deviceType: 4100 } };
    expect(parseGalleryQuery(toGallerySearch(query))).toEqual(query);
    expect(toGallerySearch({ page: 1, pageSize: 10, filter: {} }).toString()).toBe("pageSize=10&page=1");
  });

  it("words the estimate", () => {
    expect(describeEstimate(0.2)).toEqual({ unit: "seconds", count: 1 });
    expect(describeEstimate(42)).toEqual({ unit: "seconds", count: 42 });
    expect(describeEstimate(150)).toEqual({ unit: "minutes", count: 3 });
  });
});

describe("the spec's address and react-admin's list params", () => {
  const listParams = (search: string) => Object.fromEntries(new URLSearchParams(toListSearch(search)));

  it("gives the list the address's page, page size and filters", () => {
    expect(listParams("?pageSize=20&page=3&q=ring&deviceType=5001")).toEqual({
      page: "3",
      perPage: "20",
      filter: JSON.stringify({ q: "ring", deviceType: 5001 }),
    });
    expect(listParams("")).toEqual({ page: "1", perPage: "10", filter: "{}" });
    expect(listParams("?pageSize=7&page=-2&from=yesterday")).toEqual({ page: "1", perPage: "10", filter: "{}" });
  });

  it("writes the list's moves as the spec's address, whatever else react-admin keeps in it", () => {
    const moved = new URLSearchParams({
      pageSize: "10",
      page: "2",
      q: "old",
      sort: "date",
      order: "DESC",
      perPage: "50",
      filter: JSON.stringify({ q: "new", deviceType: 4100, from: "2026-01-01" }),
      displayedFilters: "{}",
    });
    expect(toSpecSearch(`?${moved}`)).toBe("?pageSize=50&page=2&q=new&deviceType=4100&from=2026-01-01");
  });

  it("round-trips the spec's address", () => {
    for (const search of ["?pageSize=10&page=1", "?pageSize=20&page=3&q=sku+1&accountId=a1&to=2026-02-01"])
      expect(toSpecSearch(toListSearch(search))).toBe(search);
  });
});
