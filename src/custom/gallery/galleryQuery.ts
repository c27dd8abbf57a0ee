import type { GalleryFilter } from "../../api/tests";
import { GALLERY_PAGE_SIZE } from "../../config";
import { hasFilters } from "../../resources/shared/emptyState";

export const PAGE_SIZES = [GALLERY_PAGE_SIZE, 20, 50] as const;

export interface GalleryQuery {
  page: number;
  pageSize: number;
  filter: GalleryFilter;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const positiveInt = (raw: string | null, fallback: number) => {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/**
 * The gallery's state lives in its URL (spec §2: /gallery?pageSize=10&page=1), so a reload, a
 * bookmark or Back keeps the page and the filters. Anything malformed falls back to the default.
 */
export function parseGalleryQuery(search: URLSearchParams): GalleryQuery {
  const pageSize = positiveInt(search.get("pageSize"), GALLERY_PAGE_SIZE);
  const filter: GalleryFilter = {};
  const q = search.get("q")?.trim();
  if (q) filter.q = q;
  const deviceType = Number(search.get("deviceType"));
  if (search.get("deviceType") && Number.isInteger(deviceType)) filter.deviceType = deviceType;
  const accountId = search.get("accountId");
  if (accountId) filter.accountId = accountId;
  const from = search.get("from");
  if (from && DATE.test(from)) filter.from = from;
  const to = search.get("to");
  if (to && DATE.test(to)) filter.to = to;
  return {
    page: positiveInt(search.get("page"), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : GALLERY_PAGE_SIZE,
    filter,
  };
}

export function toGallerySearch({ page, pageSize, filter }: GalleryQuery): URLSearchParams {
  const search = new URLSearchParams({ pageSize: String(pageSize), page: String(page) });
  if (filter.q) search.set("q", filter.q);
  if (filter.deviceType !== undefined) search.set("deviceType", String(filter.deviceType));
  if (filter.accountId) search.set("accountId", filter.accountId);
  if (filter.from) search.set("from", filter.from);
  if (filter.to) search.set("to", filter.to);
  return search;
}

/** A changed filter starts again from the first page. */
export const withFilter = (query: GalleryQuery, filter: GalleryFilter): GalleryQuery => ({
  ...query,
  page: 1,
  filter,
});

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * Why a gallery page shows no test: there are tests, but not on this page (a page past the last);
 * the filters match none; or there is none at all (issue 26: not "match these filters" then).
 */
export type GalleryEmptyReason = "pastLastPage" | "filtered" | "none";

export function galleryEmptyReason(query: GalleryQuery, total: number): GalleryEmptyReason {
  if (total > 0) return "pastLastPage";
  return hasFilters(query.filter) ? "filtered" : "none";
}

/** "about 40 seconds", "about 3 minutes": the bulk download's estimate, in words. */
export function describeEstimate(seconds: number): { unit: "seconds" | "minutes"; count: number } {
  if (seconds < 60) return { unit: "seconds", count: Math.max(1, Math.round(seconds)) };
  return { unit: "minutes", count: Math.round(seconds / 60) };
}
