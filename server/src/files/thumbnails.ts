/**
 * Photo thumbnails (issue 13): a real device photo is about 3120 × 4192 and several MB, far more
 * than a gallery card or the photo strip shows. Beside each stored photo the service keeps two
 * WebP thumbnails, THUMBNAIL_WIDTHS wide, for the console's srcset.
 *
 * They live in the same store as the photo, under keys derived from the photo's own key
 * (`<key>.w320.webp`), so no column records them: whatever deletes a photo's blob deletes its
 * thumbnails with it (deleteBlobAndThumbnails), and the leftover sweep keeps a thumbnail exactly
 * as long as its photo is referenced (originalKeyOf). They are made at upload, and for photos
 * stored before thumbnails existed on their first request (ensureThumbnails), written through
 * storage.put, which only shows a blob once it is complete: a crash never leaves half a thumbnail.
 */
import sharp from "sharp";
import { isValidKey, type FileStorage } from "./storage";

/** The widths the console's srcset offers: a gallery card (about 200 CSS px) at 1× and 2×–3×. */
export const THUMBNAIL_WIDTHS = [320, 640] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];
export const THUMBNAIL_CONTENT_TYPE = "image/webp";
/** WebP quality: photos of stones on a tray stay sharp at this size, at a few tens of KB. */
const WEBP_QUALITY = 78;

/**
 * The most pixels a photo may have: a 48-megapixel phone's 8000 × 6000 with room to spare. Above
 * it decoding would take seconds and hundreds of MB, so such an upload is refused.
 */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** The image formats sharp decodes for us, by the Content-Type the file is stored with. */
const DECODABLE = new Set(["image/jpeg", "image/png", "image/webp"]);
export const hasThumbnails = (contentType: string): boolean => DECODABLE.has(contentType);

const THUMBNAIL_SUFFIX = /^(.+)\.w(\d+)\.webp$/;

export const isThumbnailWidth = (width: number): width is ThumbnailWidth =>
  (THUMBNAIL_WIDTHS as readonly number[]).includes(width);

/** The key of a photo's thumbnail, or null when the photo's key is too long to derive one. */
export function thumbnailKey(key: string, width: ThumbnailWidth): string | null {
  const derived = `${key}.w${width}.webp`;
  return isValidKey(derived) ? derived : null;
}

export const thumbnailKeysOf = (key: string): string[] =>
  THUMBNAIL_WIDTHS.map((width) => thumbnailKey(key, width)).filter((k): k is string => k !== null);

/** The photo's key when `key` is one of its thumbnails (the leftover sweep's question), else null. */
export function originalKeyOf(key: string): string | null {
  const match = THUMBNAIL_SUFFIX.exec(key);
  if (!match || !isThumbnailWidth(Number(match[2]))) return null;
  return match[1]!;
}

/** A photo that cannot be decoded, or is too large to: uploads refuse it, thumbnails answer 404. */
export class UnreadableImageError extends Error {}

const decoder = (input: Buffer | string) =>
  sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" })
    // The camera's orientation tag, applied: thumbnails stand the way the browser shows the photo.
    .rotate();

/** What an uploaded photo really is (sharp reads only its header): format and size in pixels. */
export async function photoHeader(
  input: Buffer | string,
): Promise<{ format: string; width: number; height: number } | null> {
  try {
    const { format, width, height } = await sharp(input, { limitInputPixels: false }).metadata();
    if (!format || !width || !height) return null;
    return { format, width, height };
  } catch {
    return null;
  }
}

/** Both thumbnails of a photo, decoded once. Throws UnreadableImageError for a damaged photo. */
export async function renderThumbnails(input: Buffer | string): Promise<Map<ThumbnailWidth, Buffer>> {
  const image = decoder(input);
  try {
    const buffers = await Promise.all(
      THUMBNAIL_WIDTHS.map((width) =>
        image.clone().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer(),
      ),
    );
    return new Map(THUMBNAIL_WIDTHS.map((width, i) => [width, buffers[i]!]));
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Makes and stores both thumbnails of the photo stored under `key` (its bytes or a path to them).
 * All or nothing: a failure removes the one already stored.
 */
export async function storeThumbnails(storage: FileStorage, key: string, input: Buffer | string): Promise<void> {
  if (thumbnailKeysOf(key).length === 0) return;
  const rendered = await renderThumbnails(input);
  const stored: string[] = [];
  try {
    for (const [width, bytes] of rendered) {
      const target = thumbnailKey(key, width);
      if (target === null) continue;
      await storage.put(bytes, { key: target });
      stored.push(target);
    }
  } catch (error) {
    await Promise.all(stored.map((k) => storage.delete(k)));
    throw error;
  }
}

/** Removes a stored blob and, if it is a photo, its thumbnails. */
export async function deleteBlobAndThumbnails(storage: FileStorage, key: string): Promise<void> {
  await storage.delete(key);
  await Promise.all(thumbnailKeysOf(key).map((k) => storage.delete(k)));
}

async function readBlob(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Thumbnails made on first request, for photos stored before uploads made them. One rendering per
 * photo at a time: a gallery page asking for the same photo's two widths at once decodes it once.
 */
export function lazyThumbnails(storage: FileStorage) {
  const inFlight = new Map<string, Promise<void>>();
  return {
    /**
     * The thumbnail's key, once it is stored; null when the photo has none (its key is too long)
     * or is missing. Throws UnreadableImageError when the photo cannot be decoded.
     */
    async ensure(key: string, width: ThumbnailWidth): Promise<string | null> {
      const target = thumbnailKey(key, width);
      if (target === null) return null;
      if ((await storage.size(target)) !== null) return target;
      let making = inFlight.get(key);
      if (!making) {
        making = (async () => {
          if ((await storage.size(key)) === null) return;
          await storeThumbnails(storage, key, await readBlob(storage, key));
        })().finally(() => inFlight.delete(key));
        inFlight.set(key, making);
      }
      await making;
      return (await storage.size(target)) === null ? null : target;
    },
  };
}
