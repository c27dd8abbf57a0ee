/**
 * The reference analyzer: finds the stones in a test run's Result photo and names each one's type
 * from how it looks under the run's other lights.
 *
 *   Result photo → luminance → threshold against the tray → connected components (minus specks)
 *   → Moore-neighbour contour → Douglas–Peucker polygon, scaled to the overlay's canvas (spec §9)
 *   Other lights → mean colour inside each stone → nearest reference appearance → type, confidence
 */
import type { AiPolygon } from "../../../src/api/ai";
import { classify } from "./classify";
import { interiorPixels, labelComponents } from "./components";
import { traceContour } from "./contour";
import { measureStone } from "./features";
import { luminance, type RgbImage } from "./image";
import type { ClassifyingLight } from "./lights";
import { REFERENCE_APPEARANCE, type AnalyzerConfig } from "./models";
import { readingOrder } from "./readingOrder";
import { simplifyRing } from "./simplify";
import { chooseThreshold, foregroundMask } from "./threshold";

/** Spec §9: the overlay's canvas, which polygons are expressed in. */
export const CANVAS_WIDTH = 3120;
export const CANVAS_HEIGHT = 4192;

export interface TrayPhotos {
  result: RgbImage;
  lights: Partial<Record<ClassifyingLight, RgbImage>>;
}

export function analyzeTray(photos: TrayPhotos, config: AnalyzerConfig): AiPolygon[] {
  const { result } = photos;
  const { width, height } = result;
  const luma = luminance(result);
  const mask = foregroundMask(luma, chooseThreshold(luma, config.threshold));
  const labelling = labelComponents(mask, width, height);
  const minArea = Math.max(4, config.minAreaFraction * width * height);
  const stones = labelling.components.filter(
    (component) =>
      component.area >= minArea &&
      // Something touching the photo's edge is the table or a stone cut off: not measurable.
      component.minX > 0 &&
      component.minY > 0 &&
      component.maxX < width - 1 &&
      component.maxY < height - 1,
  );

  const scaleX = CANVAS_WIDTH / width;
  const scaleY = CANVAS_HEIGHT / height;
  return readingOrder(stones).map((component, index): AiPolygon => {
    const outline = simplifyRing(traceContour(labelling, component), config.simplifyTolerance);
    const features = measureStone(interiorPixels(labelling, component, config.erosion), result, photos.lights);
    const { type, confidence } = classify(features, REFERENCE_APPEARANCE, config.weights);
    return {
      // Pixel centres, scaled to the canvas; whole canvas units are finer than a photo pixel.
      Polygon: outline.map(({ x, y }) => [Math.round((x + 0.5) * scaleX), Math.round((y + 0.5) * scaleY)] as const),
      Type: type,
      Confidence: confidence,
      Index: index,
    };
  });
}
