import type { ReactNode } from "react";
import { AppBar, Box, Toolbar, Typography } from "@mui/material";
import { Link } from "react-router-dom";
import { PRODUCT_NAME } from "../../config";
import { translate } from "../../i18n/translate";

/** The public shell (spec §1, §2): "{product} Guest" top bar, no sidebar. */
export function GuestLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: "100vh", bgcolor: "background.default", display: "flex", flexDirection: "column" }}>
      <AppBar position="static" elevation={0}>
        <Toolbar>
          <Typography
            variant="h6"
            component={Link}
            to="/"
            data-testid="app-title"
            sx={{ color: "inherit", textDecoration: "none", fontWeight: 700 }}
          >
            {translate("app.guest", { product: PRODUCT_NAME })}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3 } }}>
        {children}
      </Box>
    </Box>
  );
}
