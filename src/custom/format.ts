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
