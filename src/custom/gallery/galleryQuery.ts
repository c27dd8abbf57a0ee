import type { GalleryFilter } from "../../api/tests";
import { GALLERY_PAGE_SIZE } from "../../config";

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
  for (const end of ["from", "to"] as const) if (DATE.test(search.get(end) ?? "")) filter[end] = search.get(end)!;
  return {
    page: positiveInt(search.get("page"), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : GALLERY_PAGE_SIZE,
    filter,
  };
}

export function toGallerySearch({ page, pageSize, filter }: GalleryQuery): URLSearchParams {
  const search = new URLSearchParams({ pageSize: String(pageSize), page: String(page) });
  for (const [name, value] of Object.entries(filter)) if (value !== undefined) search.set(name, String(value));
  return search;
}

/** The spec's address as react-admin's list reads it: `page`, `perPage`, `filter` (JSON); the default sort. */
export function toListSearch(search: string): string {
  const { page, pageSize, filter } = parseGalleryQuery(new URLSearchParams(search));
  return `?${new URLSearchParams({ page: String(page), perPage: String(pageSize), filter: JSON.stringify(filter) })}`;
}

/** The address react-admin's list asks for (a page, a page size, filters) in the spec's words. */
export function toSpecSearch(listSearch: string): string {
  const list = new URLSearchParams(listSearch);
  const spec = new URLSearchParams({ pageSize: list.get("perPage") ?? "", page: list.get("page") ?? "" });
  const filter = JSON.parse(list.get("filter") || "{}") as Record<string, unknown>;
  for (const [name, value] of Object.entries(filter)) spec.set(name, String(value));
  return `?${toGallerySearch(parseGalleryQuery(spec))}`;
}

/** "about 40 seconds", "about 3 minutes": the bulk download's estimate, in words. */
export function describeEstimate(seconds: number): { unit: "seconds" | "minutes"; count: number } {
  if (seconds < 60) return { unit: "seconds", count: Math.max(1, Math.round(seconds)) };
  return { unit: "minutes", count: Math.round(seconds / 60) };
}
