/**
 * GET dashboard (spec §2 Home, everyone; docs/api.md "Home dashboard"): the figures the caller's
 * role may see, in one answer counted by one statement (./queries.ts).
 * - super admins: accounts by subscription status, tests per day, AI analyses and their stone
 *   types, payments this month, over every account;
 * - admins: their account's tests per day, AI analyses, payments this month, devices and users;
 * - managers: the same without payments (the Payments screen is not theirs, spec §2);
 * - users: their own latest tests.
 * A figure a role does not see is null, so every role's answer has the same shape.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { STONE_TYPES } from "../../../src/api/ai";
import { countsOf, fillDays, type Dashboard } from "../../../src/api/dashboard";
import { DEVICE_STATUSES, SUBSCRIPTION_STATES, USER_STATUSES } from "../../../src/api/resources";
import { dashboardSchema } from "../../../src/api/schemas/dashboard";
import { callerOf } from "../auth/guard";
import { GUARD_REFUSALS, refusals, routeOptions } from "../docs/openapi";
import { rowsOf } from "../resources/sql";
import type { Services } from "../services";
import { thumbnailsOf } from "../testRecords/queries";
import { dashboardQuery } from "./queries";

/** Both drivers hand json columns back parsed; a string is parsed here all the same. */
const json = <T>(value: unknown): T | null =>
  value === null || value === undefined ? null : ((typeof value === "string" ? JSON.parse(value) : value) as T);

const countMap = (value: unknown) =>
  new Map(Object.entries(json<Record<string, number>>(value) ?? {}).map(([key, n]) => [key, Number(n)]));

interface LatestRow {
  id: string;
  name: string;
  date: string;
  deviceName: string;
  deviceType: number;
  businessName: string;
  thumbnailId: string | null;
}

export const dashboardRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db, fileLinks }) => {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    "/dashboard",
    routeOptions("signedIn", "Dashboard", "Home: the figures of the caller's role (one answer per role)", {
      description:
        "Super admins: every account's figures; admins and managers: their account's; users: their own latest tests. The period is the last 30 days in UTC, today included; the month is this calendar month in UTC. Sections a role does not see are null.",
      response: { 200: dashboardSchema, ...refusals(GUARD_REFUSALS) },
    }),
    async (request): Promise<Dashboard> => {
      const now = new Date();
      const { scope, period, month, seesTests, seesPayments, statement } = dashboardQuery(callerOf(request), now);
      const [row = {}] = await rowsOf(db, statement);

      const days = seesTests ? fillDays(countMap(row.days), period.from, period.to) : null;
      const ai = json<{ analyses: number; failed: number; testRuns: number }>(row.ai);
      const stones = countMap(row.stones);
      const latest = json<LatestRow[]>(row.latest);
      return {
        scope,
        generatedAt: now.toISOString(),
        period,
        month,
        accounts: scope === "all" ? countsOf(SUBSCRIPTION_STATES, countMap(row.accounts)) : null,
        tests: days && { total: days.reduce((sum, day) => sum + day.tests, 0), days },
        ai:
          seesTests && ai
            ? {
                analyses: Number(ai.analyses),
                failed: Number(ai.failed),
                testRuns: Number(ai.testRuns),
                stones: STONE_TYPES.map((type) => ({ type, count: stones.get(type) ?? 0 })),
              }
            : null,
        payments: seesPayments ? json<Dashboard["payments"]>(row.payments) : null,
        devices: scope === "account" ? countsOf(DEVICE_STATUSES, countMap(row.devices)) : null,
        users: scope === "account" ? countsOf(USER_STATUSES, countMap(row.users)) : null,
        latestTests:
          latest &&
          latest.map(({ thumbnailId, ...test }) => ({
            ...test,
            thumbnail: thumbnailId === null ? null : fileLinks.link(thumbnailId),
            // The photo's thumbnails, as the gallery's cards have them (optional: a card falls back to the photo).
            ...(thumbnailId === null ? {} : { thumbnails: thumbnailsOf(thumbnailId, fileLinks) }),
          })),
      };
    },
  );
};
