/** Money is an integer in minor units with an ISO 4217 code (docs/api-resources.md). */

const LOCALE = "en-US";

/** How many minor digits a currency has (USD 2, JPY 0, KWD 3); 2 for an unknown code. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat(LOCALE, { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** 129900, "USD" → "$1,299.00"; an unknown currency code shows as "1,299.00 XYZ". */
export function formatMoney(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const major = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(LOCALE, { style: "currency", currency }).format(major);
  } catch {
    return `${major.toLocaleString(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`;
  }
}

/** "12.5", "USD" → 1250; null for something that is not a non-negative amount. */
export function toMinor(major: string | number, currency: string): number | null {
  const value = typeof major === "number" ? major : Number(String(major).replace(/,/g, "").trim());
  if (!Number.isFinite(value) || value < 0 || (typeof major === "string" && major.trim() === "")) return null;
  return Math.round(value * 10 ** minorDigits(currency));
}

/** 1250, "USD" → 12.5 (for number inputs). */
export const toMajor = (minor: number, currency: string): number => minor / 10 ** minorDigits(currency);

/** Bytes for people: shared with the service, whose quota messages say sizes the same way. */
export { formatBytes } from "../../api/storage";
