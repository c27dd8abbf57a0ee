/**
 * The outline of one component, by Moore-neighbour tracing: walk around the component keeping
 * background on the left, visiting its boundary pixels in order. The result is a closed ring of
 * pixel positions (the first point is not repeated at the end).
 */
import type { Component, Labelling } from "./components";

export interface Point {
  x: number;
  y: number;
}

/** The 8 neighbours clockwise on screen (y grows downwards), starting from the west. */
const DX = [-1, -1, 0, 1, 1, 1, 0, -1] as const;
const DY = [0, -1, -1, -1, 0, 1, 1, 1] as const;

/** The direction index of a one-pixel step. */
const directionOf = (dx: number, dy: number): number => {
  for (let d = 0; d < 8; d++) if (DX[d] === dx && DY[d] === dy) return d;
  throw new Error(`not a neighbour step: ${dx},${dy}`);
};

export function traceContour(labelling: Labelling, component: Component): Point[] {
  const { labels, width, height } = labelling;
  const inComponent = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && labels[y * width + x] === component.label;

  const startX = component.start % width;
  const startY = (component.start - startX) / width;
  const ring: Point[] = [{ x: startX, y: startY }];

  // The start is the component's first pixel in raster order, so its west neighbour is background:
  // that is where we "came from".
  let x = startX;
  let y = startY;
  let back = 0;
  let firstStep: Point | null = null;
  // Each boundary pixel is visited at most a few times (thin parts are walked on both sides).
  const limit = 4 * component.area + 8;
  for (let steps = 0; steps < limit; steps++) {
    let next: Point | null = null;
    let nextBack = 0;
    for (let k = 1; k <= 8; k++) {
      const d = (back + k) % 8;
      const nx = x + DX[d]!;
      const ny = y + DY[d]!;
      if (inComponent(nx, ny)) {
        // The last background neighbour checked becomes the new pixel's "came from".
        const p = (back + k - 1) % 8;
        nextBack = directionOf(x + DX[p]! - nx, y + DY[p]! - ny);
        next = { x: nx, y: ny };
        break;
      }
    }
    if (next === null) return ring; // an isolated pixel
    // Stopping rule (Jacob's): back at the start and about to repeat the first step.
    if (x === startX && y === startY) {
      if (firstStep === null) firstStep = next;
      else if (next.x === firstStep.x && next.y === firstStep.y) break;
    }
    ring.push(next);
    x = next.x;
    y = next.y;
    back = nextBack;
  }
  // The walk ends by arriving at the start again: it is already the ring's first point.
  const last = ring[ring.length - 1]!;
  if (ring.length > 1 && last.x === startX && last.y === startY) ring.pop();
  return ring;
}
