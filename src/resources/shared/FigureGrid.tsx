import type { ReactNode } from "react";
import { Box } from "@mui/material";

/** Cards of figures side by side: 2 a row on phones, `columns` a row from tablet width. */
export function FigureGrid({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        mb: 2,
        gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: `repeat(${columns}, minmax(0, 1fr))` },
      }}
    >
      {children}
    </Box>
  );
}
