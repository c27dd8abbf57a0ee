import type { ReactNode } from "react";
import { Box, Paper, Stack, Typography } from "@mui/material";

interface StatusPageProps {
  icon?: ReactNode;
  code?: string;
  title: string;
  subtitle?: string;
  body?: ReactNode;
  actions?: ReactNode;
  fullHeight?: boolean;
}

/** The one frame of every status screen (not found, error, maintenance, inactive subscription). */
export function StatusPage({ icon, code, title, subtitle, body, actions, fullHeight }: StatusPageProps) {
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        minHeight: fullHeight ? "100vh" : "60vh",
        p: 2,
        bgcolor: fullHeight ? "background.default" : undefined,
      }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, width: "100%", textAlign: "center" }}>
        <Stack spacing={1.5} alignItems="center">
          {icon}
          {code && (
            <Typography variant="h1" component="p" color="primary" sx={{ fontSize: { xs: 64, sm: 88 }, lineHeight: 1 }}>
              {code}
            </Typography>
          )}
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="subtitle1" component="p">
              {subtitle}
            </Typography>
          )}
          {body && (
            <Typography variant="body1" component="div" color="text.secondary">
              {body}
            </Typography>
          )}
          {actions && (
            <Stack direction="row" spacing={1} flexWrap="wrap" justifyContent="center" useFlexGap sx={{ pt: 1 }}>
              {actions}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
