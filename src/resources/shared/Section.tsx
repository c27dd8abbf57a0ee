import type { ReactNode } from "react";
import { Card, CardContent, Stack, Typography } from "@mui/material";

/** A titled card on a detail page (a named region for assistive technology when its title is text). */
export function Section({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={typeof title === "string" ? title : undefined}>
      <CardContent>
        <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1.5 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {actions}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
