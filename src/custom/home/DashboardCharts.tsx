/**
 * Home's charts: one chunk loaded on demand (./charts.tsx), so MUI X Charts never weighs on the
 * page's first paint nor on another page. A click on a bar or a slice opens the list behind it.
 */
import { useTheme, type Theme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { AxisValueFormatterContext } from "@mui/x-charts/models";
import { PieChart } from "@mui/x-charts/PieChart";
import type { StoneType } from "../../api/ai";
import type { Dashboard } from "../../api/dashboard";
import type { SubscriptionState } from "../../api/resources";
import { statusTone } from "../../resources/shared/status";
import { STONE_COLORS } from "../aiOverlay/polygons";
import { compactCount, formatDay } from "../format";

/** The colour of a status's tone in the theme (the status chips' colours). */
export function toneColor(theme: Theme, status: string): string {
  const tone = statusTone(status);
  return tone === "default" ? theme.palette.grey[500] : theme.palette[tone].main;
}

export interface TestsPerDayChartProps {
  days: NonNullable<Dashboard["tests"]>["days"];
  label: string;
  testsLabel: string;
  onDay: (day: string) => void;
}

/**
 * Tests per UTC day, oldest first; a click anywhere in a day's column opens that day's tests. It
 * takes its box's height (the card beside it may be taller).
 */
export function TestsPerDayChart({ days, label, testsLabel, onDay }: TestsPerDayChartProps) {
  const theme = useTheme();
  return (
    <BarChart
      aria-label={label}
      // MUI's arrow-key walk made the chart a Tab stop with no name and no visible focus (outside
      // review); what it shows is reached by keyboard from its card's links and rows instead.
      disableKeyboardNavigation
      dataset={days}
      xAxis={[
        {
          scaleType: "band",
          dataKey: "day",
          // Spec §9's MM/DD/yyyy on the axis and in the tooltip (labels that would overlap are skipped).
          valueFormatter: (day: string) => formatDay(day),
          tickLabelMinGap: 12,
        },
      ]}
      yAxis={[{ tickMinStep: 1, width: 36 }]}
      series={[{ dataKey: "tests", label: testsLabel, color: theme.palette.primary.main }]}
      borderRadius={3}
      hideLegend
      margin={{ right: 8, left: 0 }}
      onAxisClick={(_event, data) => data && onDay(String(data.axisValue))}
      sx={{ "& .MuiBarChart-element": { cursor: "pointer" } }}
    />
  );
}

export interface SubscriptionChartProps {
  rows: NonNullable<Dashboard["accounts"]>["byStatus"];
  labels: Record<SubscriptionState, string>;
  label: string;
  accountsLabel: string;
  onStatus: (status: SubscriptionState) => void;
}

/** Accounts per subscription status as bars in their status colours; a bar opens the accounts list filtered to it. */
export function SubscriptionChart({ rows, labels, label, accountsLabel, onStatus }: SubscriptionChartProps) {
  const theme = useTheme();
  const statuses = rows.map((row) => row.status);
  return (
    <BarChart
      aria-label={label}
      disableKeyboardNavigation
      height={Math.max(150, 30 + rows.length * 36)}
      layout="horizontal"
      dataset={rows.map((row) => ({ status: row.status, count: row.count }))}
      yAxis={[
        {
          scaleType: "band",
          dataKey: "status",
          width: 84,
          // The axis keeps to the status's name ("Canceled"); its row below says the rest.
          valueFormatter: (status: SubscriptionState) => labels[status].replace(/\s*\(.*\)$/, ""),
          colorMap: { type: "ordinal", values: statuses, colors: statuses.map((status) => toneColor(theme, status)) },
        },
      ]}
      xAxis={[
        {
          tickMinStep: 1,
          // Ticks short enough for the chart's right edge; the tooltip keeps the whole count.
          valueFormatter: (count: number, context: AxisValueFormatterContext) =>
            context.location === "tick" ? compactCount(count) : count.toLocaleString("en-US"),
        },
      ]}
      series={[{ dataKey: "count", label: accountsLabel }]}
      borderRadius={3}
      hideLegend
      margin={{ right: 16 }}
      onAxisClick={(_event, data) => data && onStatus(data.axisValue as SubscriptionState)}
      sx={{ "& .MuiBarChart-element": { cursor: "pointer" } }}
    />
  );
}

export interface StonesChartProps {
  stones: NonNullable<Dashboard["ai"]>["stones"];
  labels: Record<StoneType, string>;
  label: string;
  onSlice: () => void;
}

/** The stone-type mix as a donut in the AI overlay's colours (spec §3). */
export function StonesChart({ stones, labels, label, onSlice }: StonesChartProps) {
  return (
    <PieChart
      aria-label={label}
      disableKeyboardNavigation
      height={200}
      series={[
        {
          data: stones
            .filter((row) => row.count > 0)
            .map((row) => ({ id: row.type, value: row.count, label: labels[row.type], color: STONE_COLORS[row.type] })),
          innerRadius: 52,
          outerRadius: 90,
          paddingAngle: 1.5,
          cornerRadius: 3,
          highlightScope: { fade: "global", highlight: "item" },
        },
      ]}
      hideLegend
      onItemClick={() => onSlice()}
      sx={{ "& .MuiPieChart-arc": { cursor: "pointer" } }}
    />
  );
}
