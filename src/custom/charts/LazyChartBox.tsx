import { Suspense, type ReactNode } from "react";
import { Skeleton } from "@mui/material";

/** Where a chart will be while its chunk loads. */
export const ChartSkeleton = ({ height }: { height: number | string }) => (
  <Skeleton variant="rounded" height={height} data-testid="chart-loading" />
);

/**
 * A chart that loads on demand (MUI X Charts is heavy), in a box named by its test id, behind a
 * skeleton of the chart's height until its chunk is in.
 */
export function LazyChartBox({ testId, height, children }: { testId: string; height: number; children: ReactNode }) {
  return (
    <div data-testid={testId}>
      <Suspense fallback={<ChartSkeleton height={height} />}>{children}</Suspense>
    </div>
  );
}
