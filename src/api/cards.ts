/**
 * Payment card rules shared by the console (checked as the person types) and the service (checked
 * again before any charge): the number's checksum (Luhn), the brand, the expiry and the CVC.
 * Nothing here keeps a card: the service stores only "Visa •••• 4242".
 */

/**
 * What POST subscriptions/start takes of each card field as typed (its body schema's maxLength,
 * counted in code points): the console's card form keeps within them before sending.
 */
export const CARD_FIELD_MAX_LENGTH = { number: 32, expiry: 10, cvc: 8, name: 100 } as const;

export type CardBrand = "Visa" | "Mastercard" | "Amex" | "Discover" | "Card";

/** The digits of a number typed with spaces or dashes; null when anything else is in it. */
export function cardDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  return /^\d+$/.test(digits) ? digits : null;
}

/** The Luhn checksum every card number carries, so a mistyped digit is caught before a charge. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "Amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "Discover";
  return "Card";
}

/** A card number's length range (ISO/IEC 7812). */
const MIN_DIGITS = 12;
const MAX_DIGITS = 19;

/** Whether a typed card number can be a card's: 12 to 19 digits with a valid checksum. */
export function cardNumberValid(input: string): boolean {
  const digits = cardDigits(input);
  return digits !== null && digits.length >= MIN_DIGITS && digits.length <= MAX_DIGITS && luhnValid(digits);
}

/** "4242424242424242" → "4242 4242 4242 4242" (Amex: 4-6-5), for the input as it is typed. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, MAX_DIGITS);
  const groups = cardBrand(digits) === "Amex" ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(" ");
}

/** "MM/YY" (or MM/YYYY) → the month and the four-digit year; null when it is not a month. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is good until the end of its expiry month (UTC). */
export function expiryProblem(input: string, now: Date): "format" | "expired" | null {
  const expiry = parseExpiry(input);
  if (!expiry) return "format";
  const endOfMonth = Date.UTC(expiry.year, expiry.month, 1);
  return endOfMonth <= now.getTime() ? "expired" : null;
}

/** Three digits, four on an Amex card (its CID). */
export function cvcValid(cvc: string, brand: CardBrand): boolean {
  return (brand === "Amex" ? /^\d{4}$/ : /^\d{3}$/).test(cvc.trim());
}

/** What a payment shows of its card: "Visa •••• 4242". */
export const cardLabel = (brand: CardBrand, last4: string) => `${brand} •••• ${last4}`;
