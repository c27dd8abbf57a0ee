/**
 * The charts of Top Phones Used, each its own chunk (MUI X Charts is heavy: it loads when a chart
 * shows, never with another page), behind a skeleton of the chart's size while it loads.
 */
import { lazy, type ComponentProps } from "react";
import { LazyChartBox } from "../charts/LazyChartBox";

const BarChart = lazy(() => import("./PhoneBarChart"));
const WeeksChart = lazy(() => import("./PhoneWeeksChart"));

export function LazyPhoneBarChart(props: ComponentProps<typeof BarChart>) {
  return (
    <LazyChartBox testId="phones-bar-chart" height={Math.max(160, 40 + props.rows.length * 34)}>
      <BarChart {...props} />
    </LazyChartBox>
  );
}

export function LazyPhoneWeeksChart(props: ComponentProps<typeof WeeksChart>) {
  return (
    <LazyChartBox testId="phone-weeks-chart" height={240}>
      <WeeksChart {...props} />
    </LazyChartBox>
  );
}
