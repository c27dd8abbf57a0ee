/**
 * Photos as the analyzer sees them: 8-bit RGB pixels, row by row, whatever the stored photo's
 * format (JPEG, PNG or WebP, decoded by sharp: palette, grey, alpha and 16-bit PNGs all come out
 * as 8-bit RGB) and size.
 */
import sharp from "sharp";
import { MAX_PHOTO_PIXELS } from "../files/thumbnails";

export interface RgbImage {
  width: number;
  height: number;
  /** width × height × 3 bytes: R, G, B. */
  data: Uint8Array;
}

/** A photo the analyzer cannot read; the job fails with this message. */
export class UnreadablePhotoError extends Error {}

/**
 * The largest photo the analyzer looks at: a third of the overlay's canvas (spec §9) each way.
 * A device's 3120 × 4192 photo is read shrunk to this (polygons are scaled to the canvas anyway,
 * and stones are hundreds of canvas units across), which keeps a job to tens of milliseconds of
 * analysis instead of seconds; smaller photos are read as they are.
 */
export const ANALYSIS_MAX_WIDTH = 1040;
export const ANALYSIS_MAX_HEIGHT = 1398;

const FORMATS: { name: string; matches(bytes: Buffer): boolean }[] = [
  {
    name: "PNG",
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { name: "JPEG", matches: (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  {
    name: "WebP",
    matches: (b) => b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP",
  },
];

/** Decodes a stored photo (in libvips' threads: the event loop stays free while it decodes). */
export async function decodePhoto(bytes: Buffer, label: string): Promise<RgbImage> {
  const format = FORMATS.find((candidate) => candidate.matches(bytes));
  if (!format) throw new UnreadablePhotoError(`The ${label} photo is not a JPEG, PNG or WebP image.`);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" })
      // As people see it: the camera's orientation tag applied.
      .rotate()
      .resize({
        width: ANALYSIS_MAX_WIDTH,
        height: ANALYSIS_MAX_HEIGHT,
        fit: "inside",
        withoutEnlargement: true,
      })
      .removeAlpha()
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`${info.channels} channels`);
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch {
    throw new UnreadablePhotoError(`The ${label} photo could not be decoded (damaged ${format.name}).`);
  }
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
