import { Box, Card, CardContent, Typography } from "@mui/material";
import ConstructionIcon from "@mui/icons-material/ConstructionOutlined";
import { useTranslate } from "react-admin";
import { useScreen } from "../../access/ScreenContext";

/** A screen the console does not offer yet: its title, and a plain word that it is coming. */
export default function ScreenPlaceholder() {
  const translate = useTranslate();
  const screen = useScreen();
  const title = screen ? translate(screen.title) : "";
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ display: "flex", alignItems: "center", gap: 2, color: "text.secondary" }}>
          <ConstructionIcon />
          <Typography>{translate("placeholder.comingSoon")}</Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
