/**
 * What the service takes as text: no NUL (PostgreSQL's text cannot hold it, so it would fail in SQL)
 * and no lone UTF-16 surrogate (it cannot be written as UTF-8: the database would store U+FFFD in
 * its place, silently changing what the person typed).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isWellFormedText = (text: string): boolean => !text.includes("\u0000") && !LONE_SURROGATE.test(text);

export const ILL_FORMED_TEXT = "must not contain NUL or unpaired surrogate characters";

/** Where in a parsed JSON value a string is not well-formed text. */
export interface IllFormedText {
  /** The keys from the top down to it: ["value", "filter", "q", 0]; [] for the value itself. */
  path: (string | number)[];
  /** Whether it is a key of the object at `path` (rather than the string at `path`). */
  isKey: boolean;
}

/**
 * The first string in a parsed JSON value, keys included, that is not well-formed text, at any
 * depth. Walked with a stack of its own rather than by recursion, so a body nested thousands of
 * levels deep (JSON.parse takes it) is checked to the bottom without exhausting the call stack.
 */
export function findIllFormedText(value: unknown): IllFormedText | undefined {
  interface Visit {
    value: unknown;
    parent: Visit | undefined;
    key: string | number | undefined;
  }
  const pathOf = (visit: Visit | undefined): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let at = visit; at?.parent !== undefined; at = at.parent) path.unshift(at.key!);
    return path;
  };
  const stack: Visit[] = [{ value, parent: undefined, key: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const inner = visit.value;
    if (typeof inner === "string") {
      if (!isWellFormedText(inner)) return { path: pathOf(visit), isKey: false };
    } else if (Array.isArray(inner)) {
      // Pushed last to first, so the first problem in reading order is the one found.
      for (let index = inner.length - 1; index >= 0; index -= 1)
        stack.push({ value: inner[index], parent: visit, key: index });
    } else if (inner !== null && typeof inner === "object") {
      const entries = Object.entries(inner);
      for (const [key] of entries) if (!isWellFormedText(key)) return { path: pathOf(visit), isKey: true };
      for (let index = entries.length - 1; index >= 0; index -= 1)
        stack.push({ value: entries[index]![1], parent: visit, key: entries[index]![0] });
    }
  }
  return undefined;
}

export { INT32_MAX, INT32_MIN } from "../../../src/api/rules";
