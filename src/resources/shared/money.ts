/** Money is an integer in minor units with an ISO 4217 code (docs/api-resources.md). */
import { minorDigits, toMajorText } from "../../api/money";

const LOCALE = "en-US";

/**
 * Each currency's formatter, made once: a list of payments formats two amounts a row, and making
 * an Intl.NumberFormat costs more than formatting with it. None for a code Intl does not know.
 */
const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterOf(currency: string): Intl.NumberFormat | null {
  let formatter = formatters.get(currency);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(LOCALE, { style: "currency", currency });
    } catch {
      formatter = null;
    }
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** Minor digits and amounts as written are the service's too (its CSV exports). */
export { minorDigits, toMajorText };

/** 129900, "USD" → "$1,299.00"; an unknown currency code shows as "1,299.00 XYZ". */
export function formatMoney(minor: number, currency: string): string {
  const formatter = formatterOf(currency);
  const digits = minorDigits(currency);
  const major = minor / 10 ** digits;
  if (formatter) return formatter.format(major);
  return `${major.toLocaleString(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`;
}

/**
 * An amount as a person writes it: digits, commas only between groups of three ("1,299.50"), a
 * point before at most the currency's minor digits (".5" too).
 */
const AMOUNT = /^((\d{1,3}(,\d{3})+|\d+)(\.\d+)?|\.\d+)$/;

/**
 * "12.5", "USD" → 1250; null for something that is not a non-negative amount in the currency:
 * "1,5" (a decimal comma, not 15), "1.005" in dollars (a fraction of a cent), "1e3".
 */
export function toMinor(major: string | number, currency: string): number | null {
  const digits = minorDigits(currency);
  const written = typeof major === "number" ? String(major) : major.trim();
  if (!AMOUNT.test(written)) return null;
  const fraction = written.split(".")[1] ?? "";
  if (fraction.length > digits) return null;
  const value = Number(written.replace(/,/g, ""));
  return Number.isFinite(value) ? Math.round(value * 10 ** digits) : null;
}

/** 1250, "USD" → 12.5 (for number inputs). */
export const toMajor = (minor: number, currency: string): number => minor / 10 ** minorDigits(currency);

/** Bytes for people: shared with the service, whose quota messages say sizes the same way. */
export { formatBytes } from "../../api/storage";
