import { Box, Card, CardActionArea, CardContent, Grid, Typography } from "@mui/material";
import { Link } from "react-router-dom";
import { useTranslate } from "react-admin";
import { MENU_SCREENS } from "../../access/screens";
import { useAccessibleScreens } from "../../access/useAccessibleScreens";
import { useCurrentUser } from "../../authProvider/useCurrentUser";

/** Home (spec §2): a greeting and the places this role can go. */
export default function HomePage() {
  const translate = useTranslate();
  const user = useCurrentUser();
  const role = user?.role;
  const destinations = (useAccessibleScreens(MENU_SCREENS) ?? []).filter((screen) => screen.path !== "/");
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate("home.greeting", { name: user?.firstName ?? "" })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate("home.subtitle", { role: role ? translate(`roles.${role}`) : "" })}
      </Typography>
      <Grid container spacing={2}>
        {destinations.map((screen) => {
          const Icon = screen.menu!.icon;
          return (
            <Grid key={screen.path} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <Card variant="outlined" sx={{ height: "100%" }}>
                <CardActionArea component={Link} to={screen.path} sx={{ height: "100%" }}>
                  <CardContent sx={{ display: "flex", alignItems: "center", gap: 2 }}>
                    <Icon color="primary" fontSize="large" />
                    <Typography variant="h6" component="h2">
                      {translate(screen.title)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}
