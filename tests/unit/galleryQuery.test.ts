import { describe, expect, it } from "vitest";
import {
  describeEstimate,
  galleryEmptyReason,
  pageCount,
  parseGalleryQuery,
  toGallerySearch,
  withFilter,
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

  it("goes back to page 1 when a filter changes", () => {
    expect(withFilter({ page: 4, pageSize: 10, filter: {} }, { q: "x" })).toEqual({
      page: 1,
      pageSize: 10,
      filter: { q: "x" },
    });
  });

  it("counts pages", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it("words the estimate", () => {
    expect(describeEstimate(0.2)).toEqual({ unit: "seconds", count: 1 });
    expect(describeEstimate(42)).toEqual({ unit: "seconds", count: 42 });
    expect(describeEstimate(150)).toEqual({ unit: "minutes", count: 3 });
  });
});

describe("an empty gallery page (issue 26)", () => {
  const query = (search: string) => parseGalleryQuery(new URLSearchParams(search));
  it("blames the filters only when one is set", () => {
    expect(galleryEmptyReason(query(""), 0)).toBe("none");
    expect(galleryEmptyReason(query("q=%20%20"), 0)).toBe("none");
    expect(galleryEmptyReason(query("q=emerald"), 0)).toBe("filtered");
    expect(galleryEmptyReason(query("deviceType=4100"), 0)).toBe("filtered");
  });
  it("says a page past the last is empty, filters or not", () => {
    expect(galleryEmptyReason(query("page=9"), 12)).toBe("pastLastPage");
    expect(galleryEmptyReason(query("page=9&q=emerald"), 3)).toBe("pastLastPage");
  });
});
