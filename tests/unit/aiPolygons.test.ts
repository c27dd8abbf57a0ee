import { describe, expect, it } from "vitest";
import type { AiPolygon } from "../../src/api/ai";
import {
  confidencePercent,
  containsPoint,
  countByType,
  drawPolygons,
  fitCanvas,
  polygonAt,
  scalePoints,
  STONE_COLORS,
  STONE_DASHES,
  stoneFill,
  tipAnchor,
  toDrawnPolygons,
} from "../../src/custom/aiOverlay/polygons";

const triangle = [
  [0, 0],
  [100, 0],
  [0, 100],
] as const;

describe("AI polygons (spec §3, §9)", () => {
  it("reads both point forms into flat canvas-space points", () => {
    const result: AiPolygon[] = [
      {
        Polygon: [
          [10, 20],
          [30, 40],
          [50, 60],
        ],
        Type: "CVD",
        Confidence: 0.87,
        Index: 4,
      },
      {
        Polygon: [
          { x: 1, y: 2 },
          { x: 3, y: 4 },
          { x: 5, y: 6 },
        ],
        Type: "N",
        Confidence: 0.5,
        Index: 5,
      },
    ];
    expect(toDrawnPolygons(result)).toEqual([
      { index: 4, type: "CVD", confidence: 0.87, points: [10, 20, 30, 40, 50, 60] },
      { index: 5, type: "N", confidence: 0.5, points: [1, 2, 3, 4, 5, 6] },
    ]);
  });

  it("leaves out unknown types and shapes with fewer than 3 readable vertices; clamps confidence", () => {
    const result = [
      { Polygon: [...triangle], Type: "Ruby", Confidence: 0.9, Index: 0 },
      {
        Polygon: [
          [0, 0],
          [1, 1],
          ["a", 2],
        ],
        Type: "M",
        Confidence: 0.9,
        Index: 1,
      },
      { Polygon: [...triangle], Type: "HPHT", Confidence: 1.4, Index: 2 },
      { Polygon: null, Type: "CZ", Confidence: 0.1, Index: 3 },
    ] as unknown as AiPolygon[];
    expect(toDrawnPolygons(result)).toEqual([
      { index: 2, type: "HPHT", confidence: 1, points: [0, 0, 100, 0, 0, 100] },
    ]);
    expect(toDrawnPolygons(null)).toEqual([]);
    expect(toDrawnPolygons([])).toEqual([]);
  });

  it("counts each type for the legend, in the spec's order, leaving out absent types", () => {
    const polygons = toDrawnPolygons(
      (["CZ", "N", "CVD", "N", "CZ", "N"] as const).map((Type, Index) => ({
        Polygon: [...triangle],
        Type,
        Confidence: 0.5,
        Index,
      })),
    );
    expect(countByType(polygons)).toEqual([
      { type: "N", count: 3 },
      { type: "CVD", count: 1 },
      { type: "CZ", count: 2 },
    ]);
  });

  it("colours N blue, CVD green, HPHT red, CZ pink, M orange", () => {
    expect(Object.keys(STONE_COLORS)).toEqual(["N", "CVD", "HPHT", "CZ", "M"]);
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
      return { r, g, b };
    };
    const { N, CVD, HPHT, CZ, M } = Object.fromEntries(
      Object.entries(STONE_COLORS).map(([type, color]) => [type, hue(color)]),
    );
    expect(N.b).toBeGreaterThan(Math.max(N.r, N.g));
    expect(CVD.g).toBeGreaterThan(Math.max(CVD.r, CVD.b));
    expect(HPHT.r).toBeGreaterThan(Math.max(HPHT.g, HPHT.b));
    expect(CZ.r).toBeGreaterThan(CZ.g);
    expect(CZ.b).toBeGreaterThan(CZ.g);
    expect(M.r).toBeGreaterThan(M.g);
    expect(M.g).toBeGreaterThan(M.b);
  });

  it("fits the 3120 × 4192 canvas to the displayed width and scales points with it", () => {
    expect(fitCanvas(3120)).toEqual({ width: 3120, height: 4192, scale: 1 });
    const half = fitCanvas(1560);
    expect(half).toEqual({ width: 1560, height: 2096, scale: 0.5 });
    expect(scalePoints([3120, 4192, 0, 10], half.scale)).toEqual([1560, 2096, 0, 5]);
    expect(fitCanvas(390).height).toBe(524);
    expect(fitCanvas(0)).toEqual({ width: 0, height: 0, scale: 0 });
  });

  it("shows confidence as a whole percentage", () => {
    expect(confidencePercent(0.874)).toBe(87);
    expect(confidencePercent(1)).toBe(100);
    expect(confidencePercent(0)).toBe(0);
  });
});

describe("AI polygon drawing helpers", () => {
  it("fills in the type's colour, semi-transparent", () => {
    expect(stoneFill("N")).toBe("rgba(30, 136, 229, 0.25)");
    expect(stoneFill("M", 0.5)).toBe("rgba(251, 140, 0, 0.5)");
  });

  it("anchors the tip at the top centre of the polygon, scaled", () => {
    expect(tipAnchor([100, 200, 300, 400, 200, 100], 0.5)).toEqual({ x: 100, y: 50 });
  });
});

describe("drawing and hit-testing many polygons", () => {
  const square = (x: number, y: number, type: "N" | "CVD", index: number) => ({
    Polygon: [
      [x, y],
      [x + 100, y],
      [x + 100, y + 100],
      [x, y + 100],
    ] as [number, number][],
    Type: type,
    Confidence: 0.9,
    Index: index,
  });
  const polygons = toDrawnPolygons([square(0, 0, "N", 0), square(200, 0, "CVD", 1), square(400, 0, "N", 2)]);

  it("draws one path per type, scaled, with the type's colours", () => {
    const calls: string[] = [];
    const context = {
      beginPath: () => calls.push("begin"),
      moveTo: (x: number, y: number) => calls.push(`M${x},${y}`),
      lineTo: (x: number, y: number) => calls.push(`L${x},${y}`),
      closePath: () => calls.push("Z"),
      fill: () => calls.push("fill"),
      stroke: () => calls.push("stroke"),
      set fillStyle(value: string) {
        calls.push(`fillStyle ${value}`);
      },
      set strokeStyle(value: string) {
        calls.push(`strokeStyle ${value}`);
      },
      setLineDash: (segments: number[]) => calls.push(`dash ${segments.join(",")}`),
      lineWidth: 1,
    } as unknown as Parameters<typeof drawPolygons>[0];
    drawPolygons(context, polygons, 0.5);
    expect(calls.filter((call) => call === "begin")).toHaveLength(2);
    expect(calls.filter((call) => call.startsWith("strokeStyle"))).toEqual([
      "strokeStyle #1e88e5",
      "strokeStyle #2e7d32",
    ]);
    expect(calls.filter((call) => call.startsWith("M"))).toEqual(["M0,0", "M200,0", "M100,0"]);
    // Each type's outline in its own line, not its colour alone; the context left solid after.
    expect(calls.filter((call) => call.startsWith("dash"))).toEqual(["dash ", "dash 8,4", "dash "]);
  });

  it("gives every stone type a line of its own, so no two types differ by colour alone", () => {
    const lines = Object.values(STONE_DASHES).map((dashes) => dashes.join(","));
    expect(new Set(lines).size).toBe(Object.keys(STONE_COLORS).length);
  });

  it("finds the polygon under a point, or none", () => {
    expect(containsPoint(polygons[0].points, 50, 50)).toBe(true);
    expect(containsPoint(polygons[0].points, 150, 50)).toBe(false);
    expect(polygonAt(polygons, 250, 50)).toBe(1);
    expect(polygonAt(polygons, 450, 99)).toBe(2);
    expect(polygonAt(polygons, 150, 50)).toBeNull();
  });
});
