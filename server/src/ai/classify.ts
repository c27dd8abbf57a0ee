/**
 * Naming a stone's type: the weighted distance between its measured appearance and each type's
 * reference appearance, nearest wins. Confidence comes from the margin between the best and the
 * second-best type: 1 when the runner-up is far away, 0.5 when the two are equally close.
 */
import { STONE_TYPES, type StoneType } from "../../../src/api/ai";
import type { Rgb, StoneFeatures } from "./features";
import { CLASSIFYING_LIGHTS, type ClassifyingLight } from "./lights";

export interface Classification {
  type: StoneType;
  confidence: number;
  /** Weighted squared distance to each type, for diagnostics. */
  distances: Record<StoneType, number>;
}

const squaredDistance = (a: Rgb, b: Rgb) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;

export function classify(
  features: StoneFeatures,
  reference: Record<StoneType, Record<ClassifyingLight, Rgb>>,
  weights: Record<ClassifyingLight, number>,
): Classification {
  const distances = {} as Record<StoneType, number>;
  for (const type of STONE_TYPES) {
    let sum = 0;
    for (const light of CLASSIFYING_LIGHTS) {
      const measured = features.relative[light];
      if (measured === undefined || weights[light] === 0) continue;
      sum += weights[light] * squaredDistance(measured, reference[type][light]);
    }
    distances[type] = sum;
  }
  const ranked = [...STONE_TYPES].sort((a, b) => distances[a] - distances[b]);
  const best = distances[ranked[0]!];
  const second = distances[ranked[1]!];
  // Distances, not squares, so that "twice as far" reads as a clear margin.
  const margin = second > 0 ? 1 - Math.sqrt(best) / Math.sqrt(second) : 0;
  return { type: ranked[0]!, confidence: Math.round((0.5 + 0.5 * margin) * 100) / 100, distances };
}

/** Whether the model has anything to compare: at least one light it weighs was photographed. */
export const canClassify = (lights: readonly ClassifyingLight[], weights: Record<ClassifyingLight, number>): boolean =>
  lights.some((light) => weights[light] > 0);
