/**
 * The Home dashboard (spec §2 Home, for everyone): the figures the caller's role may see, in one
 * answer of GET dashboard (docs/api.md "Home dashboard"). Shared by the console, the service and
 * the tests; the shapes are the schema's (src/api/schemas/dashboard.ts).
 */
import type { Static } from "typebox";
import type { dashboardSchema, dashboardTestSchema } from "./schemas/dashboard";

/** Whose figures: every account's, the caller's account's, or the caller's own tests. */
export const DASHBOARD_SCOPES = ["all", "account", "own"] as const;
export type DashboardScope = (typeof DASHBOARD_SCOPES)[number];

/** Tests per day cover the last 30 days, today included. */
export const DASHBOARD_DAYS = 30;
/** A user's latest tests: as many as one row of gallery cards on a wide screen. */
export const DASHBOARD_LATEST_TESTS = 6;

export type Dashboard = Static<typeof dashboardSchema>;
export type DashboardTest = Static<typeof dashboardTestSchema>;

const DAY_MS = 86_400_000;

/** A moment's day in UTC, YYYY-MM-DD. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The dashboard's period: the last `days` UTC days up to today's. */
export function periodOf(now: Date, days = DASHBOARD_DAYS): { from: string; to: string } {
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  return { from: utcDay(new Date(today - (days - 1) * DAY_MS)), to: utcDay(now) };
}

/** This calendar month in UTC: its first moment and its last millisecond (a list's inclusive bound). */
export function monthOf(now: Date): { from: string; to: string } {
  const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return { from: new Date(from).toISOString(), to: new Date(next - 1).toISOString() };
}

/** Every day from `from` to `to` (YYYY-MM-DD, both included) with its count; a day without any is 0. */
export function fillDays(counts: ReadonlyMap<string, number>, from: string, to: string) {
  const days: { day: string; tests: number }[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); utcDay(new Date(time)) <= to; time += DAY_MS) {
    const day = utcDay(new Date(time));
    days.push({ day, tests: counts.get(day) ?? 0 });
  }
  return days;
}

/** Counts per value of a list, every value in the list's order (zeros included), and their total. */
export function countsOf<T extends string>(values: readonly T[], counts: ReadonlyMap<string, number>) {
  const byStatus = values.map((status) => ({ status, count: counts.get(status) ?? 0 }));
  return { total: byStatus.reduce((sum, row) => sum + row.count, 0), byStatus };
}
