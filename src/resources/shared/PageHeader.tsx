import type { ReactNode } from "react";
import { Box, Stack, Typography } from "@mui/material";

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Chips or avatar before the title. */
  leading?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
}

/** The heading of a resource page: h1, a line of context, and the page's actions. */
export function PageHeader({ title, subtitle, leading, actions }: PageHeaderProps) {
  return (
    <Stack
      direction={{ xs: "column", sm: "row" }}
      spacing={2}
      alignItems={{ xs: "flex-start", sm: "center" }}
      justifyContent="space-between"
      sx={{ mb: 2 }}
    >
      {/* No wider than the screen: a long email under a name breaks rather than widen the page. */}
      <Stack direction="row" spacing={2} alignItems="center" sx={{ minWidth: 0, maxWidth: "100%" }}>
        {leading}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: "anywhere" }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" component="div" sx={{ overflowWrap: "anywhere" }}>
              {subtitle}
            </Typography>
          )}
        </Box>
      </Stack>
      {actions && (
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
