import { useState } from "react";
import { Box, type SxProps, type Theme } from "@mui/material";
import { photoSources, type ThumbnailLink } from "./photoSources";

interface PhotoImageProps {
  /** The photo itself: what is shown when there are no thumbnails, or they fail to load. */
  link: string;
  thumbnails: readonly ThumbnailLink[] | undefined;
  sizes: string;
  alt: string;
  sx?: SxProps<Theme>;
}

/**
 * A test photo at a card's size: its thumbnails through srcset when the service offers them, and
 * the original when it does not, or when a thumbnail fails to load (an older service, a photo it
 * cannot shrink): the person still sees the photo.
 */
export function PhotoImage({ link, thumbnails, sizes, alt, sx }: PhotoImageProps) {
  const [fallback, setFallback] = useState(false);
  const sources = fallback ? { src: link } : photoSources(link, thumbnails, sizes);
  return (
    <Box
      component="img"
      {...sources}
      alt={alt}
      loading="lazy"
      onError={() => {
        if (sources.srcSet !== undefined) setFallback(true);
      }}
      sx={sx}
    />
  );
}
