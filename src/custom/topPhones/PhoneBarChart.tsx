/**
 * The ranking's bar chart: loaded on demand (src/custom/topPhones/charts.ts), so MUI X Charts is
 * never in another page's JavaScript (DESIGN.md "Heavy parts load on demand").
 */
import { BarChart } from "@mui/x-charts/BarChart";
import type { PhoneUsage } from "../../api/phones";

export default function PhoneBarChart({
  rows,
  label,
  testsLabel,
}: {
  rows: PhoneUsage[];
  label: string;
  testsLabel: string;
}) {
  const dataset = rows.map((row) => ({ name: `${row.brand} ${row.model}`, tests: row.tests }));
  return (
    <BarChart
      aria-label={label}
      dataset={dataset}
      layout="horizontal"
      height={Math.max(160, 40 + rows.length * 34)}
      yAxis={[{ scaleType: "band", dataKey: "name", width: 130 }]}
      xAxis={[{ tickMinStep: 1 }]}
      series={[{ dataKey: "tests", label: testsLabel }]}
      hideLegend
      margin={{ right: 16 }}
    />
  );
}
