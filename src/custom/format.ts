/**
 * Spec §9's date and time, written by hand: these two patterns (config's DATE_FORMAT "MM/dd/yyyy"
 * and TIME_FORMAT "hh:mm a") are all the console shows, and date-fns' format() brought its whole
 * pattern grammar (~10 KB gzip) into every signed-in page's code (issue 13). tests/unit/shell.test.ts
 * compares them with date-fns' format() of those patterns.
 */
const two = (value: number) => String(value).padStart(2, "0");

function validDate(date: Date | string | number): Date {
  const value = new Date(date);
  // As date-fns' format() did: an unreadable date is a bug to see, not a blank to show.
  if (Number.isNaN(value.getTime())) throw new RangeError("Invalid time value");
  return value;
}

/** Spec §9: MM/DD/yyyy. */
export const formatDate = (date: Date | string | number): string => {
  const value = validDate(date);
  return `${two(value.getMonth() + 1)}/${two(value.getDate())}/${String(value.getFullYear()).padStart(4, "0")}`;
};
/** Spec §9: hh:mm A (12-hour, AM/PM). */
export const formatTime = (date: Date | string | number): string => {
  const value = validDate(date);
  const hours = value.getHours();
  return `${two(hours % 12 || 12)}:${two(value.getMinutes())} ${hours < 12 ? "AM" : "PM"}`;
};
/** Spec §9: date, comma, time. */
export const formatDateTime = (date: Date | string | number): string => `${formatDate(date)}, ${formatTime(date)}`;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Spec §9's MM/DD/yyyy for a calendar day the service writes YYYY-MM-DD (a dashboard's or a
 * chart's UTC day, the day in a message): the day as written, with no time zone to move it.
 */
export const formatDay = (day: string): string => {
  const match = ISO_DAY.exec(day);
  if (!match) throw new RangeError(`Invalid day: ${day}`);
  return `${match[2]}/${match[3]}/${match[1]}`;
};

/**
 * A timestamp (2026-12-16T09:00:00.000Z) or a day (2026-12-16) in running text, month 01–12, day
 * 01–31, not part of a longer word or code (SKU-2026-12-16). What precedes it is captured (no
 * lookbehind: older Safari cannot parse one).
 */
const DATE_IN_TEXT =
  /(^|[^\w-])(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?(?![\w-])/g;

/**
 * A message from the service (the grace period's, the past due one's) with its ISO dates written as
 * spec §9 shows dates: a day as MM/DD/yyyy, a timestamp as the local date and time.
 */
export const withDisplayDates = (text: string): string =>
  text.replace(
    DATE_IN_TEXT,
    (whole: string, before: string, year: string, month: string, day: string, time?: string) =>
      before + (time ? formatDateTime(whole.slice(before.length)) : `${month}/${day}/${year}`),
  );

const COMPACT = new Intl.NumberFormat("en-US", { notation: "compact" });

/**
 * A count on a chart's axis, short enough for its tick (10,000 → "10K", 8 → "8"): the last tick of
 * a horizontal bar chart stands at its right edge, where "10,000" was cut to "10,…".
 */
export const compactCount = (count: number): string => COMPACT.format(count);
