/**
 * Photos as the analyzer sees them: 8-bit RGB pixels, row by row, whatever the stored PNG's
 * colour type (palette, grey, alpha and 16-bit PNGs are all normalised by pngjs).
 */
import { PNG } from "pngjs";

export interface RgbImage {
  width: number;
  height: number;
  /** width × height × 3 bytes: R, G, B. */
  data: Uint8Array;
}

/** A photo the analyzer cannot read; the job fails with this message. */
export class UnreadablePhotoError extends Error {}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * Decodes a stored photo. Only PNG is supported: the reference service has no JPEG decoder (and
 * pulling one in for a reference analyzer is not worth it), so a JPEG gets a reason a person can
 * act on rather than a generic failure.
 */
export function decodePhoto(bytes: Buffer, label: string): RgbImage {
  if (bytes.subarray(0, 3).equals(JPEG_SIGNATURE)) {
    throw new UnreadablePhotoError(`The ${label} photo is a JPEG; the analyzer reads PNG photos only.`);
  }
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw new UnreadablePhotoError(`The ${label} photo is not a PNG image.`);
  }
  let png: PNG;
  try {
    png = PNG.sync.read(bytes);
  } catch {
    throw new UnreadablePhotoError(`The ${label} photo could not be decoded (damaged PNG).`);
  }
  // pngjs always hands back RGBA; the analyzer has no use for alpha.
  const { width, height } = png;
  const data = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < data.length; i += 3, j += 4) {
    data[i] = png.data[j]!;
    data[i + 1] = png.data[j + 1]!;
    data[i + 2] = png.data[j + 2]!;
  }
  return { width, height, data };
}

/** Rec. 601 luma, 0–255, one value per pixel. */
export function luminance(image: RgbImage): Float32Array {
  const { data } = image;
  const out = new Float32Array(image.width * image.height);
  for (let p = 0, i = 0; p < out.length; p++, i += 3) {
    out[p] = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  }
  return out;
}
