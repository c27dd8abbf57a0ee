import { Card, CardContent, Typography } from "@mui/material";
import { FigureGrid } from "./FigureGrid";

/** A row of counters at the top of a detail page. */
export function StatCards({ items }: { items: { label: string; value: number | string }[] }) {
  return (
    <FigureGrid columns={items.length}>
      {items.map((item) => (
        <Card key={item.label} variant="outlined">
          <CardContent>
            <Typography variant="caption" color="text.secondary" component="p">
              {item.label}
            </Typography>
            <Typography variant="h5" component="p" data-testid={`stat-${item.label}`}>
              {typeof item.value === "number" ? item.value.toLocaleString("en-US") : item.value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </FigureGrid>
  );
}
