/**
 * The AI result's polygons made drawable (spec §3, §9): both point forms read, unknown or
 * degenerate shapes dropped, counts per stone type for the legend, colours per type, and the
 * scale from the 3120 × 4192 canvas space to the displayed size. No React, no Konva.
 */
import { STONE_TYPES, isStoneType, type AiPolygon, type StoneType } from "../../api/ai";
import { AI_CANVAS_HEIGHT, AI_CANVAS_WIDTH } from "../../config";

/** Spec §3: N blue, CVD green, HPHT red, CZ pink, M orange. */
export const STONE_COLORS: Record<StoneType, string> = {
  N: "#1e88e5",
  CVD: "#2e7d32",
  HPHT: "#e53935",
  CZ: "#ec407a",
  M: "#fb8c00",
};

/**
 * Each type's outline also has its own line (solid, dashed, dotted…), drawn over the photo and in
 * the legend: the colours alone left a person who tells green from red poorly unable to say which
 * stone is which (WCAG 1.4.1). In displayed pixels.
 */
export const STONE_DASHES: Record<StoneType, readonly number[]> = {
  N: [],
  CVD: [8, 4],
  HPHT: [2, 3],
  CZ: [8, 3, 2, 3],
  M: [14, 3, 2, 3, 2, 3],
};

/** The fill's opacity: the stone stays visible under its polygon. */
export const FILL_OPACITY = 0.25;

export interface DrawnPolygon {
  /** The service's Index, or the position in the list when it sent none. */
  index: number;
  type: StoneType;
  /** 0 to 1. */
  confidence: number;
  /** Flat [x1, y1, x2, y2, …] in canvas space, as Konva's Line takes them. */
  points: number[];
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** One vertex in either AiPoint form ([x, y] or {x, y}); null when it is neither. */
function readPoint(point: unknown): [number, number] | null {
  if (Array.isArray(point)) {
    const [x, y] = point as unknown[];
    return isNumber(x) && isNumber(y) ? [x, y] : null;
  }
  if (typeof point === "object" && point !== null) {
    const { x, y } = point as { x?: unknown; y?: unknown };
    return isNumber(x) && isNumber(y) ? [x, y] : null;
  }
  return null;
}

/**
 * The polygons worth drawing. The result comes from a service, so it is read defensively: a
 * polygon of an unknown type or with fewer than 3 readable vertices cannot be drawn or counted
 * honestly, and is left out rather than breaking the overlay.
 */
export function toDrawnPolygons(result: readonly AiPolygon[] | null | undefined): DrawnPolygon[] {
  if (!Array.isArray(result)) return [];
  const drawn: DrawnPolygon[] = [];
  result.forEach((polygon, position) => {
    if (!polygon || !isStoneType(polygon.Type) || !Array.isArray(polygon.Polygon)) return;
    const vertices = (polygon.Polygon as readonly unknown[])
      .map(readPoint)
      .filter((point): point is [number, number] => point !== null);
    if (vertices.length < 3) return;
    drawn.push({
      index: isNumber(polygon.Index) ? polygon.Index : position,
      type: polygon.Type,
      confidence: isNumber(polygon.Confidence) ? Math.min(1, Math.max(0, polygon.Confidence)) : 0,
      points: vertices.flat(),
    });
  });
  return drawn;
}

/** The legend: how many stones of each type, in the spec's type order, types with none left out. */
export function countByType(polygons: readonly DrawnPolygon[]): { type: StoneType; count: number }[] {
  return STONE_TYPES.map((type) => ({
    type,
    count: polygons.filter((polygon) => polygon.type === type).length,
  })).filter(({ count }) => count > 0);
}

/** Confidence as a whole percentage, e.g. 0.874 → 87. */
export const confidencePercent = (confidence: number): number => Math.round(confidence * 100);

/** The displayed size for a container width: the canvas's aspect ratio, scaled uniformly. */
export function fitCanvas(containerWidth: number): { width: number; height: number; scale: number } {
  const width = Math.max(0, Math.floor(containerWidth));
  const scale = width / AI_CANVAS_WIDTH;
  return { width, height: Math.round(AI_CANVAS_HEIGHT * scale), scale };
}

/** Canvas-space points to displayed pixels. */
export const scalePoints = (points: readonly number[], scale: number): number[] => points.map((value) => value * scale);

/** A type's colour at the given opacity, as Konva's fill takes it (the stroke stays opaque). */
export function stoneFill(type: StoneType, opacity = FILL_OPACITY): string {
  const hex = STONE_COLORS[type];
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${opacity})`;
}

/** Where to show a polygon's tip: the top centre of its bounding box, in displayed pixels. */
export function tipAnchor(points: readonly number[], scale: number): { x: number; y: number } {
  const xs = points.filter((_, at) => at % 2 === 0);
  const ys = points.filter((_, at) => at % 2 === 1);
  return { x: ((Math.min(...xs) + Math.max(...xs)) / 2) * scale, y: Math.min(...ys) * scale };
}

/** Ray casting: is the canvas-space point inside the polygon's flat [x1, y1, …] outline? */
export function containsPoint(points: readonly number[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 2; i < points.length; j = i, i += 2) {
    const [xi, yi, xj, yj] = [points[i], points[i + 1], points[j], points[j + 1]];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The position of the topmost polygon under a canvas-space point (the last drawn wins), or null. */
export function polygonAt(polygons: readonly DrawnPolygon[], x: number, y: number): number | null {
  for (let position = polygons.length - 1; position >= 0; position -= 1) {
    if (containsPoint(polygons[position].points, x, y)) return position;
  }
  return null;
}

/** The part of a 2D canvas context the overlay draws with (Konva's Context has it). */
export interface PathContext {
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  fill(): void;
  stroke(): void;
  setLineDash(segments: number[]): void;
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
}

/**
 * Draws every polygon, scaled to the displayed size, as one path per stone type: one fill and one
 * stroke (in the type's colour and line) per type rather than per stone, which keeps thousands of
 * polygons fast.
 */
export function drawPolygons(context: PathContext, polygons: readonly DrawnPolygon[], scale: number): void {
  for (const type of STONE_TYPES) {
    const ofType = polygons.filter((polygon) => polygon.type === type);
    if (ofType.length === 0) continue;
    context.beginPath();
    for (const { points } of ofType) {
      context.moveTo(points[0] * scale, points[1] * scale);
      for (let at = 2; at < points.length; at += 2) context.lineTo(points[at] * scale, points[at + 1] * scale);
      context.closePath();
    }
    context.fillStyle = stoneFill(type);
    context.fill();
    context.strokeStyle = STONE_COLORS[type];
    context.lineWidth = 2;
    context.setLineDash([...STONE_DASHES[type]]);
    context.stroke();
  }
  context.setLineDash([]);
}
