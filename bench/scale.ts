/**
 * Lists past the demo (issue 23, "scale past the demo"): on PostgreSQL, each list's first page, a
 * filtered page and a page deep in the list (rows 5,000–5,024), asked by the super admin in
 * process (app.inject), on the demo seed and on the demo seed grown to 1,000,000 tests and 100,000
 * accounts, each with a user (growLarge below), alternated request by request. Prints each
 * request's median on both and large ÷ demo; the goal is ≤ 2×. Writes bench/results/latest.json
 * under "scale". Asserts nothing.
 *
 *   node scripts/with-postgres.mjs node --import tsx bench/scale.ts   (npm run bench does)
 *   BENCH_TESTS, BENCH_ACCOUNTS change the sizes; BENCH_RUNS the requests per measure.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../server/src/app";
import { loadConfig } from "../server/src/config";
import { openPostgres, type DbHandle } from "../server/src/db/client";
import { DEMO_PASSWORD } from "../server/src/db/demoUsers";
import { prepareDb } from "../server/src/db/prepare";
import { createStorage } from "../server/src/files/storage";
import { adminQuery, uniqueDatabaseName, withDatabase } from "../tests/server/testDatabase";
import { figures, recordResults, type Figures } from "./results";
import { sized } from "./smoke";

const TESTS = Number(process.env.BENCH_TESTS ?? sized(1_000_000, 20_000));
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? sized(100_000, 2_000));
const RUNS = Number(process.env.BENCH_RUNS ?? sized(15, 2));
const GOAL = 2;

const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!adminUrl) {
  console.error("No PostgreSQL: run it through scripts/with-postgres.mjs (npm run bench does).");
  process.exit(1);
}

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([key, value]) => [key, JSON.stringify(value)])).toString();
const first = { range: [0, 24] };
const deep = { range: [5000, 5024] };

/** Each list as the console asks for it: first page, a filtered page, a deep page. */
const REQUESTS: Record<string, string> = {
  "accounts, first page": `/api/accounts?${query({ ...first, sort: ["createdAt", "DESC"] })}`,
  "accounts, search": `/api/accounts?${query({ ...first, sort: ["createdAt", "DESC"], filter: { q: "gems" } })}`,
  // A value few accounts have: the copied accounts are all active.
  "accounts, suspended": `/api/accounts?${query({ ...first, sort: ["createdAt", "DESC"], filter: { status: "suspended" } })}`,
  "accounts, deep page": `/api/accounts?${query({ ...deep, sort: ["createdAt", "DESC"] })}`,
  "users, first page": `/api/users?${query(first)}`,
  "users, admins": `/api/users?${query({ ...first, filter: { role: "Admin" } })}`,
  // A role few users have: every copied user is an admin, so a page of super admins is a rare match.
  "users, super admins": `/api/users?${query({ ...first, filter: { role: "SuperAdmin" } })}`,
  "users, disabled": `/api/users?${query({ ...first, filter: { status: "disabled" } })}`,
  "users, search": `/api/users?${query({ ...first, filter: { q: "jansen" } })}`,
  "users, deep page": `/api/users?${query(deep)}`,
  "gallery, first page": `/api/tests?${query({ range: [0, 9], sort: ["date", "DESC"] })}`,
  "gallery, search": `/api/tests?${query({ range: [0, 9], sort: ["date", "DESC"], filter: { q: "ruby" } })}`,
  // A type none of the copied tests' device has (theirs is 5501).
  "gallery, a device type": `/api/tests?${query({ range: [0, 9], sort: ["date", "DESC"], filter: { deviceType: 4005 } })}`,
  "gallery, deep page": `/api/tests?${query({ range: [5000, 5009], sort: ["date", "DESC"] })}`,
  "devices, first page": `/api/devices?${query(first)}`,
  "payments, first page": `/api/payments?${query(first)}`,
  "activity, first page": `/api/activity?${query(first)}`,
};

/**
 * Copies of one row of `table` (its first by `order`), `count` of them, with `sets` applied (SQL
 * over the copy's number `n_`): ids and unique values of their own. Triggers (the live changes'
 * announcements) and foreign-key checks are off for the copy, as for a restore.
 */
async function copyRows(db: DbHandle["db"], table: string, order: string, count: number, sets: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local session_replication_role = replica`));
    await tx.execute(
      sql.raw(`create temp table copies on commit drop as
        select t.*, g as n_ from ${table} t, generate_series(1, ${count}) g
        where t.id = (select id from ${table} order by ${order} limit 1)`),
    );
    await tx.execute(sql.raw(`update copies set ${sets}`));
    await tx.execute(sql.raw(`alter table copies drop column n_`));
    await tx.execute(sql.raw(`insert into ${table} select * from copies`));
  });
}

/** The demo seed grown: accounts with one user each, and tests on the first account's first device. */
async function growLarge(db: DbHandle["db"]) {
  await copyRows(
    db,
    "accounts",
    "created_at",
    ACCOUNTS,
    `id = 'large-account-' || n_, name = 'Large account ' || n_, email = 'large-account-' || n_ || '@example.com',
     created_at = created_at - n_ * interval '1 minute'`,
  );
  await copyRows(
    db,
    "users",
    "created_at",
    ACCOUNTS,
    `id = 'large-user-' || n_, email = 'large-user-' || n_ || '@example.com', account_id = 'large-account-' || n_,
     business_id = null, last_name = 'Large ' || n_`,
  );
  await copyRows(
    db,
    "tests",
    "date desc",
    TESTS,
    `id = 'large-test-' || n_, name = 'Large test ' || n_, date = date - n_ * interval '1 minute'`,
  );
  // The copies were made with triggers off: the accounts' kept counts (schema.ts accountCounts) counted afresh.
  await db.execute(sql`select recount_accounts()`);
  // As autovacuum leaves a grown database: statistics gathered, the trigram indexes' pending entries
  // merged (a GIN index's fast-update list is read whole by every search until then), pages marked visible.
  await db.execute(sql`vacuum analyze`);
}

async function appOn(database: string) {
  const handle = openPostgres(withDatabase(adminUrl!, database));
  const dataDir = mkdtempSync(join(tmpdir(), "gemtest-bench-scale-"));
  const config = loadConfig({ LOG_LEVEL: "warn", DATA_DIR: dataDir, LIFECYCLE_SCHEDULE: "off" });
  return { handle, dataDir, config };
}

async function signedIn(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/v2/auth/login",
    payload: { email: "superadmin@example.com", password: DEMO_PASSWORD },
  });
  return (response.json() as { accessToken: string }).accessToken;
}

const demoName = uniqueDatabaseName("gemtest_bench_demo");
const largeName = uniqueDatabaseName("gemtest_bench_large");
const opened: Awaited<ReturnType<typeof appOn>>[] = [];
try {
  await adminQuery(adminUrl, `create database ${demoName}`);
  const demo = await appOn(demoName);
  opened.push(demo);
  await prepareDb(demo.handle, { storage: createStorage(demo.config) });
  await demo.handle.db.execute(sql`vacuum analyze`);
  await demo.handle.close();
  opened.pop();
  await adminQuery(adminUrl, `create database ${largeName} template ${demoName}`);
  const sides = { demo: await appOn(demoName), large: await appOn(largeName) };
  opened.push(sides.demo, sides.large);
  const growing = performance.now();
  await growLarge(sides.large.handle.db);
  console.log(
    `Grown: ${TESTS.toLocaleString("en")} tests, ${ACCOUNTS.toLocaleString("en")} accounts and users ` +
      `(${((performance.now() - growing) / 1000).toFixed(0)} s)`,
  );

  const apps = {
    demo: buildApp({ db: sides.demo.handle.db, config: sides.demo.config }),
    large: buildApp({ db: sides.large.handle.db, config: sides.large.config }),
  };
  await Promise.all([apps.demo.ready(), apps.large.ready()]);
  const tokens = { demo: await signedIn(apps.demo), large: await signedIn(apps.large) };
  const rows: { request: string; demo: Figures; large: Figures; ratio: number; range: string }[] = [];
  for (const [label, url] of Object.entries(REQUESTS)) {
    const samples = { demo: [] as number[], large: [] as number[] };
    let range = "";
    // A first request of each, not timed: plans made, pages read.
    for (let run = -1; run < RUNS; run++) {
      for (const side of ["demo", "large"] as const) {
        const started = performance.now();
        const response = await apps[side].inject({
          method: "GET",
          url,
          headers: { authorization: `Bearer ${tokens[side]}` },
        });
        const ms = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${label} (${side}): ${response.statusCode} ${response.body}`);
        if (side === "large") range = String(response.headers["content-range"]);
        if (run >= 0) samples[side].push(ms);
      }
    }
    const demoFigures = figures(samples.demo);
    const largeFigures = figures(samples.large);
    rows.push({
      request: label,
      demo: demoFigures,
      large: largeFigures,
      ratio: largeFigures.median / demoFigures.median,
      range,
    });
  }
  await Promise.all([apps.demo.close(), apps.large.close()]);

  console.log(`\nLarge ÷ demo (median of ${RUNS}, ms; goal ≤ ${GOAL}×):`);
  for (const row of rows) {
    console.log(
      `  ${row.request.padEnd(22)} demo ${row.demo.median.toFixed(1).padStart(6)}  large ${row.large.median
        .toFixed(1)
        .padStart(7)}  ×${row.ratio.toFixed(2)}${row.ratio <= GOAL ? "" : "  NOT met"}   (${row.range})`,
    );
  }
  recordResults("scale", {
    measuredAt: new Date().toISOString(),
    tests: TESTS,
    accounts: ACCOUNTS,
    runs: RUNS,
    rows: rows.map((row) => ({ ...row, ratio: Number(row.ratio.toFixed(2)) })),
  });
} finally {
  for (const side of opened) {
    await side.handle.close().catch(() => undefined);
    rmSync(side.dataDir, { recursive: true, force: true });
  }
  for (const name of [largeName, demoName]) {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
  }
}
