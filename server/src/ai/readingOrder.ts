/**
 * Reading order for stones on a tray: rows from top to bottom, left to right within a row.
 * Stones are not on an exact grid, so a row is every stone whose centre lies within the vertical
 * extent of the row's first (top-most) stone.
 */
export interface Placed {
  cx: number;
  cy: number;
  minY: number;
  maxY: number;
}

export function readingOrder<T extends Placed>(items: readonly T[]): T[] {
  const remaining = [...items].sort((a, b) => a.cy - b.cy);
  const ordered: T[] = [];
  while (remaining.length > 0) {
    const first = remaining[0]!;
    const row = remaining.filter((item) => item.cy <= first.maxY);
    for (const item of row) remaining.splice(remaining.indexOf(item), 1);
    ordered.push(...row.sort((a, b) => a.cx - b.cx));
  }
  return ordered;
}
