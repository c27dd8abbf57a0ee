/** Real, decodable photos for the upload and thumbnail suites, made with sharp (deterministic). */
import sharp from "sharp";

export type PhotoFormat = "jpeg" | "png" | "webp";

/** A photo of `width` × `height`: a gradient, so thumbnails have something to shrink. */
export async function photoBytes(
  format: PhotoFormat,
  width = 96,
  height = 128,
  options: { orientation?: number } = {},
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 90;
    }
  }
  let image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (options.orientation !== undefined) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format).toBuffer();
}
