/**
 * A save's transform that sends only `keys`, a missing one as null: what the form holds beyond
 * them (names and counts the record was read with) stays home, as the service refuses unknown fields.
 */
export const onlyFields =
  (keys: readonly string[]) =>
  (data: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(keys.map((key) => [key, data[key] ?? null]));
