/**
 * Which bytes an <img> of a test photo loads (issue 13): a service may offer smaller copies of a
 * photo (`thumbnails`, optional: spec §7 names none), which go into srcset so the browser picks the
 * width it needs; without them the photo itself is shown, as before.
 */
export interface ThumbnailLink {
  width: number;
  link: string;
}

export interface PhotoSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** The thumbnails worth using, narrowest first (a service's odd entries are skipped). */
function usable(thumbnails: readonly ThumbnailLink[] | undefined): ThumbnailLink[] {
  return (thumbnails ?? [])
    .filter((thumbnail) => Number.isInteger(thumbnail.width) && thumbnail.width > 0 && thumbnail.link !== "")
    .sort((a, b) => a.width - b.width);
}

/**
 * The <img> attributes for a photo shown `sizes` wide: the thumbnails as srcset (src the widest,
 * for a browser that ignores srcset), or the original alone when there are none.
 */
export function photoSources(
  original: string,
  thumbnails: readonly ThumbnailLink[] | undefined,
  sizes: string,
): PhotoSources {
  const list = usable(thumbnails);
  if (list.length === 0) return { src: original };
  // A comma would end a srcset candidate; signed links have none, but a service's might.
  const candidate = (thumbnail: ThumbnailLink) => `${thumbnail.link.replaceAll(",", "%2C")} ${thumbnail.width}w`;
  return { src: list[list.length - 1]!.link, srcSet: list.map(candidate).join(", "), sizes };
}

/** The lightbox's first frame while the original loads: the widest thumbnail, if any. */
export function previewOf(thumbnails: readonly ThumbnailLink[] | undefined): string | undefined {
  return usable(thumbnails).at(-1)?.link;
}

/** Six cards a row from md, two below (spec §9): a card is about a sixth or a half of the window. */
export const GALLERY_CARD_SIZES = "(min-width: 900px) 17vw, 50vw";
/** The test page's photo grid: six a row from md, three from sm, two below. */
export const PHOTO_GRID_SIZES = "(min-width: 900px) 17vw, (min-width: 600px) 33vw, 50vw";
