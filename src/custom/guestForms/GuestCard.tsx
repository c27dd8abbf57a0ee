import type { ReactNode } from "react";
import { Box, Paper, Stack } from "@mui/material";
import { IconHeading } from "./IconHeading";

/**
 * The card a guest page's form sits in, inside the guest shell: an icon and the page's heading,
 * then the content; full width on a phone, `maxWidth` on larger screens.
 */
export function GuestCard({
  icon,
  title,
  maxWidth = 460,
  children,
}: {
  icon: ReactNode;
  title: string;
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: "flex", justifyContent: "center", pt: { xs: 1, sm: 6 }, pb: 4 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, width: "100%", maxWidth }}>
        <Stack spacing={2.5}>
          <IconHeading icon={icon}>{title}</IconHeading>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
