/**
 * The fuzz suite (npm run test:fuzz, issue 12): every route of the service's own OpenAPI document,
 * driven with malformed values as each role. It fails on any 5xx, on a CSV export that answered 200
 * and then broke off or ended in an error, and on a refused (4xx) request that changed the database.
 *
 * Seeded (FUZZ_SEED, default below) and bounded: the same seed sends the same requests; the walk
 * is a fixed catalogue per route (values.ts, cases.ts), at least MIN_REQUESTS in all. The classes
 * of edges.ts (issue 24's 500s) reach every operation they apply to from every caller.
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
import { bodyCandidates, casesOf, operationsOf, type FuzzRequest } from "./cases";
import { EDGE_KINDS, type EdgeKind } from "./edges";
import { watchDatabase, type DbWatch } from "../server/dbWatch";
import { prng } from "./prng";
import { freshen } from "./values";
import { CONTRACTS } from "../../src/api/contract";
import { filterKeysOf } from "../../src/api/contract/declare";

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const MIN_REQUESTS = 20_000;
const ANSWER_WITHIN_MS = 15_000;
const ROLES: readonly Who[] = ["superAdmin", "admin", "manager", "user", "pastDueAdmin"];
/** Tokens a client might send that are not ours. */
const BAD_AUTHORIZATIONS = ["Bearer x", `Bearer ${"a".repeat(8000)}`, "Basic Zm9vOmJhcg==", "Bearer ", "bearer a.b.c"];
/** Who sends a request: each role in turn (the first may call every route), a foreign token, no token. */
const CALLERS = ROLES.length + 2;
const callerName = (caller: number) =>
  caller < ROLES.length ? ROLES[caller]! : caller === ROLES.length ? "a foreign token" : "no token";

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
/**
 * A streamed answer as the checks read it: a 200 (the stream) is left at once, its body unread; any
 * other answer (a refusal) is read to its end, as every answer is.
 */
/** What the checks read of an answer. */
type Answer = Pick<LightMyRequestResponse, "statusCode" | "body">;

async function leaveStream(answer: LightMyRequestResponse): Promise<Answer> {
  const stream = answer.stream();
  if (answer.statusCode === 200) {
    stream.destroy();
    return { statusCode: 200, body: "" };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return { statusCode: answer.statusCode, body: Buffer.concat(chunks).toString() };
}

function problemOf(request: FuzzRequest, response: Answer): string | undefined {
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
  const began = performance.now();
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
  /**
   * A list's own filter keys, split into those that take dates and the others: its contract's, or
   * for a list without one (the gallery, the phone ranking) the sources' day filters and a sample.
   */
  const listFilterKeys = (path: string) => {
    const contract = CONTRACTS[path.replace(/^\/api\/(v\d+\/)?/, "")];
    if (!contract) {
      const dates = filterKeys.filter((key) => /^(from|to)$/.test(key));
      return {
        dates,
        others: random.sample(
          filterKeys.filter((key) => !dates.includes(key)),
          6,
        ),
      };
    }
    const dates = Object.entries(contract.filters).flatMap(([key, kind]) =>
      kind === "range" ? [`${key}_gte`, `${key}_lte`] : kind === "date" ? [key] : [],
    );
    return { dates, others: filterKeysOf(contract).filter((key) => !dates.includes(key)) };
  };
  // The contracts' filters of each kind, and the lists' own checks, are all malformed in turn.
  expect(filterKeys).toEqual(expect.arrayContaining(["createdAt_gte", "bookmarked", "valid_at", "deviceType"]));
  const options = {
    random,
    realId,
    missingId: "7f1d6c4e-8f7b-4a3e-9d2c-00000000f022",
    filterKeys,
    valuesPerField: 3,
    callers: CALLERS,
    filterKeysOf: listFilterKeys,
    acceptedBodyOf: (route: string) => acceptedBodies.get(route),
  };

  // Creates as the super admin, before the walk: the first candidate body each one takes.
  const acceptedBodies = new Map<string, unknown>();
  let serial = 0;
  for (const operation of operationsOf(document)) {
    if (operation.method !== "POST" || operation.path.includes("{") || !operation.jsonBody) continue;
    if (operation.access !== "signedIn") continue;
    for (const candidate of bodyCandidates(operation.jsonBody, realId)) {
      serial += 1;
      const body = freshen(candidate, serial);
      const answer = await t.app.inject({
        method: "POST",
        url: operation.path,
        headers: { authorization: `Bearer ${tokens.get("superAdmin")!}`, "content-type": "application/json" },
        payload: JSON.stringify(body),
        remoteAddress: freshIp(),
      });
      if (answer.statusCode < 300) {
        acceptedBodies.set(`POST ${operation.path}`, candidate);
        break;
      }
    }
  }

  console.log(`Fuzz: creates that took a candidate body: ${[...acceptedBodies.keys()].join(", ") || "none"}`);

  const requests = operationsOf(document).flatMap((operation) => casesOf(operation, options));
  // Routes whose answer is a stream that ends only when its caller leaves (the live changes): their
  // status and headers are checked, then the caller leaves.
  const streamedRoutes = new Set(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item ?? {}).flatMap(([method, operation]) => {
        const ok = (operation as OpenAPIV3.OperationObject).responses?.["200"] as OpenAPIV3.ResponseObject | undefined;
        return ok?.content?.["text/event-stream"] ? [`${method.toUpperCase()} ${path}`] : [];
      }),
    ),
  );
  const counts = new Map<string, number>();
  const failures = new Map<string, Failure>();
  const fail = (request: FuzzRequest, problem: string) => {
    const key = `${request.route}: ${problem}`;
    const known = failures.get(key);
    if (known) known.count += 1;
    else
      failures.set(key, { key, count: 1, example: `${request.what} — ${request.method} ${request.url.slice(0, 200)}` });
  };

  /** Per edge class: requests sent, and which callers each operation met it from. */
  const edgeCounts = new Map<EdgeKind, number>();
  const edgeCallers = new Map<string, Set<number>>();
  let sent = 0;
  let serverErrors = 0;
  let partialWrites = 0;
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
    // Signed-in routes as each role in turn, now and then with no token or a foreign one; an edge
    // case as the caller it names.
    const turn = request.caller ?? index % CALLERS;
    if (request.caller !== undefined || request.access === "signedIn" || index % 3 === 0) {
      if (turn < ROLES.length) headers.authorization = `Bearer ${tokens.get(ROLES[turn]!)!}`;
      else if (turn === ROLES.length) headers.authorization = random.pick(BAD_AUTHORIZATIONS);
    }
    const started = performance.now();
    await watch.reset();
    let response: Answer;
    try {
      const streamed = streamedRoutes.has(request.route);
      const answer = t.app
        .inject({
          method: request.method as "GET",
          url: request.url,
          headers,
          payload: request.payload,
          remoteAddress: freshIp(),
          ...(streamed ? { payloadAsStream: true } : {}),
        })
        .then((answered) => (streamed ? leaveStream(answered) : answered));
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
      if (request.kind) {
        edgeCounts.set(request.kind, (edgeCounts.get(request.kind) ?? 0) + 1);
        const key = `${request.kind}: ${request.route}`;
        edgeCallers.set(key, (edgeCallers.get(key) ?? new Set()).add(turn));
      }
    }
    const problem = problemOf(request, response);
    if (problem) fail(request, problem);
    if (response.statusCode >= 500) serverErrors += 1;
    const written = await watch.writtenTables();
    if (response.statusCode >= 400 && response.statusCode < 500 && written.length > 0) {
      partialWrites += 1;
      fail(request, `refused with ${response.statusCode} but wrote to ${written.join(", ")}`);
    }
  }

  const report = [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([family, count]) => `  ${family.padEnd(24)} ${count}`)
    .join("\n");
  const edgeReport = EDGE_KINDS.map((kind) => {
    const operations = [...edgeCallers.keys()].filter((key) => key.startsWith(`${kind}: `)).length;
    return `  ${kind.padEnd(24)} ${edgeCounts.get(kind) ?? 0} requests over ${operations} operations`;
  }).join("\n");
  console.log(
    `Fuzz (seed ${SEED}): ${sent} requests over ${document.paths ? Object.keys(document.paths).length : 0} paths in ${Math.round(performance.now() - began)} ms: ${serverErrors} × 5xx, ${partialWrites} refusals that wrote\n${report}\nEdge classes, each from every caller:\n${edgeReport}`,
  );
  const found = [...failures.values()].map((f) => `${f.key} (×${f.count}), e.g. ${f.example}`);
  if (found.length > 0) console.log(`Fuzz failures:\n${found.join("\n")}`);

  expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
  expect(found).toEqual([]);
  // Each class reached operations (multipart: the upload routes), each from every caller.
  const minimumOperations: Record<EdgeKind, number> = {
    "multipart parts": 3,
    "deep text": 40,
    calendar: 15,
    numbers: 100,
  };
  for (const kind of EDGE_KINDS) {
    const reached = [...edgeCallers.entries()].filter(([key]) => key.startsWith(`${kind}: `));
    expect(reached.length, kind).toBeGreaterThanOrEqual(minimumOperations[kind]);
    const missing = reached
      .filter(([, callers]) => callers.size < CALLERS)
      .map(
        ([key, callers]) => `${key} lacks ${[...Array(CALLERS).keys()].filter((c) => !callers.has(c)).map(callerName)}`,
      );
    expect(missing, kind).toEqual([]);
  }
});
