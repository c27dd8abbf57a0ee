/**
 * List-route throughput and p99 latency with one and with two service instances on one
 * PostgreSQL (and one S3-protocol store), in one run, beside a bare Fastify route. Run through
 * scripts/with-postgres.mjs (npm run bench does). The load generator shares the machine's cores
 * with the instances and the database: read the ratios, not the absolute figures.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { DEMO_PASSWORD } from "../server/src/db/demoUsers";
import { startCluster } from "../tests/multi/cluster";
import { load, type LoadResult } from "./load";
import { sized } from "./smoke";

const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(5, 1));

async function startPlainFastify(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/plainFastify.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.startsWith("PLAIN ")) resolve(line.slice(6));
    }),
  );
  return { url, stop: () => child.kill("SIGTERM") };
}

const LIST_ROUTES = {
  "GET /api/accounts (25 rows)": `/api/accounts?range=${encodeURIComponent("[0,24]")}&sort=${encodeURIComponent('["name","ASC"]')}`,
  "GET /api/tests (gallery, 25 cards)": `/api/tests?range=${encodeURIComponent("[0,24]")}`,
};

const rows: Array<[string, LoadResult]> = [];
const measure = async (label: string, urls: string[], headers?: Record<string, string>) => {
  const result = await load({ urls, headers, connections: CONNECTIONS, seconds: SECONDS });
  if (result.errors > 0) throw new Error(`${label}: ${result.errors} answers were not 2xx`);
  rows.push([label, result]);
  return result;
};

const plain = await startPlainFastify();
const cluster = await startCluster(1, { QUIET: "true" });
try {
  const [first] = cluster.instances;
  const login = await fetch(`${first!.url}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "superadmin@example.com", password: DEMO_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };

  const reference = await measure("bare Fastify, list from memory (reference)", [`${plain.url}/list`]);
  const single: Record<string, LoadResult> = {};
  for (const [label, path] of Object.entries(LIST_ROUTES)) {
    single[label] = await measure(`${label}, 1 instance`, [`${first!.url}${path}`], headers);
  }
  const second = await cluster.addInstance("instance 2");
  const double: Record<string, LoadResult> = {};
  for (const [label, path] of Object.entries(LIST_ROUTES)) {
    double[label] = await measure(`${label}, 2 instances`, [`${first!.url}${path}`, `${second.url}${path}`], headers);
  }

  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, PostgreSQL ${process.env.TEST_DATABASE_URL ? "(with-postgres)" : ""}`,
  );
  console.log(
    "route".padEnd(58),
    "req/s".padStart(8),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "vs bare".padStart(9),
  );
  for (const [label, result] of rows) {
    console.log(
      label.padEnd(58),
      result.perSecond.toFixed(0).padStart(8),
      result.p50.toFixed(1).padStart(8),
      result.p99.toFixed(1).padStart(8),
      `${(result.perSecond / reference.perSecond).toFixed(2)}x`.padStart(9),
    );
  }
  for (const label of Object.keys(LIST_ROUTES)) {
    const ratio = double[label]!.perSecond / single[label]!.perSecond;
    const p99 = double[label]!.p99 / single[label]!.p99;
    console.log(`${label}: 2 instances / 1 instance = ${ratio.toFixed(2)}x throughput, ${p99.toFixed(2)}x p99`);
  }
} finally {
  plain.stop();
  await cluster.close();
}
