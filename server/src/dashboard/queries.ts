/**
 * The Home dashboard's figures as parts of ONE statement (one round trip to the database per
 * dashboard): each part is a scalar subquery answering JSON, or absent when the caller's role does
 * not see that figure. Each counts what the list it links to shows, so a click on a figure opens
 * that many rows:
 * - tests: what the gallery shows (not deleted; the caller's account unless a super admin), by
 *   the gallery's UTC days (server/src/testRecords/gallery.ts, read only);
 * - accounts, devices, users, payments: what their lists show within the caller's scope
 *   (soft-deleted users left out, as the users list does).
 * Every part starts from an index: tests by (account_id, date) or date, payments by
 * (account_id, date) or (date, id), devices and users by account_id, AI jobs looked up by test_id.
 */
import { sql, type SQL } from "drizzle-orm";
import { DASHBOARD_LATEST_TESTS, monthOf, periodOf, type DashboardScope } from "../../../src/api/dashboard";
import { FILE_KIND } from "../../../src/api/tests";
import type { Role } from "../../../src/api/types";
import { iso } from "../resources/sql";

export interface DashboardWindow {
  /** The period's first moment and the moment after its last day (UTC). */
  periodStart: string;
  periodEnd: string;
  /** This month's first moment and last millisecond (UTC), both included. */
  monthFrom: string;
  monthTo: string;
}

/** `{ key: count }` of a grouped subquery whose columns are k and n. */
const countsBy = (grouped: SQL) => sql`(select coalesce(json_object_agg(x.k, x.n), '{}'::json) from (${grouped}) x)`;

/** The tests of the period the caller's gallery shows (the CTE `w` every tests figure reads). */
export const periodTests = (window: DashboardWindow, accountId: string | null) =>
  sql`select t.id, t.date from tests t
    where t.deleted_at is null
      and t.date >= ${window.periodStart}::timestamptz and t.date < ${window.periodEnd}::timestamptz
      ${accountId === null ? sql`` : sql`and t.account_id = ${accountId}`}`;

/** Accounts per subscription status: every account (the accounts list has no deleted ones to hide). */
export const accountsBySubscription = () =>
  countsBy(sql`select a.subscription_status as k, count(*)::int as n from accounts a group by 1`);

/** The period's tests per UTC day (days without tests are filled in by the caller). */
export const testsPerDay = () =>
  countsBy(sql`select to_char(d.day, 'YYYY-MM-DD') as k, d.n from (
      select (w.date at time zone 'UTC')::date as day, count(*)::int as n from w group by 1) d`);

/**
 * The AI analyses of the period's tests (the CTE `jobs` the AI figures read), found through
 * ai_jobs' (test_id, …) index with the period's test ids as one array: the table has no index by
 * date and its results are large, so it is never scanned whole (a probe per test through a
 * lateral join measured twice as slow on the large seed).
 */
export const periodJobs = () =>
  sql`select j.test_id, j."group", j.status, j.triggered_at, j.id, j.result
    from ai_jobs j where j.test_id = any(array(select w.id from w))`;

/** Completed and failed analyses of the period's tests, and the test runs with a completed one. */
export const aiAnalyses = () =>
  sql`(select json_build_object(
      'analyses', count(*) filter (where j.status = 'completed'),
      'failed', count(*) filter (where j.status = 'failed'),
      'testRuns', count(distinct (j.test_id, j."group")) filter (where j.status = 'completed'))
    from jobs j)`;

/**
 * Stones per type in the latest completed analysis of each test run (whichever model made it):
 * a regenerated analysis replaces the older one, so no stone counts twice.
 */
export const stonesByType = () =>
  countsBy(sql`select p.value ->> 'Type' as k, count(*)::int as n
    from (
      select distinct on (j.test_id, j."group") j.result
      from jobs j
      where j.status = 'completed'
      order by j.test_id, j."group", j.triggered_at desc, j.id desc
    ) latest
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(latest.result) = 'array' then latest.result else '[]'::jsonb end) p
    group by 1`);

/**
 * Payments dated this month per currency: how many, how many failed, and what was collected
 * (succeeded and refunded payments less their refunds), most payments first.
 */
export const paymentsThisMonth = (window: DashboardWindow, accountId: string | null) =>
  sql`(select json_build_object(
      'count', coalesce(sum(x.n), 0),
      'failed', coalesce(sum(x.f), 0),
      'currencies', coalesce(
        json_agg(json_build_object('currency', x.currency, 'count', x.n, 'collected', x.c) order by x.n desc, x.currency),
        '[]'::json))
    from (
      select p.currency, count(*)::int as n, (count(*) filter (where p.status = 'failed'))::int as f,
        coalesce(sum(p.amount - p.refunded_amount) filter (where p.status in ('succeeded', 'refunded')), 0)::bigint as c
      from payments p
      where p.date >= ${window.monthFrom}::timestamptz and p.date <= ${window.monthTo}::timestamptz
        ${accountId === null ? sql`` : sql`and p.account_id = ${accountId}`}
      group by p.currency
    ) x)`;

export const devicesByStatus = (accountId: string) =>
  countsBy(sql`select d.status as k, count(*)::int as n from devices d where d.account_id = ${accountId} group by 1`);

export const usersByStatus = (accountId: string) =>
  countsBy(sql`select u.status as k, count(*)::int as n from users u
    where u.account_id = ${accountId} and u.deleted_at is null group by 1`);

/**
 * The caller's own latest tests that they may still see (not deleted, of their account: the
 * visibility rule of server/src/testRecords/queries.ts), with the gallery's thumbnail photo.
 */
export const latestOwnTests = (userId: string, accountId: string, limit: number) =>
  sql`(select coalesce(json_agg(x order by x.date desc, x.id desc), '[]'::json) from (
      select t.id, t.name, ${sql.raw(iso("t.date"))} as date, d.name as "deviceName", d.type_code as "deviceType",
        b.name as "businessName",
        (select f.id from test_files f where f.test_id = t.id and f.kind = ${FILE_KIND.Result}
          order by f."group", f.created_at, f.id limit 1) as "thumbnailId"
      from tests t join devices d on d.id = t.device_id join businesses b on b.id = t.business_id
      where t.created_by = ${userId} and t.account_id = ${accountId} and t.deleted_at is null
      order by t.date desc, t.id desc
      limit ${limit}
    ) x)`;

/**
 * One statement: the period's tests as `w` and their analyses as `jobs` when a part reads them
 * (each computed once), then every part as a column.
 */
export function dashboardStatement(parts: Record<string, SQL | null>, tests: SQL | null): SQL {
  const columns = sql.join(
    Object.entries(parts).map(([name, part]) => sql`${part ?? sql`null`} as ${sql.identifier(name)}`),
    sql`, `,
  );
  return tests === null
    ? sql`select ${columns}`
    : sql`with w as materialized (${tests}), jobs as materialized (${periodJobs()}) select ${columns}`;
}

const DAY_MS = 86_400_000;

const SCOPES: Record<Role, DashboardScope> = { SuperAdmin: "all", Admin: "account", Manager: "account", User: "own" };

/**
 * What a caller's dashboard counts at `now`, as one statement: super admins every account; admins
 * and managers their account (managers without payments, whose screen is not theirs); users their
 * own latest tests.
 */
export function dashboardQuery(caller: { id: string; role: Role; accountId: string }, now: Date) {
  const scope = SCOPES[caller.role];
  const period = periodOf(now);
  const month = monthOf(now);
  const window: DashboardWindow = {
    periodStart: `${period.from}T00:00:00.000Z`,
    periodEnd: new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS).toISOString(),
    monthFrom: month.from,
    monthTo: month.to,
  };
  const account = scope === "all" ? null : caller.accountId;
  const seesTests = scope !== "own";
  const seesPayments = caller.role === "SuperAdmin" || caller.role === "Admin";
  const statement = dashboardStatement(
    {
      accounts: scope === "all" ? accountsBySubscription() : null,
      days: seesTests ? testsPerDay() : null,
      ai: seesTests ? aiAnalyses() : null,
      stones: seesTests ? stonesByType() : null,
      payments: seesPayments ? paymentsThisMonth(window, account) : null,
      devices: scope === "account" ? devicesByStatus(caller.accountId) : null,
      users: scope === "account" ? usersByStatus(caller.accountId) : null,
      latest: scope === "own" ? latestOwnTests(caller.id, caller.accountId, DASHBOARD_LATEST_TESTS) : null,
    },
    seesTests ? periodTests(window, account) : null,
  );
  return { scope, period, month, seesTests, seesPayments, statement };
}
