/** The first segment of a path: "/payments/1" → "payments", "/" → "". */
export function firstSegment(pathname: string): string {
  return pathname.split("/").filter(Boolean)[0] ?? "";
}

/**
 * Spec §2: the sidebar highlights the active item by the first path segment; an item may claim
 * several segments (Payments also matches payment and subscription).
 */
export function activeMenuPath<T extends { path: string; segments: readonly string[] }>(
  pathname: string,
  items: readonly T[],
): string | null {
  const segment = firstSegment(pathname);
  return items.find((item) => item.segments.includes(segment))?.path ?? null;
}
