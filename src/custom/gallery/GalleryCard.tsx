import { Box, Card, CardActionArea, CardContent, Checkbox, Typography } from "@mui/material";
import ImageIcon from "@mui/icons-material/ImageOutlined";
import { Link } from "react-router-dom";
import { useTranslate } from "react-admin";
import { deviceTypeName, type GalleryItem } from "../../api/tests";
import { formatDateTime } from "../format";
import { PhotoImage } from "../photos/PhotoImage";
import { GALLERY_CARD_SIZES } from "../photos/photoSources";

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
      <CardActionArea component={Link} to={`/gallery/item/${encodeURIComponent(item.id)}`} sx={{ height: "100%" }}>
        <Box
          sx={{
            aspectRatio: "3 / 4",
            bgcolor: "grey.100",
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
          }}
        >
          {item.thumbnail ? (
            <PhotoImage
              link={item.thumbnail}
              thumbnails={item.thumbnails}
              sizes={GALLERY_CARD_SIZES}
              alt={item.name}
              sx={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
            />
          ) : (
            <Box sx={{ color: "text.disabled", textAlign: "center" }}>
              <ImageIcon fontSize="large" />
              <Typography variant="caption" component="p">
                {translate("gallery.noPhoto")}
              </Typography>
            </Box>
          )}
        </Box>
        <CardContent sx={{ p: 1.25, "&:last-child": { pb: 1.25 } }}>
          <Typography variant="subtitle2" component="h2" noWrap title={title}>
            {title}
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
