/** The model page's tests per week: loaded on demand, like the ranking's bar chart. */
import { LineChart } from "@mui/x-charts/LineChart";
import type { PhoneModelUsage } from "../../api/phones";

const shortDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

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
          valueFormatter: (week: string) => shortDate.format(new Date(`${week}T00:00:00Z`)),
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
      margin={{ right: 16 }}
    />
  );
}
