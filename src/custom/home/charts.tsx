/**
 * Home's charts behind a skeleton of their size while their chunk loads: the page itself (figures,
 * rows, links) stays light and shows at once; MUI X Charts follows (DESIGN.md "Heavy parts load
 * on demand"). The three charts share one chunk.
 */
import { lazy, Suspense, type ComponentProps } from "react";
import { Box } from "@mui/material";
import { ChartSkeleton, LazyChartBox } from "../charts/LazyChartBox";

const charts = () => import("./DashboardCharts");
const TestsPerDay = lazy(() => charts().then((module) => ({ default: module.TestsPerDayChart })));
const Subscriptions = lazy(() => charts().then((module) => ({ default: module.SubscriptionChart })));
const Stones = lazy(() => charts().then((module) => ({ default: module.StonesChart })));

/** Grows with its card (at least 260 px): the chart inside takes the box's size. */
export function LazyTestsPerDayChart(props: ComponentProps<typeof TestsPerDay>) {
  return (
    <Box data-testid="tests-per-day-chart" sx={{ flex: 1, minHeight: 260, position: "relative" }}>
      <Box sx={{ position: "absolute", inset: 0 }}>
        <Suspense fallback={<ChartSkeleton height="100%" />}>
          <TestsPerDay {...props} />
        </Suspense>
      </Box>
    </Box>
  );
}

export function LazySubscriptionChart(props: ComponentProps<typeof Subscriptions>) {
  return (
    <LazyChartBox testId="subscription-chart" height={Math.max(150, 30 + props.rows.length * 36)}>
      <Subscriptions {...props} />
    </LazyChartBox>
  );
}

export function LazyStonesChart(props: ComponentProps<typeof Stones>) {
  return (
    <LazyChartBox testId="stones-chart" height={200}>
      <Stones {...props} />
    </LazyChartBox>
  );
}
