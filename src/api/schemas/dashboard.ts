/** The Home dashboard's answer (src/api/dashboard.ts; docs/api.md "Home dashboard"). */
import Type from "typebox";
import { STONE_TYPES } from "../ai";
import { DEVICE_STATUSES, SUBSCRIPTION_STATES, USER_STATUSES } from "../resources";
import { DASHBOARD_SCOPES } from "../dashboard";
import { nullable, stringEnum } from "./common";
import { thumbnailsSchema } from "./tests";

const count = (description: string) => Type.Integer({ minimum: 0, description });
const day = (description: string) => Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description });
const moment = (description: string) => Type.String({ format: "date-time", description });

/** A section the caller's role does not see is null (never missing: one shape for every role). */
const orNull = <T extends Type.TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

/** Counts per value of a status, every value listed (zeros included) in the order of its list. */
const byStatus = <const T extends readonly string[]>(values: T, what: string) =>
  Type.Object({
    total: count(`All ${what}.`),
    byStatus: Type.Array(Type.Object({ status: stringEnum(values), count: count(`${what} with this status.`) })),
  });

export const dashboardTestSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  date: moment("When the test was made."),
  deviceName: Type.String({ description: "The device's custom box name; empty when it has none." }),
  deviceType: Type.Integer({ description: "The device type code (spec §3)." }),
  businessName: Type.String({ description: "The test's location." }),
  thumbnail: nullable("string", { description: "A signed link to its first Result photo; null without one." }),
  thumbnails: Type.Optional(thumbnailsSchema),
});

export const dashboardSchema = Type.Object({
  scope: stringEnum(DASHBOARD_SCOPES, {
    description:
      "all: every account (super admins); account: the caller's account (admins, managers); own: the caller's own tests (users).",
  }),
  generatedAt: moment("When the figures were counted."),
  period: Type.Object(
    {
      from: day("The first day of the period (UTC)."),
      to: day("The last day of the period, today (UTC)."),
    },
    { description: "The last 30 days in UTC, today included: the tests and AI figures count over it." },
  ),
  month: Type.Object(
    {
      from: moment("The first moment of this month (UTC)."),
      to: moment("The last millisecond of this month (UTC): the payments list's date_lte."),
    },
    { description: "This calendar month in UTC: the payments figure counts over it." },
  ),
  accounts: orNull(
    byStatus(SUBSCRIPTION_STATES, "accounts"),
    "Accounts by subscription status (super admins; null for the others).",
  ),
  tests: orNull(
    Type.Object({
      total: count("Tests of the period the caller's gallery shows."),
      days: Type.Array(Type.Object({ day: day("A day (UTC)."), tests: count("Tests made that day.") }), {
        description: "Every day of the period, oldest first; a day without tests is 0.",
      }),
    }),
    "Tests per day (super admins: every account; admins and managers: theirs; null for users).",
  ),
  ai: orNull(
    Type.Object({
      analyses: count("Completed AI analyses of the period's tests."),
      failed: count("Failed AI analyses of the period's tests."),
      testRuns: count("Test runs with a completed analysis."),
      stones: Type.Array(Type.Object({ type: stringEnum(STONE_TYPES), count: count("Stones of this type.") }), {
        description: "Stones found by the latest completed analysis of each test run, per type (every type listed).",
      }),
    }),
    "AI analyses of the period's tests and their stone-type mix (null for users).",
  ),
  payments: orNull(
    Type.Object({
      count: count("Payments dated this month, any status."),
      failed: count("Of which failed."),
      currencies: Type.Array(
        Type.Object({
          currency: Type.String({ description: "ISO 4217 code." }),
          count: count("Payments in this currency."),
          collected: count("Succeeded and refunded payments less their refunds, in minor units."),
        }),
        { description: "Per currency, most payments first." },
      ),
    }),
    "Payments this month (super admins: every account; admins: theirs; null for managers and users).",
  ),
  devices: orNull(byStatus(DEVICE_STATUSES, "devices"), "The account's devices (admins and managers)."),
  users: orNull(byStatus(USER_STATUSES, "users"), "The account's users (admins and managers)."),
  latestTests: orNull(
    Type.Array(dashboardTestSchema),
    "The caller's own latest tests, newest first (users; null for the others).",
  ),
});
