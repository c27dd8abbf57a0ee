/** The model page's tests per week: loaded on demand, like the ranking's bar chart. */
import { LineChart } from "@mui/x-charts/LineChart";
import type { PhoneModelUsage } from "../../api/phones";
import { formatDay } from "../format";

export default function PhoneWeeksChart({
  weeks,
  label,
  testsLabel,
}: {
  weeks: PhoneModelUsage["weeks"];
  label: string;
  testsLabel: string;
}) {
  return (
    <LineChart
      aria-label={label}
      height={240}
      xAxis={[
        {
          scaleType: "point",
          data: weeks.map((week) => week.week),
          // The week's Monday, as spec §9 writes dates.
          valueFormatter: (week: string) => formatDay(week),
        },
      ]}
      yAxis={[{ tickMinStep: 1, width: 40 }]}
      series={[
        {
          data: weeks.map((week) => week.tests),
          label: testsLabel,
          area: true,
          curve: "linear",
          showMark: weeks.length <= 16,
        },
      ]}
      hideLegend
      // Room for the last week's date, centred on the chart's right edge.
      margin={{ right: 40 }}
    />
  );
}
