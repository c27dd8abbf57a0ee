/**
 * List routes under many admins (issue 13, item 6): every list route's throughput and p99 at 50
 * connections (closed loop, bench/load.ts), on PGlite and, when run through
 * scripts/with-postgres.mjs (npm run bench does), on PostgreSQL, beside the plain Fastify + PGlite
 * 25-row list (bench/plainFastify.ts) measured in the same run, round after round (median and
 * spread of the rounds). The load generator shares the machine's two cores with the service (and
 * with PostgreSQL): read the ratios, not the absolute figures. Writes bench/results/latest.json
 * under "lists". Asserts nothing.
 *
 *   node --import tsx bench/lists.ts
 *   BENCH_ONLY=users,tests      only the routes whose label names one of these
 *   BENCH_BEFORE=<checkout>     also measure the service of another checkout (say a git worktree
 *                               of the commit before a change), alternated with this one (on
 *                               PostgreSQL both services share the one database)
 *   BENCH_DATABASES=postgres    only that database (pglite, postgres; both by default)
 *   BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS to change the sizes
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { DEMO_PASSWORD } from "../server/src/db/demoUsers";
import { startCluster } from "../tests/multi/cluster";
import { load, type LoadResult } from "./load";
import { seededCopy, SMOKE, sized } from "./smoke";
import { median, recordResults } from "./results";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? sized(50, 4));
const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(4, 0.5));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(3, 1));
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean);
const BEFORE = process.env.BENCH_BEFORE;
const DATABASES = process.env.BENCH_DATABASES?.split(",").filter(Boolean);
const measures = (database: "pglite" | "postgres") => !DATABASES || DATABASES.includes(database);
/** One sign-in serves the whole run (the default 5-minute access token would expire mid-run). */
const SERVICE_ENV = { ACCESS_TOKEN_TTL_SECONDS: "7200" };

const list = (resource: string, extra: Record<string, unknown> = {}) =>
  `/api/${resource}?${new URLSearchParams({ range: "[0,24]", ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, JSON.stringify(v)])) }).toString()}`;

/** Every list route, as the console asks for its first page (superadmin, default sort). */
const ROUTES: Record<string, string> = {
  accounts: list("accounts", { sort: ["createdAt", "DESC"] }),
  "accounts by name": list("accounts", { sort: ["name", "ASC"] }),
  businesses: list("businesses"),
  users: list("users"),
  devices: list("devices"),
  payments: list("payments"),
  subscriptions: list("subscriptions"),
  discounts: list("discounts"),
  firmware: list("firmware"),
  "tests (gallery)": list("tests"),
  activity: list("activity"),
  "lost-devices": list("lost-devices"),
  "deleted-tests": list("deleted-tests"),
  "deleted-accounts": list("deleted-accounts"),
  "scheduled-actions": list("scheduled-actions"),
  "forced-resets": list("forced-resets"),
  "phones (top phones)": list("phones", { range: [0, 9] }),
};
const routes = Object.entries(ROUTES).filter(([label]) => !ONLY || ONLY.some((only) => label.includes(only)));

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  stop(): Promise<void> | void;
}

/** A process that prints `<PREFIX> <url>` once it listens. */
async function startPrinting(args: string[], prefix: RegExp, env: Record<string, string>, cwd?: string) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = await new Promise<string>((resolve, reject) => {
    void exited.then(() => reject(new Error(`${args.join(" ")} exited before listening`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      const match = prefix.exec(line.trim());
      if (match) resolve(match[1]!);
    });
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

async function signIn(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "superadmin@example.com", password: DEMO_PASSWORD }),
  });
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

/** The service of a checkout (this one by default) on PGlite, in its own process and data directory. */
async function pgliteService(name: string, checkout?: string): Promise<Target> {
  const dataDir = seededCopy("gemtest-bench-lists-") ?? mkdtempSync(join(tmpdir(), "gemtest-bench-lists-"));
  const service = await startPrinting(
    ["--import", "tsx", "server/src/main.ts"],
    /^API: (http:\/\/\S+?)\/api\/health$/,
    {
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      QUIET: "true",
      SERVE_CONSOLE: "false",
      ...SERVICE_ENV,
    },
    checkout,
  );
  return {
    name,
    url: service.url,
    headers: await signIn(service.url),
    stop: async () => {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Figure {
  route: string;
  service: string;
  perSecond: number;
  perSecondMin: number;
  perSecondMax: number;
  p50Ms: number;
  p99Ms: number;
  p99MaxMs: number;
  /** The median over rounds of (this route's req/s ÷ the reference's in the same round). */
  ratioToReference: number;
}

/** Rounds of: the reference, then each target on each route; the median and spread of each. */
async function measureAll(database: string, reference: string, targets: Target[]) {
  const samples = new Map<string, { result: LoadResult; reference: number }[]>();
  const referenceRuns: LoadResult[] = [];
  const run = async (key: string, url: string, headers: Record<string, string>, referencePerSecond: number) => {
    const result = await load({ urls: [url], headers, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 1 });
    if (result.errors > 0) throw new Error(`${key}: ${result.errors} answers were not 2xx`);
    samples.set(key, [...(samples.get(key) ?? []), { result, reference: referencePerSecond }]);
    if (!SMOKE)
      console.log(
        `  … ${key.replace("\u0000", " [")}]: ${result.perSecond.toFixed(0)} req/s, p99 ${result.p99.toFixed(0)} ms`,
      );
  };
  for (let round = 0; round < ROUNDS; round++) {
    const ref = await load({ urls: [reference], connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 1 });
    referenceRuns.push(ref);
    for (const [label, path] of routes) {
      for (const target of targets)
        await run(`${label}\u0000${target.name}`, `${target.url}${path}`, target.headers, ref.perSecond);
    }
  }
  const referenceFigure = {
    perSecond: median(referenceRuns.map((r) => r.perSecond)),
    perSecondMin: Math.min(...referenceRuns.map((r) => r.perSecond)),
    perSecondMax: Math.max(...referenceRuns.map((r) => r.perSecond)),
    p99Ms: median(referenceRuns.map((r) => r.p99)),
  };
  const figures: Figure[] = [...samples].map(([key, runs]) => {
    const [route, service] = key.split("\u0000") as [string, string];
    return {
      route,
      service,
      perSecond: median(runs.map((r) => r.result.perSecond)),
      perSecondMin: Math.min(...runs.map((r) => r.result.perSecond)),
      perSecondMax: Math.max(...runs.map((r) => r.result.perSecond)),
      p50Ms: median(runs.map((r) => r.result.p50)),
      p99Ms: median(runs.map((r) => r.result.p99)),
      p99MaxMs: Math.max(...runs.map((r) => r.result.p99)),
      ratioToReference: median(runs.map((r) => r.result.perSecond / r.reference)),
    };
  });

  console.log(
    `\n${database}: ${CONNECTIONS} connections, ${SECONDS} s per measure, ${ROUNDS} round(s); median (min–max) of the rounds.` +
      `\nThe load generator runs on the same ${cpus().length} cores as the service${database === "PostgreSQL" ? " and PostgreSQL" : ""}: read the ratios.`,
  );
  const fmt = (n: number) => n.toFixed(0);
  console.log(
    `  ${"plain Fastify + PGlite, 25 rows (reference)".padEnd(44)} ${fmt(referenceFigure.perSecond).padStart(6)} req/s (${fmt(referenceFigure.perSecondMin)}–${fmt(referenceFigure.perSecondMax)})  p99 ${referenceFigure.p99Ms.toFixed(0).padStart(5)} ms`,
  );
  for (const figure of figures) {
    const label = targets.length > 1 ? `${figure.route} [${figure.service}]` : figure.route;
    console.log(
      `  ${label.padEnd(44)} ${fmt(figure.perSecond).padStart(6)} req/s (${fmt(figure.perSecondMin)}–${fmt(figure.perSecondMax)})  p99 ${figure.p99Ms.toFixed(0).padStart(5)} ms (max ${figure.p99MaxMs.toFixed(0)})  ${figure.ratioToReference.toFixed(2)}× the reference`,
    );
  }
  return { reference: referenceFigure, routes: figures };
}

const plain = await startPrinting(["--import", "tsx", "bench/plainFastify.ts"], /^PLAIN (\S+)$/, {});
const results: Record<string, unknown> = {};
try {
  const reference = `${plain.url}/pglite`;
  if (measures("pglite")) {
    const targets = [await pgliteService("this checkout")];
    if (BEFORE) targets.push(await pgliteService(`before (${BEFORE})`, BEFORE));
    try {
      results.pglite = await measureAll("PGlite", reference, targets);
    } finally {
      for (const target of targets) await target.stop();
    }
  }

  if (!measures("postgres")) {
    // Asked not to.
  } else if (process.env.TEST_DATABASE_URL) {
    const cluster = await startCluster(1, { QUIET: "true", ...SERVICE_ENV });
    try {
      const [instance] = cluster.instances;
      const targets: Target[] = [
        { name: "this checkout", url: instance!.url, headers: await signIn(instance!.url), stop() {} },
      ];
      if (BEFORE) {
        // The other checkout's service on the same database (its schema must be this one's).
        const before = await startPrinting(
          ["--import", "tsx", "server/src/main.ts"],
          /^API: (http:\/\/\S+?)\/api\/health$/,
          {
            PORT: "0",
            HOST: "127.0.0.1",
            DATA_DIR: mkdtempSync(join(tmpdir(), "gemtest-bench-lists-")),
            DATABASE_URL: cluster.databaseUrl,
            LOG_LEVEL: "warn",
            QUIET: "true",
            SERVE_CONSOLE: "false",
            ...SERVICE_ENV,
          },
          BEFORE,
        );
        targets.push({
          name: `before (${BEFORE})`,
          url: before.url,
          headers: await signIn(before.url),
          stop: before.stop,
        });
      }
      try {
        results.postgres = await measureAll("PostgreSQL", reference, targets);
      } finally {
        for (const target of targets) await target.stop();
      }
    } finally {
      await cluster.close();
    }
  } else {
    console.log("\nPostgreSQL: skipped (run through scripts/with-postgres.mjs; npm run bench does).");
  }
} finally {
  await plain.stop();
}

if (!SMOKE && !BEFORE && !ONLY && !DATABASES) {
  recordResults("lists", {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, note: "load generator on the same cores" },
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
    referenceLabel: "plain Fastify + PGlite, 25 rows (bench/plainFastify.ts /pglite)",
    ...results,
  });
}
