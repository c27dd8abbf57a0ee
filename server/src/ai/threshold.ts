/**
 * Separating stones from the tray: stones under the Result light are bright, the tray and the
 * table around it are dark. The cut is placed relative to the tray's own level (the background),
 * so a brighter or darker device still separates cleanly.
 */

export interface ThresholdSettings {
  /**
   * Where the cut lies between the background level and the mean level of what is clearly brighter
   * than it: 0 at the background, 1 at that mean. Low enough to keep a stone's dark girdle.
   */
  fraction: number;
  /** The background is this percentile of the luminance: most of a tray photo is tray. */
  backgroundPercentile: number;
  /** Anything within this many levels of the background is never foreground (sensor noise, glare). */
  minContrast: number;
}

/** The value below which `percentile` (0–1) of the samples lie, from a 256-bin histogram. */
export function percentileOf(histogram: Uint32Array, total: number, percentile: number): number {
  const target = total * percentile;
  let seen = 0;
  for (let level = 0; level < histogram.length; level++) {
    seen += histogram[level]!;
    if (seen >= target) return level;
  }
  return histogram.length - 1;
}

export function histogramOf(values: Float32Array): Uint32Array {
  const histogram = new Uint32Array(256);
  for (const value of values) histogram[Math.min(255, Math.max(0, Math.round(value)))]! += 1;
  return histogram;
}

/** The luminance level separating foreground from background. */
export function chooseThreshold(luma: Float32Array, settings: ThresholdSettings): number {
  const histogram = histogramOf(luma);
  const background = percentileOf(histogram, luma.length, settings.backgroundPercentile);
  const floor = background + settings.minContrast;
  // Mean of everything clearly above the background: the stones (and bright glare, if any).
  let sum = 0;
  let count = 0;
  for (let level = Math.ceil(floor); level < 256; level++) {
    sum += level * histogram[level]!;
    count += histogram[level]!;
  }
  if (count === 0) return floor;
  const foreground = sum / count;
  return Math.max(floor, background + settings.fraction * (foreground - background));
}

/** 1 where the pixel is brighter than the threshold, else 0. */
export function foregroundMask(luma: Float32Array, threshold: number): Uint8Array {
  const mask = new Uint8Array(luma.length);
  for (let p = 0; p < luma.length; p++) mask[p] = luma[p]! > threshold ? 1 : 0;
  return mask;
}
