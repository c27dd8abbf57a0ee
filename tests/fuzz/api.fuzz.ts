/**
 * The fuzz suite (npm run test:fuzz, issue 12): every route of the service's own OpenAPI document,
 * driven with malformed values as each role. It fails on any 5xx, on a CSV export that answered 200
 * and then broke off or ended in an error, and on a refused (4xx) request that changed the database.
 *
 * Seeded (FUZZ_SEED, default below) and bounded: the same seed sends the same requests; the walk
 * is a fixed catalogue per route (values.ts, cases.ts), at least MIN_REQUESTS in all.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import type { OpenAPIV3 } from "openapi-types";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SEED_IDS } from "../../server/src/db/seed";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { tests } from "../../server/src/db/schema";
import { createTestApp, freshIp, signIn, type TestApp } from "../server/helpers";
import { EMAILS, type Who } from "../server/records";
import { casesOf, operationsOf, type FuzzRequest } from "./cases";
import { watchDatabase, type DbWatch } from "./dbWatch";
import { prng } from "./prng";
import { CONTRACTS } from "../../src/api/contract";
import { filterKeysOf } from "../../src/api/contract/declare";

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const MIN_REQUESTS = 5000;
const ANSWER_WITHIN_MS = 15_000;
const ROLES: readonly Who[] = ["superAdmin", "admin", "manager", "user", "pastDueAdmin"];
/** Tokens a client might send that are not ours. */
const BAD_AUTHORIZATIONS = ["Bearer x", `Bearer ${"a".repeat(8000)}`, "Basic Zm9vOmJhcg==", "Bearer ", "bearer a.b.c"];

let t: TestApp;
let watch: DbWatch;
const tokens = new Map<Who, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ROLES) tokens.set(who, (await signIn(t.app, EMAILS[who])).accessToken);
  watch = await watchDatabase(t.db);
});
afterAll(() => t?.close());

/**
 * Every filter key a list declares: the resources' contracts (src/api/contract/), and the checks
 * of the lists that have none (the gallery's, the phone ranking's).
 */
function filterKeysInSources(): string[] {
  const keys = new Set<string>(Object.values(CONTRACTS).flatMap((contract) => filterKeysOf(contract)));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts")) {
        const text = readFileSync(path, "utf8");
        for (const m of text.matchAll(/^\s+(\w+): checks\./gm)) keys.add(m[1]!);
      }
    }
  };
  walk(join(import.meta.dirname, "../../server/src"));
  return [...keys].sort();
}

interface Failure {
  key: string;
  count: number;
  example: string;
}

/** What broke in an answer, or undefined when it is acceptable. */
function problemOf(request: FuzzRequest, response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 120)}`;
  const isCsv = request.url.split("?")[0]!.endsWith(".csv");
  if (isCsv && response.statusCode === 200) {
    const body = response.body;
    const lastLine = body.trimEnd().split("\n").pop() ?? "";
    if (body.length > 0 && !body.endsWith("\n")) return "CSV export ended without its last line break (cut off)";
    if (/error|failed/i.test(lastLine)) return `CSV export ended in an error line: ${lastLine.slice(0, 120)}`;
  }
  return undefined;
}

it(`answers every route's malformed input without a 5xx, a broken export or a change after a refusal (seed ${SEED})`, async () => {
  const random = prng(SEED);
  const document = t.app.swagger() as unknown as OpenAPIV3.Document;
  const [aTest] = await t.db.select({ id: tests.id }).from(tests).limit(1);
  const realIds = [
    ...Object.values(SEED_IDS.accounts),
    ...Object.values(SEED_IDS.businesses),
    ...Object.values(SEED_IDS.users),
    ...Object.values(SEED_DEVICE_IDS),
    aTest?.id ?? "x",
  ];
  const realId = (name: string) => {
    if (/account/i.test(name)) return SEED_IDS.accounts.gemtestHq;
    if (/business/i.test(name)) return SEED_IDS.businesses.gemtestLab;
    if (/user|owner/i.test(name)) return SEED_IDS.users.user;
    if (/device/i.test(name)) return SEED_DEVICE_IDS.labWatson;
    if (/test/i.test(name)) return aTest?.id ?? "x";
    return random.pick(realIds);
  };
  const filterKeys = filterKeysInSources();
  // The contracts' filters of each kind, and the lists' own checks, are all malformed in turn.
  expect(filterKeys).toEqual(expect.arrayContaining(["createdAt_gte", "bookmarked", "valid_at", "deviceType"]));
  const options = {
    random,
    realId,
    missingId: "7f1d6c4e-8f7b-4a3e-9d2c-00000000f022",
    filterKeys,
    valuesPerField: 3,
  };

  const requests = operationsOf(document).flatMap((operation) => casesOf(operation, options));
  const counts = new Map<string, number>();
  const failures = new Map<string, Failure>();
  const fail = (request: FuzzRequest, problem: string) => {
    const key = `${request.route}: ${problem}`;
    const known = failures.get(key);
    if (known) known.count += 1;
    else
      failures.set(key, { key, count: 1, example: `${request.what} — ${request.method} ${request.url.slice(0, 200)}` });
  };

  let sent = 0;
  const spent = new Map<string, number>();
  const slowest = () =>
    [...spent.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([route, ms]) => `  ${route} ${Math.round(ms)} ms`)
      .join("\n");
  if (process.env.FUZZ_PROFILE)
    setInterval(() => console.log(`${sent}/${requests.length}\n${slowest()}`), 20_000).unref();
  for (const [index, request] of requests.entries()) {
    const headers = { ...request.headers };
    // Signed-in routes as each role in turn, now and then with no token or a foreign one.
    const turn = index % (ROLES.length + 2);
    if (request.access === "signedIn" || index % 3 === 0) {
      if (turn < ROLES.length) headers.authorization = `Bearer ${tokens.get(ROLES[turn]!)!}`;
      else if (turn === ROLES.length) headers.authorization = random.pick(BAD_AUTHORIZATIONS);
    }
    const started = performance.now();
    await watch.reset();
    let response: LightMyRequestResponse;
    try {
      const answer = t.app.inject({
        method: request.method as "GET",
        url: request.url,
        headers,
        payload: request.payload,
        remoteAddress: freshIp(),
      });
      // A request that is never answered holds its connection for good: as bad as a 500.
      let timer: NodeJS.Timeout | undefined;
      const silence = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
      });
      response = await Promise.race([answer, silence]).finally(() => clearTimeout(timer));
    } catch (error) {
      fail(request, `the request failed: ${String(error).slice(0, 120)}`);
      continue;
    } finally {
      sent += 1;
      spent.set(request.route, (spent.get(request.route) ?? 0) + performance.now() - started);
      counts.set(request.family, (counts.get(request.family) ?? 0) + 1);
    }
    const problem = problemOf(request, response);
    if (problem) fail(request, problem);
    const written = await watch.writtenTables();
    if (response.statusCode >= 400 && response.statusCode < 500 && written.length > 0)
      fail(request, `refused with ${response.statusCode} but wrote to ${written.join(", ")}`);
  }

  const report = [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([family, count]) => `  ${family.padEnd(24)} ${count}`)
    .join("\n");
  console.log(
    `Fuzz (seed ${SEED}): ${sent} requests over ${document.paths ? Object.keys(document.paths).length : 0} paths\n${report}`,
  );
  const found = [...failures.values()].map((f) => `${f.key} (×${f.count}), e.g. ${f.example}`);
  if (found.length > 0) console.log(`Fuzz failures:\n${found.join("\n")}`);

  expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
  expect(found).toEqual([]);
});
