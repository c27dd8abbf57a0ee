import type { ReactNode } from "react";
import { Stack, Typography } from "@mui/material";

/** A guest page's heading (its h1), with the page's icon before it. */
export function IconHeading({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} alignItems="center">
      {icon}
      <Typography variant="h5" component="h1">
        {children}
      </Typography>
    </Stack>
  );
}
