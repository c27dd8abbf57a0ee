import { PhotoImage } from "./PhotoImage";
import type { ThumbnailLink } from "./photoSources";

/** Fills its box and crops what does not fit, as a card's or a grid's photo does. */
const COVER_SX = { width: "100%", height: "100%", objectFit: "cover", display: "block" } as const;

interface CoverPhotoProps {
  link: string;
  thumbnails: readonly ThumbnailLink[] | undefined;
  sizes: string;
  alt: string;
}

/** A test photo that fills the box it is in, cropped to it (cards, the photo grid). */
export function CoverPhoto(props: CoverPhotoProps) {
  return <PhotoImage {...props} sx={COVER_SX} />;
}
