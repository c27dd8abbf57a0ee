/**
 * The reference analyzer on every seeded tray layout, checked against the stones the seed drew
 * (the seed_photo_stones table, which only the tests read): as many polygons as stones, each
 * stone's centre inside exactly one polygon, and the type right for (nearly) every stone.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { AI_MODELS, type AiModel, type AiPoint } from "../../src/api/ai";
import { FILE_KIND } from "../../src/api/tests";
import { analyzeTray, CANVAS_HEIGHT, CANVAS_WIDTH, type TrayPhotos } from "../../server/src/ai/analyzer";
import { decodePhoto } from "../../server/src/ai/image";
import { configOf, MODELS } from "../../server/src/ai/models";
import { pointInPolygon } from "../../server/src/ai/simplify";
import type { DbHandle } from "../../server/src/db/client";
import { seedPhotoStones } from "../../server/src/db/schema";
import { PHOTO_POOL_SIZE, photoKey } from "../../server/src/db/seedTests";
import { localDirectoryStorage } from "../../server/src/files/storage";
import { openTestDatabase } from "./helpers";

const storage = localDirectoryStorage(inject("serverTestFiles"));
let database: { handle: DbHandle; dispose(): Promise<void> };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.handle.close();
  await database.dispose();
});

async function read(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function trayPhotos(layout: number): Promise<TrayPhotos> {
  const photo = async (kind: number) => decodePhoto(await read(photoKey(layout, kind as never)), String(kind));
  return {
    result: await photo(FILE_KIND.Result),
    lights: {
      luv: await photo(FILE_KIND.Luv),
      glowing: await photo(FILE_KIND.Glowing),
      coloured: await photo(FILE_KIND.Coloured),
      simulants: await photo(FILE_KIND.Simulants),
    },
  };
}

const asXY = (point: AiPoint) =>
  Array.isArray(point) ? { x: point[0], y: point[1] } : (point as { x: number; y: number });

interface Score {
  stones: number;
  typed: number;
}

/** Minimum share of stones typed right, per model (RAMI uses every light). */
const ACCURACY_FLOOR: Record<AiModel, number> = { RAMI: 0.9, NAOMI: 0.85, YORI: 0.85 };

describe("the analyzer on the seeded tray photos", () => {
  const scores = new Map<AiModel, Score>(AI_MODELS.map((model) => [model, { stones: 0, typed: 0 }]));

  it.each(Array.from({ length: PHOTO_POOL_SIZE }, (_, layout) => layout))(
    "finds every stone of layout %i with each model",
    async (layout) => {
      const photos = await trayPhotos(layout);
      const truth = await database.handle.db
        .select()
        .from(seedPhotoStones)
        .where(eq(seedPhotoStones.storageKey, photoKey(layout, FILE_KIND.Result)))
        .orderBy(asc(seedPhotoStones.stoneIndex));
      expect(truth.length).toBeGreaterThan(0);
      for (const model of AI_MODELS) {
        const polygons = analyzeTray(photos, configOf(model));
        expect(polygons, model).toHaveLength(truth.length);
        expect(polygons.map((polygon) => polygon.Index)).toEqual(polygons.map((_, index) => index));
        for (const polygon of polygons) {
          // A handful of points, inside the canvas.
          expect(polygon.Polygon.length).toBeGreaterThanOrEqual(4);
          expect(polygon.Polygon.length).toBeLessThanOrEqual(40);
          for (const { x, y } of polygon.Polygon.map(asXY)) {
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThanOrEqual(CANVAS_WIDTH);
            expect(y).toBeGreaterThanOrEqual(0);
            expect(y).toBeLessThanOrEqual(CANVAS_HEIGHT);
          }
        }
        const score = scores.get(model)!;
        for (const stone of truth) {
          const hits = polygons.filter((polygon) =>
            pointInPolygon({ x: stone.x, y: stone.y }, polygon.Polygon.map(asXY)),
          );
          expect(hits, `${model}: stone ${stone.stoneIndex} of layout ${layout}`).toHaveLength(1);
          score.stones += 1;
          if (hits[0]!.Type === stone.stoneType) score.typed += 1;
        }
      }
    },
  );

  it.each(AI_MODELS)("types at least the floor of the stones right with %s", (model) => {
    const { stones, typed } = scores.get(model)!;
    expect(stones).toBeGreaterThan(50);
    expect(typed / stones).toBeGreaterThanOrEqual(ACCURACY_FLOOR[model]);
  });

  it("draws coarser outlines with an older RAMI version, and still finds every stone", async () => {
    const photos = await trayPhotos(0);
    const [old] = Object.keys(MODELS.RAMI.versions).filter((version) => version !== MODELS.RAMI.current);
    const current = analyzeTray(photos, configOf("RAMI"));
    const previous = analyzeTray(photos, configOf("RAMI", old));
    expect(previous).toHaveLength(current.length);
    const points = (polygons: typeof current) => polygons.reduce((sum, polygon) => sum + polygon.Polygon.length, 0);
    expect(points(previous)).toBeLessThan(points(current));
  });
});
