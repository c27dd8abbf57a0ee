/** Identity helpers the UI shares (spec §1: "Avatars fall back to initials from the first and last name"). */

const firstLetter = (name: string | null | undefined): string => {
  // Array.from splits by code point, so a name starting with an astral character stays whole.
  const [first = ""] = Array.from((name ?? "").trim());
  return first.toLocaleUpperCase();
};

/** "ada", "lovelace" → "AL"; a missing part is skipped; both missing → "". */
export function initials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return firstLetter(firstName) + firstLetter(lastName);
}

/** "Ada Lovelace"; either part may be empty. */
export function fullName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return [firstName, lastName]
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .join(" ");
}
