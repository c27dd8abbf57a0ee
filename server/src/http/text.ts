/**
 * What the service takes as text: no NUL (PostgreSQL's text cannot hold it, so it would fail in SQL)
 * and no lone UTF-16 surrogate (it cannot be written as UTF-8: the database would store U+FFFD in
 * its place, silently changing what the person typed).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isWellFormedText = (text: string): boolean => !text.includes("\u0000") && !LONE_SURROGATE.test(text);

export const ILL_FORMED_TEXT = "must not contain NUL or unpaired surrogate characters";

/** The first string in a parsed JSON value (keys included) that is not well-formed text, if any. */
export function findIllFormedText(value: unknown, depth = 0): string | undefined {
  if (typeof value === "string") return isWellFormedText(value) ? undefined : value;
  if (depth > 20 || value === null || typeof value !== "object") return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (!isWellFormedText(key)) return key;
    const found = findIllFormedText(inner, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The dates the service takes: years 1900 to 9999. PostgreSQL has no year 0 (0000-01-01 fails in
 * SQL) and nothing the console records lies outside these.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;
export const isSaneYear = (isoDate: string): boolean => {
  const year = /^(\d{4})-/.exec(isoDate)?.[1];
  return year !== undefined && Number(year) >= MIN_YEAR && Number(year) <= MAX_YEAR;
};

/** PostgreSQL's integer: every integer column, and what an integer input may be unless it says less. */
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
