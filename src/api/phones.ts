/**
 * Top Phones Used (spec §2, super admins): the phone brands and models the tests were made with,
 * counted over a period. Shared by the console, the service and the tests; the shapes are the
 * schemas' (src/api/schemas/phones.ts).
 */
import type { Static } from "typebox";
import type { phoneModelUsageSchema, phoneUsageSchema } from "./schemas/phones";

/** The periods a super admin chooses from: the last 7, 30 or 90 days, a year, all time. */
export const PHONE_PERIODS = ["7d", "30d", "90d", "1y", "all"] as const;
export type PhonePeriod = (typeof PHONE_PERIODS)[number];
export const DEFAULT_PHONE_PERIOD: PhonePeriod = "30d";

/** Days back from now each period reaches; null: no lower bound. */
export const PERIOD_DAYS: Record<PhonePeriod, number | null> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365, all: null };

/** A brand or a model name in a path: 1 to 100 characters. */
export const PHONE_NAME_MAX_LENGTH = 100;

/** The drill-down's lists show this many rows at most (accounts, devices, latest tests). */
export const PHONE_DETAIL_ROWS = 50;
export const PHONE_LATEST_TESTS = 10;

export type PhoneUsage = Static<typeof phoneUsageSchema>;
export type PhoneModelUsage = Static<typeof phoneModelUsageSchema>;

const DAY_MS = 86_400_000;

/** When a period starts, counted back from `now`; null for all time. */
export function periodStart(period: PhonePeriod, now: Date): Date | null {
  const days = PERIOD_DAYS[period];
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

/** The Monday (UTC) of the week a moment falls in, as YYYY-MM-DD (PostgreSQL's date_trunc('week')). */
export function weekOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Tests per week from the week of `from` to the week of `to`, weeks without tests as 0 (the line
 * chart shows gaps as zeros, not as missing points).
 */
export function fillWeeks(
  counts: ReadonlyMap<string, number>,
  from: Date,
  to: Date,
): { week: string; tests: number }[] {
  const weeks: { week: string; tests: number }[] = [];
  const last = weekOf(to);
  for (let week = weekOf(from); week <= last; week = new Date(Date.parse(week) + 7 * DAY_MS).toISOString().slice(0, 10))
    weeks.push({ week, tests: counts.get(week) ?? 0 });
  return weeks;
}

/** A model's id in the ranking, and its page's path: both segments URL-encoded. */
export const phoneModelId = (brand: string, model: string) =>
  `${encodeURIComponent(brand)}/${encodeURIComponent(model)}`;
export const phoneModelPath = (brand: string, model: string) => `/top-phones-used/${phoneModelId(brand, model)}`;

/** A model's share of the period's tests, in percent with one decimal. */
export const sharePercent = (tests: number, allTests: number) =>
  allTests === 0 ? 0 : Math.round((tests * 1000) / allTests) / 10;
