/**
 * Money is an integer in minor units beside its ISO 4217 code on the wire (docs/api-resources.md);
 * where people read it (the console, a CSV export) it is written in major units with the
 * currency's own minor digits. Both sides use these.
 */
const digitsOf = new Map<string, number>();

/** How many minor digits a currency has (USD 2, JPY 0, KWD 3); 2 for a code Intl does not know. */
export function minorDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits;
    } catch {
      digits = 2;
    }
    digits ??= 2;
    digitsOf.set(currency, digits);
  }
  return digits;
}

/** 1250, "USD" → "12.50": an amount as a person writes it, with the currency's minor digits. */
export function toMajorText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}
