import { Box, Card, CardActionArea, CardContent, Checkbox, Typography } from "@mui/material";
import { Link } from "react-router-dom";
import { useTranslate } from "react-admin";
import { deviceTypeName, type GalleryItem } from "../../api/tests";
import { formatDateTime } from "../format";
import { TestCardPhoto } from "../photos/TestCardPhoto";

interface GalleryCardProps {
  item: GalleryItem;
  selected: boolean;
  onToggle: (id: string) => void;
}

/** A test in the gallery: thumbnail, name, device and date; a checkbox selects it for bulk download. */
export function GalleryCard({ item, selected, onToggle }: GalleryCardProps) {
  const translate = useTranslate();
  const title = item.isCopied ? `${item.name} ${translate("testDetail.copied")}` : item.name;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={title}
      sx={{
        position: "relative",
        height: "100%",
        borderColor: selected ? "primary.main" : undefined,
        borderWidth: selected ? 2 : 1,
      }}
    >
      <CardActionArea
        component={Link}
        to={`/gallery/item/${encodeURIComponent(item.id)}`}
        // The keyboard's place is the whole card, ringed (MUI's own is a faint tint: outside review).
        sx={{
          height: "100%",
          "&.Mui-focusVisible": { outline: "3px solid", outlineColor: "primary.main", outlineOffset: -3 },
        }}
      >
        <TestCardPhoto thumbnail={item.thumbnail} thumbnails={item.thumbnails} aspectRatio="3 / 4" />
        <CardContent sx={{ p: 1.25, "&:last-child": { pb: 1.25 } }}>
          {/* A long name gives way, never the "(Copied)" marker after it. */}
          <Typography variant="subtitle2" component="h2" title={title} sx={{ display: "flex", gap: 0.5, minWidth: 0 }}>
            <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
              {item.name}
            </Box>
            {/* Read as one name ("Test 1 (Copied)"); the flex row draws no space of its own. */}
            {item.isCopied && " "}
            {item.isCopied && (
              <Box component="span" sx={{ flexShrink: 0, whiteSpace: "nowrap" }}>
                {translate("testDetail.copied")}
              </Box>
            )}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" noWrap>
            {item.device.name} · {deviceTypeName(item.device.type)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {formatDateTime(item.date)}
          </Typography>
        </CardContent>
      </CardActionArea>
      <Checkbox
        checked={selected}
        onChange={() => onToggle(item.id)}
        slotProps={{ input: { "aria-label": translate("gallery.select", { name: item.name }) } }}
        sx={{
          position: "absolute",
          top: 6,
          left: 6,
          bgcolor: "rgba(255,255,255,0.9)",
          borderRadius: 1,
          p: 0.25,
          "&:hover": { bgcolor: "#fff" },
        }}
      />
    </Card>
  );
}
