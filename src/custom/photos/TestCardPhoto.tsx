import { Box, Typography } from "@mui/material";
import ImageIcon from "@mui/icons-material/ImageOutlined";
import { useTranslate } from "react-admin";
import { CoverPhoto } from "./CoverPhoto";
import { GALLERY_CARD_SIZES, type ThumbnailLink } from "./photoSources";

interface TestCardPhotoProps {
  /** The test's first result photo, or null when it has none. */
  thumbnail: string | null;
  thumbnails: readonly ThumbnailLink[] | undefined;
  /** The test's name: the photo's text alternative. */
  name: string;
  /** The box's proportions (CSS aspect-ratio). */
  aspectRatio: string;
}

/** The top of a test's card (gallery, Home): its first photo, or "No photo" when it has none. */
export function TestCardPhoto({ thumbnail, thumbnails, name, aspectRatio }: TestCardPhotoProps) {
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
        <CoverPhoto link={thumbnail} thumbnails={thumbnails} sizes={GALLERY_CARD_SIZES} alt={name} />
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
