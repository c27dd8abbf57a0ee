/**
 * Top Phones Used (spec §2; docs/api-resources.md "Phones"), super admins only: which phone brands
 * and models the tests were made with over a period. A test's phone is the phone paired with the
 * device it was made with (devices.phone_brand/phone_model/phone_os: tests carry only a free-text
 * phone type, without brand or OS). Deleted and copied tests are not counted: a copy is not a test
 * made with a phone. Devices that name no brand or model are left out.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { sql, type SQL } from "drizzle-orm";
import Type from "typebox";
import {
  DEFAULT_PHONE_PERIOD,
  fillWeeks,
  periodStart,
  PHONE_DETAIL_ROWS,
  PHONE_LATEST_TESTS,
  PHONE_PERIODS,
  phoneModelId,
  sharePercent,
  type PhoneModelUsage,
  type PhonePeriod,
  type PhoneUsage,
} from "../../../src/api/phones";
import { contentRange } from "../../../src/api/rules";
import { phoneModelQuerySchema, phoneModelUsageSchema, phoneUsageSchema } from "../../../src/api/schemas/phones";
import type { Access } from "../auth/guard";
import { GUARD_REFUSALS, refusals, routeOptions } from "../docs/openapi";
import { notFound } from "../http/errors";
import { checks, listQuerySchema, parseListQuery, type ListQuerySpec } from "../resources/listQuery";
import { listQueryDocs } from "../resources/listDocs";
import { iso, rowsOf, type Row } from "../resources/sql";
import type { Services } from "../services";

const ACCESS: Access = ["SuperAdmin"];
const TAG = "phones";

/**
 * The ranking's sorts: column → SQL over the grouped rows (ties: brand, then model); `id` (brand
 * and model: phoneModelId) too, like every list (react-admin's default sort).
 */
const SORTS = {
  tests: "tests",
  devices: "devices",
  accounts: "accounts",
  brand: "brand",
  model: "model",
  id: "brand",
} as const;

const rankingSpec: ListQuerySpec = {
  sorts: Object.keys(SORTS),
  defaultSort: ["tests", "DESC"],
  defaultRange: [0, 9],
  maxRows: 100,
  ignoreEmptyValues: true,
  filters: { period: checks.oneOf(PHONE_PERIODS) },
  messages: {
    invalidJson: (part) => `${part} must be JSON`,
    sortShape: 'sort must be [field, "ASC" or "DESC"]',
    unknownSort: (field) => `sort: ${field} is not sortable (one of: ${Object.keys(SORTS).join(", ")})`,
    badOrder: 'sort order must be "ASC" or "DESC"',
    rangeShape: "range must be [start, end], whole numbers with 0 <= start <= end",
    rangeTooLong: (max) => `range may span at most ${max} rows`,
    unknownFilter: (key) => `filter: ${key} is not a filter of this list (only period)`,
    filterKey: (key) => `filter: ${key}`,
  },
};

/** The tests counted for a period: not deleted, not copies, made with a device naming its phone. */
function countedTests(from: Date | null): SQL {
  return sql`t.deleted_at is null and not t.is_copied
    and coalesce(d.phone_brand, '') <> '' and coalesce(d.phone_model, '') <> ''
    ${from === null ? sql`` : sql`and t.date >= ${from.toISOString()}::timestamptz`}`;
}

const int = (value: unknown) => Number(value ?? 0);

export const phoneRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    "/phones",
    routeOptions(
      ACCESS,
      TAG,
      "Top phones used: brands and models ranked by tests over a period (ra-data-simple-rest list)",
      {
        description: "One row per phone model; the total number of models is in Content-Range.",
        querystring: listQuerySchema(
          200,
          listQueryDocs(rankingSpec, {
            period: `one of ${PHONE_PERIODS.map((period) => `\`${period}\``).join(", ")}; default \`${DEFAULT_PHONE_PERIOD}\``,
          }),
        ),
        response: {
          200: Type.Array(phoneUsageSchema),
          ...refusals({ 400: true, 403: true, ...GUARD_REFUSALS }),
        },
      },
    ),
    async (request, reply): Promise<PhoneUsage[]> => {
      const { sortField, order, start, end, filter } = parseListQuery(rankingSpec, request.query);
      const period = (filter.period as PhonePeriod | undefined) ?? DEFAULT_PHONE_PERIOD;
      const where = countedTests(periodStart(period, new Date()));
      const grouped = sql`select d.phone_brand as brand, d.phone_model as model, count(*)::int as tests,
          count(distinct t.device_id)::int as devices, count(distinct t.account_id)::int as accounts
        from tests t join devices d on d.id = t.device_id
        where ${where}
        group by d.phone_brand, d.phone_model`;
      const direction = sql.raw(order);
      const column = sql.raw(SORTS[sortField as keyof typeof SORTS]);
      // The page and the totals in one pass over the period's tests (the totals ride on each row).
      const rows = await rowsOf(
        db,
        sql`select g.*, count(*) over ()::int as models, sum(g.tests) over ()::int as all_tests from (${grouped}) g
          order by ${column} ${direction}, brand asc, model asc
          offset ${start} limit ${end - start + 1}`,
      );
      // A page past the last model has no row to carry them.
      const totals =
        rows.length > 0
          ? [{ models: rows[0]!.models, tests: rows[0]!.all_tests }]
          : await rowsOf(
              db,
              sql`select count(*)::int as models, coalesce(sum(tests), 0)::int as tests from (${grouped}) g`,
            );
      const allTests = int(totals[0]?.tests);
      reply.header("content-range", contentRange("phones", start, rows.length, int(totals[0]?.models)));
      return rows.map((row) => {
        const brand = String(row.brand);
        const model = String(row.model);
        const tests = int(row.tests);
        return {
          id: phoneModelId(brand, model),
          brand,
          model,
          tests,
          devices: int(row.devices),
          accounts: int(row.accounts),
          share: sharePercent(tests, allTests),
        };
      });
    },
  );

  api.get(
    "/phones/model",
    routeOptions(
      ACCESS,
      TAG,
      "One phone model over a period: tests per week, OS versions, accounts, devices, latest tests",
      {
        description:
          "?brand=…&model=…&period=… (brand and model exactly, 1 to 100 characters each; period as the list's, default 30d). 404 when no device names this brand and model; a known model without tests in the period answers zeros.",
        querystring: phoneModelQuerySchema,
        response: {
          200: phoneModelUsageSchema,
          ...refusals({ 400: true, 403: true, 404: "No device names this phone brand and model.", ...GUARD_REFUSALS }),
        },
      },
    ),
    async (request): Promise<PhoneModelUsage> => {
      const { brand, model } = request.query;
      const period = request.query.period ?? DEFAULT_PHONE_PERIOD;
      const now = new Date();
      const from = periodStart(period, now);
      const known = await rowsOf(
        db,
        sql`select 1 from devices where phone_brand = ${brand} and phone_model = ${model} limit 1`,
      );
      if (known.length === 0) throw notFound("Phone model not found.");

      // The model's tests of the period, read once (not once per figure), then each figure of them.
      const [figures] = await rowsOf(
        db,
        sql`with m as materialized (
            select t.id, t.name, t.date, t.device_id, t.account_id, nullif(d.phone_os, '') as os
            from tests t join devices d on d.id = t.device_id
            where ${countedTests(from)} and d.phone_brand = ${brand} and d.phone_model = ${model}
          )
          select
            (select json_build_object('tests', count(*), 'devices', count(distinct m.device_id),
                'accounts', count(distinct m.account_id), 'first', min(m.date)) from m) as totals,
            (select coalesce(json_agg(w), '[]') from (
                select to_char(date_trunc('week', m.date at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as tests
                from m group by 1) w) as weeks,
            (select coalesce(json_agg(o order by o.tests desc, o.os asc nulls last), '[]') from (
                select m.os, count(*)::int as tests, count(distinct m.device_id)::int as devices
                from m group by m.os) o) as os_versions,
            (select coalesce(json_agg(x order by x.tests desc, x.name asc, x.id asc), '[]') from (
                select a.id, a.name, count(*)::int as tests, count(distinct m.device_id)::int as devices
                from m join accounts a on a.id = m.account_id
                group by a.id, a.name order by tests desc, a.name asc, a.id asc limit ${PHONE_DETAIL_ROWS}) x) as accounts,
            (select coalesce(json_agg(y order by y.tests desc, y.serial_number asc), '[]') from (
                select d.id, d.serial_number, nullif(d.name, '') as custom_box_name, da.name as account_name,
                  nullif(d.phone_os, '') as phone_os, count(*)::int as tests
                from m join devices d on d.id = m.device_id join accounts da on da.id = d.account_id
                group by d.id, d.serial_number, d.name, da.name, d.phone_os
                order by tests desc, d.serial_number asc limit ${PHONE_DETAIL_ROWS}) y) as devices,
            (select coalesce(json_agg(z order by z.sort_date desc, z.id desc), '[]') from (
                select m.id, m.name, m.date as sort_date, ${sql.raw(iso("m.date"))} as date, a.name as account_name, m.device_id
                from m join accounts a on a.id = m.account_id
                order by m.date desc, m.id desc limit ${PHONE_LATEST_TESTS}) z) as latest`,
      );
      const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;
      const totals = [json<Row>(figures?.totals)];
      const weeks = json<Row[]>(figures?.weeks);
      const osVersions = json<Row[]>(figures?.os_versions);
      const accountRows = json<Row[]>(figures?.accounts);
      const deviceRows = json<Row[]>(figures?.devices);
      const latest = json<Row[]>(figures?.latest);
      const total = totals[0] ?? {};
      const first = total.first === null || total.first === undefined ? null : new Date(total.first as string);
      const weekCounts = new Map(weeks.map((row) => [String(row.week), int(row.tests)]));
      const weeksFrom = from ?? first;
      return {
        brand,
        model,
        period,
        from: from?.toISOString() ?? null,
        to: now.toISOString(),
        totals: { tests: int(total.tests), devices: int(total.devices), accounts: int(total.accounts) },
        weeks: weeksFrom === null ? [] : fillWeeks(weekCounts, weeksFrom, now),
        osVersions: osVersions.map((row) => ({
          os: row.os === null ? null : String(row.os),
          tests: int(row.tests),
          devices: int(row.devices),
        })),
        accounts: accountRows.map((row) => ({
          id: String(row.id),
          name: String(row.name),
          tests: int(row.tests),
          devices: int(row.devices),
        })),
        devices: deviceRows.map((row) => ({
          id: String(row.id),
          serialNumber: String(row.serial_number),
          customBoxName: row.custom_box_name === null ? null : String(row.custom_box_name),
          accountName: String(row.account_name),
          phoneOs: row.phone_os === null ? null : String(row.phone_os),
          tests: int(row.tests),
        })),
        latestTests: latest.map((row) => ({
          id: String(row.id),
          name: String(row.name),
          date: String(row.date),
          accountName: String(row.account_name),
          deviceId: String(row.device_id),
        })),
      };
    },
  );
};
