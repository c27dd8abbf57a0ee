/**
 * Whether an ISO 8601 date or date-time names a moment that exists, in the years the service takes.
 *
 * JavaScript's Date and PostgreSQL both "repair" what does not exist instead of refusing it:
 * `new Date("2024-02-30")` is March 1st and `T24:00` the next day's midnight, so a discount valid
 * from 2024-02-30 was stored as March 1st. PostgreSQL has no year 0 (0000-01-01 failed in SQL,
 * a 500). Every date the service reads goes through `calendarProblem` first: the shared request
 * validation (http/validation.ts) and the lists' date filters (resources/listQuery.ts).
 */

/** The years the service takes: PostgreSQL has no year 0, and nothing the console records lies outside. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

/**
 * The shape of an ISO 8601 date, optionally with a time (seconds and fraction optional) and a zone:
 * what a date looks like, whatever its numbers. Separators as Ajv's formats take them (T, t or a space).
 */
const ISO_SHAPE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:[Zz]|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

export const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** Whether the text has the shape of an ISO date or date-time (its numbers not yet checked). */
export const looksLikeIsoDate = (text: string): boolean => ISO_SHAPE.test(text);

/**
 * Why an ISO-shaped date or date-time does not exist or lies outside the years taken, as a sentence
 * for the person who sent it; undefined when it is fine, or when the text is not ISO-shaped at all
 * (that is the format's refusal, not this one's).
 */
export function calendarProblem(text: string): string | undefined {
  const match = ISO_SHAPE.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (year! < MIN_YEAR || year! > MAX_YEAR) return `Use a year from ${MIN_YEAR} to ${MAX_YEAR}.`;
  if (month! < 1 || month! > 12) return `No such date: there is no month ${match[2]}.`;
  if (day! < 1) return "No such date: days start at 01.";
  const days = daysInMonth(year!, month!);
  if (day! > days) {
    const monthName = month === 2 ? `February ${year}` : MONTHS[month! - 1];
    return `No such date: ${monthName} has ${days} days.`;
  }
  if (hour !== undefined && hour > 23) return "No such time: hours go from 00 to 23 (24:00 is 00:00 of the next day).";
  if (minute !== undefined && minute > 59) return "No such time: minutes go from 00 to 59.";
  if (second !== undefined && second > 59) return "No such time: seconds go from 00 to 59.";
  if ((offsetHours !== undefined && offsetHours > 23) || (offsetMinutes !== undefined && offsetMinutes > 59))
    return "No such time zone: an offset goes up to 23:59.";
  return undefined;
}

/** An ISO-shaped date or date-time that exists, in the years taken. */
export const isExistingIsoDate = (text: string): boolean =>
  looksLikeIsoDate(text) && calendarProblem(text) === undefined;
