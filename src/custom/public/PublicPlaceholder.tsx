import { Card, CardContent, Stack, Typography } from "@mui/material";
import ConstructionIcon from "@mui/icons-material/ConstructionOutlined";
import { useTranslate } from "react-admin";
import { useScreen } from "../../access/ScreenContext";

/** A public page whose issue has not landed yet: its title and a plain word that it is coming. */
export default function PublicPlaceholder() {
  const translate = useTranslate();
  const screen = useScreen();
  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: "auto", pt: 4 }}>
      <Typography variant="h5" component="h1">
        {screen ? translate(screen.title) : ""}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ display: "flex", alignItems: "center", gap: 2, color: "text.secondary" }}>
          <ConstructionIcon />
          <Typography>{translate("placeholder.comingSoon")}</Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}
