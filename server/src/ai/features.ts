/**
 * What a stone looks like under each light: the mean colour of its body (the component eroded
 * away from its rim), divided by its brightness under the white Result light. Dividing cancels
 * what is not the stone's nature — its size, its facets' shading, the exposure — and leaves how
 * strongly it answers each light, channel by channel.
 */
import type { RgbImage } from "./image";
import type { ClassifyingLight } from "./lights";

export type Rgb = readonly [number, number, number];

export interface StoneFeatures {
  /** Mean of R, G and B under the Result light, 0–255. */
  whiteLevel: number;
  /** Per light present in the test run: mean colour relative to whiteLevel (about 0–1.2). */
  relative: Partial<Record<ClassifyingLight, Rgb>>;
}

/**
 * Mean colour of `image` over the given pixels of the Result photo. A photo of another size is
 * sampled at the same relative position, so a run shot at mixed resolutions still lines up.
 */
export function meanColour(image: RgbImage, pixels: readonly number[], resultWidth: number, resultHeight: number): Rgb {
  const sameSize = image.width === resultWidth && image.height === resultHeight;
  const sx = image.width / resultWidth;
  const sy = image.height / resultHeight;
  let r = 0;
  let g = 0;
  let b = 0;
  for (const p of pixels) {
    let q = p;
    if (!sameSize) {
      const x = p % resultWidth;
      const y = (p - x) / resultWidth;
      q =
        Math.min(image.height - 1, Math.floor((y + 0.5) * sy)) * image.width +
        Math.min(image.width - 1, Math.floor((x + 0.5) * sx));
    }
    r += image.data[q * 3]!;
    g += image.data[q * 3 + 1]!;
    b += image.data[q * 3 + 2]!;
  }
  const n = Math.max(1, pixels.length);
  return [r / n, g / n, b / n];
}

export function measureStone(
  pixels: readonly number[],
  result: RgbImage,
  lights: Partial<Record<ClassifyingLight, RgbImage>>,
): StoneFeatures {
  const white = meanColour(result, pixels, result.width, result.height);
  // A floor keeps a very dark "stone" (glare on the tray) from dividing by nearly nothing.
  const whiteLevel = Math.max(16, (white[0] + white[1] + white[2]) / 3);
  const relative: StoneFeatures["relative"] = {};
  for (const [light, image] of Object.entries(lights) as [ClassifyingLight, RgbImage | undefined][]) {
    if (!image) continue;
    const [r, g, b] = meanColour(image, pixels, result.width, result.height);
    relative[light] = [r / whiteLevel, g / whiteLevel, b / whiteLevel];
  }
  return { whiteLevel, relative };
}
