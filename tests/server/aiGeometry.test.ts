/** The analyzer's building blocks on hand-drawn masks, where the right answer is obvious. */
import { describe, expect, it } from "vitest";
import { classify } from "../../server/src/ai/classify";
import { interiorPixels, labelComponents } from "../../server/src/ai/components";
import { traceContour } from "../../server/src/ai/contour";
import { REFERENCE_APPEARANCE, MODELS } from "../../server/src/ai/models";
import { readingOrder } from "../../server/src/ai/readingOrder";
import { pointInPolygon, simplifyRing } from "../../server/src/ai/simplify";
import { chooseThreshold, foregroundMask } from "../../server/src/ai/threshold";
import { loadAiSettings } from "../../server/src/ai/settings";

/** A mask from rows of "#" (set) and "." (clear). */
function mask(rows: string[]) {
  const width = rows[0]!.length;
  const data = new Uint8Array(width * rows.length);
  rows.forEach((row, y) => [...row].forEach((c, x) => (data[y * width + x] = c === "#" ? 1 : 0)));
  return { data, width, height: rows.length };
}

describe("connected components", () => {
  it("labels 8-connected blobs, with area, box, centroid and top-left start", () => {
    const m = mask(["##....", "##..#.", "...#..", "......", ".....#"]);
    const { components } = labelComponents(m.data, m.width, m.height);
    expect(
      components.map(({ area, minX, minY, maxX, maxY, start }) => ({ area, minX, minY, maxX, maxY, start })),
    ).toEqual([
      { area: 4, minX: 0, minY: 0, maxX: 1, maxY: 1, start: 0 },
      { area: 2, minX: 3, minY: 1, maxX: 4, maxY: 2, start: 10 },
      { area: 1, minX: 5, minY: 4, maxX: 5, maxY: 4, start: 29 },
    ]);
    expect(components[0]).toMatchObject({ cx: 0.5, cy: 0.5 });
  });

  it("erodes a blob to its interior", () => {
    const m = mask([".....", ".###.", ".###.", ".###.", "....."]);
    const labelling = labelComponents(m.data, m.width, m.height);
    expect(interiorPixels(labelling, labelling.components[0]!, 1)).toEqual([12]);
  });
});

describe("Moore-neighbour contour and Douglas–Peucker", () => {
  it("walks a rectangle's boundary once, clockwise, and simplifies it to its four corners", () => {
    const m = mask(["......", ".####.", ".####.", ".####.", "......"]);
    const labelling = labelComponents(m.data, m.width, m.height);
    const ring = traceContour(labelling, labelling.components[0]!);
    expect(ring).toHaveLength(10);
    expect(ring[0]).toEqual({ x: 1, y: 1 });
    expect(ring[1]).toEqual({ x: 2, y: 1 });
    expect(new Set(ring.map(({ x, y }) => `${x},${y}`)).size).toBe(10);
    expect(simplifyRing(ring, 0.5)).toEqual([
      { x: 1, y: 1 },
      { x: 4, y: 1 },
      { x: 4, y: 3 },
      { x: 1, y: 3 },
    ]);
  });

  it("traces a single pixel and a diagonal line", () => {
    const single = mask(["...", ".#.", "..."]);
    const one = labelComponents(single.data, 3, 3);
    expect(traceContour(one, one.components[0]!)).toEqual([{ x: 1, y: 1 }]);
    const diagonal = mask(["#..", ".#.", "..#"]);
    const line = labelComponents(diagonal.data, 3, 3);
    expect(traceContour(line, line.components[0]!)).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 1, y: 1 },
    ]);
  });

  it("keeps a circle's outline within the tolerance with a handful of points", () => {
    const size = 61;
    const data = new Uint8Array(size * size);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) data[y * size + x] = Math.hypot(x - 30, y - 30) <= 25 ? 1 : 0;
    const labelling = labelComponents(data, size, size);
    const ring = traceContour(labelling, labelling.components[0]!);
    const polygon = simplifyRing(ring, 1.5);
    expect(polygon.length).toBeGreaterThanOrEqual(8);
    expect(polygon.length).toBeLessThan(ring.length / 5);
    expect(pointInPolygon({ x: 30, y: 30 }, polygon)).toBe(true);
    expect(pointInPolygon({ x: 2, y: 2 }, polygon)).toBe(false);
  });
});

describe("threshold, reading order, classification, settings", () => {
  it("cuts between a dark tray and bright stones, keeping the stones' darker rims", () => {
    const luma = new Float32Array(1000).fill(30);
    for (let i = 0; i < 100; i++) luma[i] = i < 20 ? 105 : 220;
    const threshold = chooseThreshold(luma, MODELS.RAMI.versions[MODELS.RAMI.current]!.threshold);
    expect(threshold).toBeGreaterThan(70);
    expect(threshold).toBeLessThan(105);
    expect(foregroundMask(luma, threshold).reduce((sum, v) => sum + v, 0)).toBe(100);
  });

  it("reads rows top to bottom, left to right within a row", () => {
    const at = (name: string, cx: number, cy: number) => ({ name, cx, cy, minY: cy - 10, maxY: cy + 10 });
    const ordered = readingOrder([at("d", 5, 40), at("b", 50, 3), at("a", 10, 0), at("c", 90, 8)]);
    expect(ordered.map(({ name }) => name)).toEqual(["a", "b", "c", "d"]);
  });

  it("names the nearest reference appearance, confident when it is clear and less so when it is not", () => {
    const weights = { luv: 1, glowing: 1, coloured: 1, simulants: 1 };
    const clear = classify({ whiteLevel: 200, relative: REFERENCE_APPEARANCE.HPHT }, REFERENCE_APPEARANCE, weights);
    expect(clear).toMatchObject({ type: "HPHT", confidence: 1 });
    // Halfway between CZ and M under the simulants light only: a toss-up.
    const cz = REFERENCE_APPEARANCE.CZ.simulants;
    const m = REFERENCE_APPEARANCE.M.simulants;
    const between = [0, 1, 2].map((c) => (cz[c]! + m[c]!) / 2) as unknown as readonly [number, number, number];
    const unsure = classify({ whiteLevel: 200, relative: { simulants: between } }, REFERENCE_APPEARANCE, weights);
    expect(["CZ", "M"]).toContain(unsure.type);
    expect(unsure.confidence).toBeLessThan(0.6);
  });

  it("reads AI_JOB_DELAY_MS, 6 s by default, and refuses nonsense", () => {
    expect(loadAiSettings({})).toEqual({ jobDelayMs: 6000 });
    expect(loadAiSettings({ AI_JOB_DELAY_MS: "0" })).toEqual({ jobDelayMs: 0 });
    expect(() => loadAiSettings({ AI_JOB_DELAY_MS: "soon" })).toThrow(/AI_JOB_DELAY_MS/);
    expect(() => loadAiSettings({ AI_JOB_DELAY_MS: "-5" })).toThrow(/AI_JOB_DELAY_MS/);
  });
});
