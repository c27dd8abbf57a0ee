/**
 * Live changes (GET /api/events, docs/api.md "Live changes") across two service processes on one
 * PostgreSQL database: each instance hears every committed change on its own LISTEN connection, so
 * a change made through one instance reaches the streams of the other, scoped as the lists are; a
 * stream resumed on the other instance with the first one's Last-Event-ID starts with `reset`; and
 * when the listening connections are killed, the open streams get `reset` once the instances listen
 * again, and later changes still arrive.
 *
 * Every wait is for an event (or a row), never for a fixed time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LIVE_CHANGES_PATH } from "../../src/api/liveChanges";
import type { LoginResponse } from "../../src/api/types";
import { readEventStream, type StreamEvent } from "../../src/dataProvider/eventStream";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { startCluster, type Cluster } from "./cluster";
import { call } from "./call";

/** How long a test waits for one event before it fails naming what it saw. */
const EVENT_TIMEOUT_MS = 15_000;

let cluster: Cluster;
/** The two instances' API bases: changes are made through A, streams read on B (and A). */
let a: string;
let b: string;
beforeAll(async () => {
  // No scheduled lifecycle: its transitions would be changes of their own in the streams.
  cluster = await startCluster(2, { LIFECYCLE_SCHEDULE: "off" });
  [a, b] = cluster.instances.map((instance) => `${instance.url}/api`) as [string, string];
});
afterAll(() => cluster?.close());

async function signIn(email: string): Promise<string> {
  const { status, body } = await call<LoginResponse>(a, "/v2/auth/login", {
    method: "POST",
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(status).toBe(200);
  return body.accessToken;
}

/** Every stream a test opened, closed after it (also when it failed halfway). */
const opened = new Set<AbortController>();
afterEach(() => {
  for (const abort of opened) abort.abort();
  opened.clear();
});

interface Stream {
  /**
   * Reads on until an event `wanted` accepts, and answers it with the events read before it;
   * fails after EVENT_TIMEOUT_MS (naming what came), or when the stream ends first.
   */
  until(wanted: (event: StreamEvent) => boolean, what: string): Promise<{ event: StreamEvent; before: StreamEvent[] }>;
  close(): void;
}

async function openStream(base: string, token: string, lastEventId?: string): Promise<Stream> {
  const abort = new AbortController();
  opened.add(abort);
  const response = await fetch(`${base}/${LIVE_CHANGES_PATH}`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }),
    },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  const events = readEventStream(response.body!);
  /** A read that timed out is still pending: the next wait takes it up instead of reading past it. */
  let pending: Promise<IteratorResult<StreamEvent>> | undefined;
  return {
    async until(wanted, what) {
      const before: StreamEvent[] = [];
      const deadline = Date.now() + EVENT_TIMEOUT_MS;
      for (;;) {
        pending ??= events.next();
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<"timeout">((resolve) => {
          timer = setTimeout(() => resolve("timeout"), Math.max(0, deadline - Date.now()));
        });
        const step = await Promise.race([pending, timedOut]).finally(() => clearTimeout(timer));
        if (step === "timeout") {
          throw new Error(`No ${what} within ${EVENT_TIMEOUT_MS} ms; came: ${JSON.stringify(before)}`);
        }
        pending = undefined;
        if (step.done) throw new Error(`The stream ended before ${what}; came: ${JSON.stringify(before)}`);
        if (wanted(step.value)) return { event: step.value, before };
        before.push(step.value);
      }
    },
    close: () => abort.abort(),
  };
}

const isChange =
  (resource: string) =>
  ({ event, data }: StreamEvent) =>
    event === "change" && data === JSON.stringify({ resource });
const isReset = ({ event }: StreamEvent) => event === "reset";
const resourcesOf = (events: StreamEvent[]) =>
  events
    .filter((event) => event.event === "change")
    .map((event) => (JSON.parse(event.data) as { resource: string }).resource);

/** The first record of a list, as the caller sees it (through instance A). */
async function firstOf<T>(token: string, resource: string): Promise<T> {
  const { status, body } = await call<T[]>(a, `/${resource}?range=${encodeURIComponent("[0,0]")}`, { token });
  expect(status).toBe(200);
  expect(body.length).toBe(1);
  return body[0]!;
}

interface Device {
  id: string;
  version: number;
}

/** Renames a device through instance A (an Admin's own action): a change of its account's devices. */
async function renameDevice(token: string, device: Device, name: string): Promise<Device> {
  const { status, body } = await call<Device>(a, `/devices/${device.id}/custom-name`, {
    method: "POST",
    token,
    body: JSON.stringify({ version: device.version, customBoxName: name }),
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

interface Business {
  id: string;
  version: number;
  name: string;
  address: string;
  city: string;
  country: string;
  phone: string;
  ownerId: string | null;
}

/** Edits a business through instance A: a change of its account's businesses. */
async function editBusiness(token: string, business: Business, city: string): Promise<Business> {
  const { name, address, country, phone, ownerId, version } = business;
  const { status, body } = await call<Business>(a, `/businesses/${business.id}`, {
    method: "PUT",
    token,
    body: JSON.stringify({ name, ownerId, address, city, country, phone, version }),
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

describe("live changes across two instances", () => {
  it("tells the streams on one instance of a change made through the other, scoped per account", async () => {
    // Signed in first: a sign-in is a change of users and of the activity.
    const brilliantAdmin = await signIn("admin@example.com");
    const lapisAdmin = await signIn("pastdue@example.com");
    const superAdmin = await signIn("superadmin@example.com");
    let device = await firstOf<Device>(brilliantAdmin, "devices");
    const business = await firstOf<Business>(lapisAdmin, "businesses");

    const brilliantOnB = await openStream(b, brilliantAdmin);
    const lapisOnB = await openStream(b, lapisAdmin);
    const superAdminOnB = await openStream(b, superAdmin);

    // Brilliant's admin renames a device through A: B's stream of that account hears it.
    device = await renameDevice(brilliantAdmin, device, "Renamed through A");
    await brilliantOnB.until(isChange("devices"), "change of devices on B for Brilliant's admin");
    await superAdminOnB.until(isChange("devices"), "change of devices on B for the super admin");

    // Then a change of Lapis's own (its businesses, through A): on Lapis's stream it comes before
    // any change of devices, so Brilliant's, announced before it, was not sent there.
    await editBusiness(lapisAdmin, business, `Lapis city ${Date.now()}`);
    const lapis = await lapisOnB.until(isChange("businesses"), "change of Lapis's businesses on B");
    expect(resourcesOf(lapis.before)).not.toContain("devices");
    await superAdminOnB.until(isChange("businesses"), "change of businesses on B for the super admin");

    // And the other way round: Lapis's change did not reach Brilliant's stream before its next own.
    await renameDevice(brilliantAdmin, device, "Renamed through A again");
    const brilliant = await brilliantOnB.until(isChange("devices"), "Brilliant's second change of devices on B");
    expect(resourcesOf(brilliant.before)).not.toContain("businesses");
  });

  it("starts a stream resumed on the other instance with reset, and on the same one with what was missed", async () => {
    const token = await signIn("admin@example.com");
    const device = await firstOf<Device>(token, "devices");
    const onA = await openStream(a, token);
    const renamed = await renameDevice(token, device, "Before the move");
    const { event: seen } = await onA.until(isChange("devices"), "change of devices on A");
    onA.close();
    expect(seen.id).toBeTruthy();

    // One change missed while no stream was open.
    await renameDevice(token, renamed, "While away");

    // On A, which numbered the id: the missed change first, no reset.
    const resumedOnA = await openStream(a, token, seen.id);
    const sameInstance = await resumedOnA.until(isChange("devices"), "the missed change of devices on A");
    expect(sameInstance.before.filter(isReset)).toEqual([]);

    // On B, which does not know A's ids: reset, before any change.
    const resumedOnB = await openStream(b, token, seen.id);
    const other = await resumedOnB.until(isReset, "reset on B");
    expect(resourcesOf(other.before)).toEqual([]);
  });

  it("sends reset to the open streams when the listening connections are killed, then goes on with the changes", async () => {
    const token = await signIn("admin@example.com");
    let device = await firstOf<Device>(token, "devices");
    const onA = await openStream(a, token);
    const onB = await openStream(b, token);
    // Both streams hear a change: both instances listen.
    device = await renameDevice(token, device, "Before the loss");
    await onA.until(isChange("devices"), "change of devices on A before the loss");
    await onB.until(isChange("devices"), "change of devices on B before the loss");

    // Each instance's own LISTEN connection, on this cluster's database.
    const killed = await cluster.db.query<{ killed: boolean }>(
      `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
       WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    expect(killed.rows).toEqual([{ killed: true }, { killed: true }]);

    // Once each listens again, its streams hear that changes may have been missed...
    await onA.until(isReset, "reset on A after the loss");
    await onB.until(isReset, "reset on B after the loss");
    // ... and the changes made since.
    await renameDevice(token, device, "After the loss");
    await onA.until(isChange("devices"), "change of devices on A after the loss");
    await onB.until(isChange("devices"), "change of devices on B after the loss");

    // Listening again: exactly one LISTEN connection per instance, not one more per loss.
    const listening = await cluster.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
    );
    expect(listening.rows[0]!.n).toBe(2);
  });
});
