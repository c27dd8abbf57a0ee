/**
 * Operations benchmark (`npm run bench:service`): the service-side time to the first page of each
 * operations list and chart (issue "Operations screens": under 100 ms each with the large seed),
 * beside the accounts list and the health check measured in the same run; and the command
 * palette's records search (GET /api/search) beside the accounts list's own search with the same q.
 *
 * Data: the large seed (server/src/db/seedLarge.ts: 10,000 accounts, 30,000 users, 20,000 devices,
 * about 100,000 payments) in a fresh PGlite directory, plus what the operations screens read and the
 * large seed has none of: 100,000 tests over the last year (a tenth in the demo admin's account,
 * 2 % deleted in the last 14 days; stored in date order, as a service fills the table over time),
 * an AI analysis for a quarter of them, 100,000 activity entries and 100 accounts whose deletion
 * was asked for.
 *
 * In process (app.inject, no network), like bench/gallery.ts: 3 warm-up requests, then RUNS timed
 * ones per case; prints median, p10–p90 and the ratio to the accounts list, and writes them to
 * bench/results/latest.json under "operations". BENCH_EXPLAIN=1 also prints the query plans of
 * the dashboard's statement per role and of every statement of each case (EXPLAIN ANALYZE of one
 * request); BENCH_ONLY=activity,phones times only the cases naming one of these, beside the
 * reference, without writing the results. Asserts nothing.
 *
 *   node --import tsx bench/operations.ts      (SEED_LARGE_ACCOUNTS, BENCH_TESTS to change sizes;
 *                                              BENCH_DATA_DIR=dir to keep the seeded data for the next run)
 */
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { STONE_TYPES, type AiPolygon } from "../src/api/ai";
import type { PhoneUsage } from "../src/api/phones";
import { buildApp } from "../server/src/app";
import { loadConfig } from "../server/src/config";
import { openPglite, type Database } from "../server/src/db/client";
import { DEMO_PASSWORD } from "../server/src/db/demoUsers";
import { activityLog, aiJobs, tests } from "../server/src/db/schema";
import { SEED_IDS } from "../server/src/db/seed";
import { seedLarge } from "../server/src/db/seedLarge";
import { prng } from "../server/src/db/seedPhotos";
import { dashboardQuery } from "../server/src/dashboard/queries";
import { benchDataDir, sized } from "./smoke";
import { rowsOf, type Row } from "../server/src/resources/sql";
import { recordResults, RESULTS_FILE } from "./results";

const ACCOUNTS = Number(process.env.SEED_LARGE_ACCOUNTS ?? sized(10_000, 50));
const EXTRA_TESTS = Number(process.env.BENCH_TESTS ?? sized(100_000, 2000));
const ACTIVITY_ENTRIES = sized(100_000, 2000);
const RUNS = sized(20, 1);
const GOAL_MS = 100;
const DAY = 86_400_000;
const BATCH = 1000;

const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Tests, AI analyses, deletions and activity over the large seed's devices and users. */
async function addOperationsData(db: Database, now: number) {
  const random = prng(0x0b5e);
  const devices = (await rowsOf(
    db,
    sql`select d.id, d.account_id, d.business_id from devices d where d.business_id is not null order by d.id`,
  )) as { id: string; account_id: string; business_id: string }[];
  const creators = new Map(
    (
      (await rowsOf(
        db,
        sql`select distinct on (account_id) account_id, id from users where deleted_at is null order by account_id, id`,
      )) as { account_id: string; id: string }[]
    ).map((row) => [row.account_id, row.id]),
  );
  const demo = devices.filter((device) => device.account_id === SEED_IDS.accounts.brilliantGems);
  const demoCreators = [SEED_IDS.users.user, SEED_IDS.users.admin, SEED_IDS.users.manager, SEED_IDS.users.secondUser];
  const testIds: string[] = [];
  const actors = [...creators.values()];

  const testRows: (typeof tests.$inferInsert)[] = [];
  const jobRows: (typeof aiJobs.$inferInsert)[] = [];
  for (let n = 0; n < EXTRA_TESTS; n++) {
    const inDemo = n % 10 === 0;
    const device = inDemo ? demo[n % demo.length]! : devices[Math.floor(random() * devices.length)]!;
    const createdBy = inDemo ? demoCreators[n % demoCreators.length]! : creators.get(device.account_id)!;
    const date = new Date(now - random() * 365 * DAY);
    const deleted = random() < 0.02;
    const testId = id("b1000000", n);
    testIds.push(testId);
    testRows.push({
      id: testId,
      name: `Operations lot ${n}`,
      deviceId: device.id,
      businessId: device.business_id,
      accountId: device.account_id,
      createdBy,
      date,
      deletedAt: deleted ? new Date(now - random() * 14 * DAY) : null,
      deletedBy: deleted ? createdBy : null,
      createdAt: date,
    });
    if (random() < 0.25) {
      const failed = random() < 0.05;
      const stones = Math.floor(1 + random() * 10);
      const result: AiPolygon[] = Array.from({ length: stones }, (_, index) => ({
        Polygon: [
          [10, 10],
          [60, 10],
          [60, 60],
        ],
        Type: STONE_TYPES[Math.floor(random() * STONE_TYPES.length)]!,
        Confidence: 0.9,
        Index: index,
      }));
      jobRows.push({
        id: id("b2000000", n),
        testId,
        group: 0,
        model: "RAMI",
        modelVersion: "1",
        status: failed ? "failed" : "completed",
        result: failed ? null : result,
        error: failed ? "The test run has no Result photo to find the stones in." : null,
        triggeredAt: new Date(date.getTime() + 3_600_000),
        finishedAt: new Date(date.getTime() + 3_610_000),
      });
    }
  }
  // Stored in the order they were made, as a service fills its tables over time (rows of a month
  // sit together on disk, not scattered over the whole table).
  const byTime = (a: Date, b: Date) => a.getTime() - b.getTime();
  testRows.sort((a, b) => byTime(a.date, b.date));
  jobRows.sort((a, b) => byTime(a.triggeredAt!, b.triggeredAt!));
  for (let batch = 0; batch < testRows.length; batch += BATCH)
    await db.insert(tests).values(testRows.slice(batch, batch + BATCH));
  for (let batch = 0; batch < jobRows.length; batch += BATCH)
    await db.insert(aiJobs).values(jobRows.slice(batch, batch + BATCH));

  for (let batch = 0; batch < ACTIVITY_ENTRIES; batch += BATCH) {
    const rows: (typeof activityLog.$inferInsert)[] = [];
    for (let n = batch; n < Math.min(ACTIVITY_ENTRIES, batch + BATCH); n++) {
      const onTest = random() < 0.6;
      rows.push({
        id: id("b3000000", n),
        actorId: n % 20 === 0 ? SEED_IDS.users.admin : actors[Math.floor(random() * actors.length)]!,
        action: onTest ? "update" : "mark-lost",
        resource: onTest ? "tests" : "devices",
        recordId: onTest ? testIds[Math.floor(random() * testIds.length)]! : devices[n % devices.length]!.id,
        changes: { name: ["before", "after"] },
        client: "Admin Portal · Chrome 131",
        createdAt: new Date(now - random() * 90 * DAY),
      });
    }
    await db.insert(activityLog).values(rows);
  }

  await db.execute(sql`update accounts set status = 'pending_deletion',
      deletion_requested_at = now() - (random() * interval '14 days')
    where id in (select id from accounts where id like 'a1000000-%' order by id limit 100)`);
  await db.execute(sql`analyze`);
}

interface Case {
  label: string;
  who: "public" | "superAdmin" | "admin" | "manager" | "user";
  url: string;
  reference?: boolean;
}

const list = (path: string, range: [number, number], extra: Record<string, unknown> = {}) => {
  const params = new URLSearchParams({ range: JSON.stringify(range) });
  for (const [key, value] of Object.entries(extra)) params.set(key, JSON.stringify(value));
  return `/api/${path}?${params.toString()}`;
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

// BENCH_DATA_DIR keeps the seeded directory for the next run (seeding takes minutes).
const kept = process.env.BENCH_DATA_DIR;
const dataDir = kept ?? benchDataDir("gemtest-bench-operations-");
const seededMark = join(dataDir, ".operations-seeded");
try {
  process.env.DATA_DIR = dataDir;
  let started = performance.now();
  const reuse = existsSync(seededMark);
  if (!reuse) {
    await seedLarge(ACCOUNTS);
    console.log(`seed:large (${ACCOUNTS} accounts): ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  const handle = await openPglite({ dataDir });
  // A kept directory may predate the latest migrations (seedLarge applies them on a fresh one).
  if (reuse) await handle.migrate();
  try {
    started = performance.now();
    const now = Date.now();
    if (!reuse) {
      await addOperationsData(handle.db, now);
      if (kept) writeFileSync(seededMark, new Date(now).toISOString());
    }
    const [counts] = await rowsOf(
      handle.db,
      sql`select (select count(*) from tests)::int as tests, (select count(*) from ai_jobs)::int as ai_jobs,
        (select count(*) from activity_log)::int as activity, (select count(*) from payments)::int as payments,
        (select count(*) from accounts)::int as accounts, (select count(*) from devices)::int as devices`,
    );
    console.log(`operations data: ${JSON.stringify(counts)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const app = buildApp({ db: handle.db, config });
    await app.ready();
    try {
      const tokenFor = async (email: string) =>
        (
          await app.inject({ method: "POST", url: "/api/v2/auth/login", payload: { email, password: DEMO_PASSWORD } })
        ).json<{ accessToken: string }>().accessToken;
      const tokens = {
        superAdmin: await tokenFor("superadmin@example.com"),
        admin: await tokenFor("admin@example.com"),
        manager: await tokenFor("manager@example.com"),
        user: await tokenFor("user@example.com"),
      };

      if (process.env.BENCH_EXPLAIN === "1") {
        for (const [role, userId, accountId] of [
          ["SuperAdmin", SEED_IDS.users.superAdmin, SEED_IDS.accounts.gemtestHq],
          ["Admin", SEED_IDS.users.admin, SEED_IDS.accounts.brilliantGems],
          ["User", SEED_IDS.users.user, SEED_IDS.accounts.brilliantGems],
        ] as const) {
          const { statement } = dashboardQuery({ id: userId, role, accountId }, new Date());
          const plan = await rowsOf(handle.db, sql`explain (analyze, costs off) ${statement}`);
          console.log(`\nEXPLAIN ANALYZE dashboard (${role}):\n${plan.map((row) => row["QUERY PLAN"]).join("\n")}`);
        }
      }

      const ranking = await app.inject({
        method: "GET",
        url: list("phones", [0, 0]),
        headers: { authorization: `Bearer ${tokens.superAdmin}` },
      });
      const top = ranking.json<PhoneUsage[]>()[0];
      if (ranking.statusCode !== 200 || !top) throw new Error(`GET /api/phones: ${ranking.statusCode} ${ranking.body}`);
      const cases: Case[] = [
        { label: "GET /api/health", who: "public", url: "/api/health" },
        { label: "GET /api/accounts (reference)", who: "superAdmin", url: list("accounts", [0, 24]), reference: true },
        { label: "GET /api/dashboard, super admin", who: "superAdmin", url: "/api/dashboard" },
        { label: "GET /api/dashboard, admin", who: "admin", url: "/api/dashboard" },
        { label: "GET /api/dashboard, manager", who: "manager", url: "/api/dashboard" },
        { label: "GET /api/dashboard, user", who: "user", url: "/api/dashboard" },
        { label: "GET /api/activity, super admin", who: "superAdmin", url: list("activity", [0, 24]) },
        { label: "GET /api/activity, admin", who: "admin", url: list("activity", [0, 24]) },
        { label: "GET /api/activity, user", who: "user", url: list("activity", [0, 24]) },
        { label: "GET /api/lost-devices", who: "superAdmin", url: list("lost-devices", [0, 24]) },
        { label: "GET /api/deleted-tests, super admin", who: "superAdmin", url: list("deleted-tests", [0, 24]) },
        { label: "GET /api/deleted-tests, admin", who: "admin", url: list("deleted-tests", [0, 24]) },
        { label: "GET /api/deleted-accounts", who: "superAdmin", url: list("deleted-accounts", [0, 24]) },
        { label: "GET /api/phones (30 days)", who: "superAdmin", url: list("phones", [0, 9]) },
        {
          label: "GET /api/phones/model (the top model)",
          who: "superAdmin",
          url: `/api/phones/model?${new URLSearchParams({ brand: top.brand, model: top.model }).toString()}`,
        },
        // The command palette's records search (issue 25), beside the accounts list's own search box
        // typed the same: a name part about 1 account in 20 has, and the palette's first, 2-letter ask
        // (too short for a trigram).
        {
          label: "GET /api/accounts, q=beryl (list search)",
          who: "superAdmin",
          url: list("accounts", [0, 24], { filter: { q: "beryl" } }),
        },
        { label: "GET /api/search?q=beryl, super admin", who: "superAdmin", url: "/api/search?q=beryl" },
        { label: "GET /api/search?q=be, super admin", who: "superAdmin", url: "/api/search?q=be" },
        // Three letters every test's name holds: the trigram index finds all 100,000 tests. "lot" is
        // inside each name ("Operations lot 17"), "ope" starts each: the tests' two parts (titles
        // starting with q, then the others) each walk the names in order.
        { label: "GET /api/search?q=lot, super admin", who: "superAdmin", url: "/api/search?q=lot" },
        { label: "GET /api/search?q=ope, super admin", who: "superAdmin", url: "/api/search?q=ope" },
        { label: "GET /api/search?q=lot, admin", who: "admin", url: "/api/search?q=lot" },
        // Three letters nearly every email holds: 33,000 users and 10,000 accounts.
        { label: "GET /api/search?q=com, super admin", who: "superAdmin", url: "/api/search?q=com" },
        { label: "GET /api/search?q=beryl, admin", who: "admin", url: "/api/search?q=beryl" },
        { label: "GET /api/search?q=sku, user", who: "user", url: "/api/search?q=sku" },
      ];

      // BENCH_ONLY=activity,phones: only the cases whose label holds one of these (and the reference);
      // such a partial run is printed, not written to bench/results.
      const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);
      const timed = only
        ? cases.filter((item) => item.reference || only.some((part) => item.label.includes(part)))
        : cases;

      // BENCH_EXPLAIN=1: each case's statements once more, each under EXPLAIN ANALYZE (the plans of
      // one request, printed before the timings; the timed runs below are not explained).
      if (process.env.BENCH_EXPLAIN === "1") {
        const execute = handle.db.execute.bind(handle.db);
        const explained: string[] = [];
        (handle.db as { execute: unknown }).execute = async (query: SQL) => {
          const plan = (await rowsOf({ execute }, sql`explain (analyze, costs off) ${query}`)) as Row[];
          explained.push(plan.map((row) => String(row["QUERY PLAN"])).join("\n"));
          return execute(query);
        };
        try {
          for (const item of timed) {
            if (item.who === "public") continue;
            explained.length = 0;
            await app.inject({
              method: "GET",
              url: item.url,
              headers: { authorization: `Bearer ${tokens[item.who]}` },
            });
            console.log(`\n=== ${item.label}\n${explained.join("\n---\n")}`);
          }
        } finally {
          (handle.db as { execute: unknown }).execute = execute;
        }
      }

      const results: {
        label: string;
        url: string;
        medianMs: number;
        p10Ms: number;
        p90Ms: number;
        ratio: number;
        total: string;
        underGoal: boolean;
      }[] = [];
      for (const item of timed) {
        const headers = item.who === "public" ? {} : { authorization: `Bearer ${tokens[item.who]}` };
        const times: number[] = [];
        let total = "";
        for (let run = 0; run < RUNS + 3; run++) {
          const t0 = performance.now();
          const response = await app.inject({ method: "GET", url: item.url, headers });
          const elapsed = performance.now() - t0;
          if (response.statusCode !== 200) throw new Error(`${item.label}: ${response.statusCode} ${response.body}`);
          if (run >= 3) times.push(elapsed);
          total = String(response.headers["content-range"] ?? "");
        }
        times.sort((a, b) => a - b);
        results.push({
          label: item.label,
          url: item.url,
          medianMs: percentile(times, 0.5),
          p10Ms: percentile(times, 0.1),
          p90Ms: percentile(times, 0.9),
          ratio: 0,
          total,
          underGoal: percentile(times, 0.5) < GOAL_MS,
        });
      }
      const reference = results[timed.findIndex((item) => item.reference)]!;
      for (const result of results) result.ratio = result.medianMs / reference.medianMs;

      console.log(`\nFirst page, ${RUNS} runs after 3 warm-ups (ratio: to ${reference.label}; goal < ${GOAL_MS} ms):`);
      for (const r of results) {
        console.log(
          `  ${r.label.padEnd(40)} median ${r.medianMs.toFixed(1).padStart(6)} ms  p10–p90 ${r.p10Ms.toFixed(1)}–${r.p90Ms.toFixed(1)} ms  ` +
            `×${r.ratio.toFixed(2).padEnd(5)} ${r.underGoal ? "pass" : "FAIL"}${r.total ? `  (${r.total})` : ""}`,
        );
      }
      const failed = results.filter((r) => !r.underGoal).length;
      console.log(failed === 0 ? "Every case under 100 ms." : `${failed} case(s) over 100 ms.`);

      if (!only) {
        recordResults("operations", {
          measuredAt: new Date().toISOString(),
          machine: { cpus: cpus().length, node: process.version, database: "PGlite" },
          data: counts,
          runs: RUNS,
          goalMs: GOAL_MS,
          reference: reference.label,
          cases: results.map((r) => ({
            ...r,
            medianMs: Number(r.medianMs.toFixed(2)),
            p10Ms: Number(r.p10Ms.toFixed(2)),
            p90Ms: Number(r.p90Ms.toFixed(2)),
            ratio: Number(r.ratio.toFixed(2)),
          })),
        });
        console.log(`Written to ${RESULTS_FILE} ("operations").`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
} finally {
  if (!kept) rmSync(dataDir, { recursive: true, force: true });
}
