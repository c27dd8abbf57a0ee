/**
 * Douglas–Peucker simplification of a closed outline: keeps the few vertices that matter, so
 * that a stone is a handful of points instead of hundreds of boundary pixels. Every dropped
 * point lies within `tolerance` of the simplified outline.
 */
import type { Point } from "./contour";

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0) return Math.hypot(p.x - a.x, p.y - a.y);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Open polyline version: keeps both ends; iterative, so long outlines cannot overflow the stack. */
export function simplifyPolyline(points: readonly Point[], tolerance: number): Point[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const ranges: [number, number][] = [[0, points.length - 1]];
  while (ranges.length > 0) {
    const [first, last] = ranges.pop()!;
    let farthest = -1;
    let farthestDistance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const distance = distanceToSegment(points[i]!, points[first]!, points[last]!);
      if (distance > farthestDistance) {
        farthest = i;
        farthestDistance = distance;
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      ranges.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/**
 * Closed ring version: a ring has no ends, so it is cut at its first point and at the point
 * farthest from it (both surely kept), and each half is simplified as a polyline.
 */
export function simplifyRing(ring: readonly Point[], tolerance: number): Point[] {
  if (ring.length <= 3) return [...ring];
  const start = ring[0]!;
  let split = 1;
  let splitDistance = -1;
  for (let i = 1; i < ring.length; i++) {
    const distance = Math.hypot(ring[i]!.x - start.x, ring[i]!.y - start.y);
    if (distance > splitDistance) {
      split = i;
      splitDistance = distance;
    }
  }
  const firstHalf = simplifyPolyline(ring.slice(0, split + 1), tolerance);
  const secondHalf = simplifyPolyline([...ring.slice(split), start], tolerance);
  // Both halves hold the split point, and the second ends where the first began.
  return [...firstHalf, ...secondHalf.slice(1, -1)];
}

/** Whether a point lies inside a polygon (even–odd ray casting). */
export function pointInPolygon(point: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}
