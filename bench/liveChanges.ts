/**
 * Live changes benchmark (`npm run bench`): how long after a write a console's open stream
 * (GET /api/events, docs/api.md "Live changes") reads its `change` event, beside the same write's
 * own response time in the same rounds, so that the ratio says what the announcement adds.
 *
 * In process on PGlite (the demo seed in a temporary DATA_DIR), over a real socket on loopback:
 * the demo admin holds one stream open (Node's fetch and the console's own parser,
 * readEventStream); each round renames one of the account's devices with
 * `POST /api/devices/{id}/custom-name` (a real HTTP request), and times from sending it to its
 * answer read, and to the stream's `change` of `devices` read (the database's trigger announces
 * it at commit; the feed passes it to the stream). The rounds run one after the other, each
 * waiting for its event before the next write. Prints median, p90 and min–max of both and their
 * ratio, writes them to bench/results/latest.json under "liveChanges"; asserts nothing.
 *
 *   node --import tsx bench/liveChanges.ts
 */
import { rmSync } from "node:fs";
import { LIVE_CHANGES_PATH } from "../src/api/liveChanges";
import { readEventStream, type StreamEvent } from "../src/dataProvider/eventStream";
import { buildApp } from "../server/src/app";
import { loadConfig } from "../server/src/config";
import { openPglite } from "../server/src/db/client";
import { DEMO_PASSWORD } from "../server/src/db/demoUsers";
import { prepareDb } from "../server/src/db/prepare";
import { localDirectoryStorage } from "../server/src/files/storage";
import { figures, recordResults, showFigures, type Figures } from "./results";
import { benchDataDir, sized } from "./smoke";

const ROUNDS = sized(200, 10);
const WARM_UP = sized(20, 2);
/** A round whose event has not come by then is a failure, not a figure. */
const EVENT_TIMEOUT_MS = 10_000;

/** The value at or below which `share` of the samples lie (nearest rank). */
const percentile = (samples: number[], share: number) =>
  [...samples].sort((x, y) => x - y)[Math.max(0, Math.ceil(share * samples.length) - 1)]!;

const dataDir = benchDataDir("gemtest-bench-live-");
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", LIFECYCLE_SCHEDULE: "off" });
const handle = await openPglite({ dataDir });
const app = buildApp({ db: handle.db, config });
const stream = new AbortController();
try {
  await prepareDb(handle, { storage: localDirectoryStorage(config.filesDir) });
  const base = `${await app.listen({ port: 0, host: "127.0.0.1" })}/api`;

  const login = await fetch(`${base}/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: DEMO_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const authorization = `Bearer ${accessToken}`;
  const devicesPage = await fetch(`${base}/devices?range=${encodeURIComponent("[0,0]")}`, {
    headers: { authorization },
  });
  let [device] = (await devicesPage.json()) as { id: string; version: number }[];
  if (!device) throw new Error(`no device for the demo admin (${devicesPage.status})`);

  // The stream, read in the background: each event with the moment it was read.
  const opened = await fetch(`${base}/${LIVE_CHANGES_PATH}`, { headers: { authorization }, signal: stream.signal });
  if (opened.status !== 200 || !opened.body) throw new Error(`GET /api/${LIVE_CHANGES_PATH}: ${opened.status}`);
  const heard: { event: StreamEvent; at: number }[] = [];
  let wake: () => void = () => undefined;
  const reading = (async () => {
    for await (const event of readEventStream(opened.body!)) {
      heard.push({ event, at: performance.now() });
      wake();
    }
  })().catch((error: unknown) => {
    if (!stream.signal.aborted) throw error;
  });
  const devicesChange = JSON.stringify({ resource: "devices" });
  /** The moment the first `change` of devices from `from` on was read. */
  async function changeOfDevicesAfter(from: number): Promise<number> {
    const deadline = Date.now() + EVENT_TIMEOUT_MS;
    for (;;) {
      const found = heard.slice(from).find(({ event }) => event.event === "change" && event.data === devicesChange);
      if (found) return found.at;
      if (Date.now() > deadline) throw new Error(`no change of devices within ${EVENT_TIMEOUT_MS} ms`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 100);
      });
    }
  }

  const responseMs: number[] = [];
  const eventMs: number[] = [];
  /** The event's moment less the answer's: negative when the stream heard before the writer. */
  const afterResponseMs: number[] = [];
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    const from = heard.length;
    const started = performance.now();
    const response = await fetch(`${base}/devices/${device.id}/custom-name`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({ version: device.version, customBoxName: `Live bench ${round}` }),
    });
    const body = (await response.json()) as { id: string; version: number };
    const answered = performance.now();
    if (response.status !== 200) throw new Error(`custom-name: ${response.status} ${JSON.stringify(body)}`);
    device = body;
    const read = await changeOfDevicesAfter(from);
    if (round < WARM_UP) continue;
    responseMs.push(answered - started);
    eventMs.push(read - started);
    afterResponseMs.push(read - answered);
  }

  const summary = (samples: number[]) => ({ ...figures(samples), p90: percentile(samples, 0.9) });
  const results = {
    measuredAt: new Date().toISOString(),
    rounds: ROUNDS,
    responseMs: summary(responseMs),
    eventMs: summary(eventMs),
    eventAfterResponseMs: summary(afterResponseMs),
    ratio: figures(eventMs).median / figures(responseMs).median,
  };
  const show = (label: string, { p90, ...rest }: Figures & { p90: number }) =>
    console.log(`  ${label.padEnd(40)} median ${showFigures(rest, "ms", 1)}, p90 ${p90.toFixed(1)} ms`);
  console.log(`Live changes, PGlite in process, ${ROUNDS} rounds (after ${WARM_UP} warm-up), one stream:`);
  show("write's own response (reference)", results.responseMs);
  show("write sent → stream's change read", results.eventMs);
  show("stream's change read − response read", results.eventAfterResponseMs);
  console.log(`  ratio (event ÷ response, medians)         ×${results.ratio.toFixed(2)}`);
  recordResults("liveChanges", results);

  stream.abort();
  await reading;
} finally {
  stream.abort();
  // Node's fetch keeps the aborted stream's connection; a closing service waits for every one.
  app.server.closeAllConnections();
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
