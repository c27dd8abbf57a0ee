/**
 * The charts of Top Phones Used, each its own chunk (MUI X Charts is heavy: it loads when a chart
 * shows, never with another page), behind a skeleton of the chart's size while it loads.
 */
import { lazy, Suspense, type ComponentProps } from "react";
import { Skeleton } from "@mui/material";

const BarChart = lazy(() => import("./PhoneBarChart"));
const WeeksChart = lazy(() => import("./PhoneWeeksChart"));

export const ChartSkeleton = ({ height }: { height: number }) => (
  <Skeleton variant="rounded" height={height} data-testid="chart-loading" />
);

export function LazyPhoneBarChart(props: ComponentProps<typeof BarChart>) {
  return (
    <div data-testid="phones-bar-chart">
      <Suspense fallback={<ChartSkeleton height={Math.max(160, 40 + props.rows.length * 34)} />}>
        <BarChart {...props} />
      </Suspense>
    </div>
  );
}

export function LazyPhoneWeeksChart(props: ComponentProps<typeof WeeksChart>) {
  return (
    <div data-testid="phone-weeks-chart">
      <Suspense fallback={<ChartSkeleton height={240} />}>
        <WeeksChart {...props} />
      </Suspense>
    </div>
  );
}
