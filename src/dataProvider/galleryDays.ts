/**
 * The gallery's From and To are days on the reader's calendar, where its cards show each test's
 * time (src/custom/format.ts): a test shown as 11/30, 08:23 PM is found by From = To = 11/30. The
 * address keeps the days (/gallery?from=2026-11-30&to=2026-11-30), and the service is asked for
 * instants (docs/api.md, the gallery's `from` / `to`): the start of the From day and the last
 * millisecond of the To day, in the browser's zone. A day the service reads alone is a UTC day.
 */
import type { GetListParams } from "react-admin";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day's first moment on this browser's clock, `later` days on (a day of 23 or 25 hours too). */
function localMidnight(day: string, later = 0): Date {
  const [, year, month, date] = DAY.exec(day)!;
  const midnight = new Date(2000, 0, 1);
  // setFullYear, not the constructor: it reads a year below 100 as 1900 and later.
  midnight.setFullYear(Number(year), Number(month) - 1, Number(date) + later);
  return midnight;
}

/** The gallery's filter as the service is asked it: its days as instants of the browser's zone. */
export function galleryFilterAsked(filter: Record<string, unknown>): Record<string, unknown> {
  const { from, to } = filter;
  const asked = { ...filter };
  if (typeof from === "string" && DAY.test(from)) asked.from = localMidnight(from).toISOString();
  if (typeof to === "string" && DAY.test(to)) asked.to = new Date(localMidnight(to, 1).getTime() - 1).toISOString();
  return asked;
}

/** A list's params as the service is asked them: the gallery's (`tests`) with its days as instants. */
export const listParamsAsked = (resource: string, params: GetListParams): GetListParams =>
  resource === "tests" && params.filter ? { ...params, filter: galleryFilterAsked(params.filter) } : params;
