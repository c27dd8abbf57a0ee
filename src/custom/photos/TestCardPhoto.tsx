import { Box, Typography } from "@mui/material";
import ImageIcon from "@mui/icons-material/ImageOutlined";
import { useTranslate } from "react-admin";
import { CoverPhoto } from "./CoverPhoto";
import { GALLERY_CARD_SIZES, type ThumbnailLink } from "./photoSources";

interface TestCardPhotoProps {
  /** The test's first result photo, or null when it has none. */
  thumbnail: string | null;
  thumbnails: readonly ThumbnailLink[] | undefined;
  /** The box's proportions (CSS aspect-ratio). */
  aspectRatio: string;
}

/**
 * The top of a test's card (gallery, Home): its first photo, or "No photo" when it has none. The
 * photo is the card's picture, not its words: the card's heading names the test (an alt text
 * repeating it made a screen reader read each card's name twice).
 */
export function TestCardPhoto({ thumbnail, thumbnails, aspectRatio }: TestCardPhotoProps) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        aspectRatio,
        overflow: "hidden",
        bgcolor: "grey.100",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
      }}
    >
      {thumbnail ? (
        <CoverPhoto link={thumbnail} thumbnails={thumbnails} sizes={GALLERY_CARD_SIZES} alt="" />
      ) : (
        <Box sx={{ color: "text.disabled", textAlign: "center" }}>
          <ImageIcon fontSize="large" />
          <Typography variant="caption" component="p">
            {translate("gallery.noPhoto")}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
