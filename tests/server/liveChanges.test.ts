/**
 * Live changes (GET /api/events): what a stream hears is scoped as the lists are, resumes from its
 * Last-Event-ID, is bounded per user, and ends with the sign-in. Over a real socket: a stream never
 * ends by itself, so app.inject (which waits for the end) cannot read one.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LIVE_CHANGES_PATH, MAX_LIVE_STREAMS_PER_USER } from "../../src/api/liveChanges";
import { readEventStream, type StreamEvent } from "../../src/dataProvider/eventStream";
import { businesses, devices, discounts, users } from "../../server/src/db/schema";
import { bearer, createTestApp, signIn, verifyToken, type TestApp } from "./helpers";
import { insertTest } from "./records";

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ config: { liveCheckMs: 50 } });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  // The test's own client (Node's fetch) keeps connections it opened for aborted streams, without
  // a request on them; a closing service waits for every connection, so they are dropped here.
  t.app.server.closeAllConnections();
  await t.close();
});

/** Every stream a test opened, closed after it (also when it failed halfway). */
const opened = new Set<AbortController>();
afterEach(() => {
  for (const abort of opened) abort.abort();
  opened.clear();
});

/** An open stream: its events as they come, and what closes it. */
async function openStream(token: string, lastEventId?: string, service = base) {
  const abort = new AbortController();
  opened.add(abort);
  const response = await fetch(`${service}/api/${LIVE_CHANGES_PATH}`, {
    headers: { ...bearer(token), ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }) },
    signal: abort.signal,
  });
  const events = response.ok && response.body ? readEventStream(response.body) : null;
  // Every stream starts by saying where it stands.
  const ready = events ? (await events.next()).value : undefined;
  if (events) expect(ready).toMatchObject({ event: "ready", id: expect.any(String) });
  return {
    response,
    readyId: ready?.id,
    /** The next event, or "ended" when the stream ends first. */
    async next(): Promise<StreamEvent | "ended"> {
      const step = await events!.next();
      return step.done ? "ended" : step.value;
    },
    close: () => abort.abort(),
  };
}

const accountOf = async (email: string) =>
  (await t.db.select({ accountId: users.accountId }).from(users).where(eq(users.email, email)))[0].accountId;

/** Renames one device of an account: a change of that account's devices. */
async function touchDevices(accountId: string, name: string) {
  const [device] = await t.db.select({ id: devices.id }).from(devices).where(eq(devices.accountId, accountId));
  await t.db.update(devices).set({ name }).where(eq(devices.id, device.id));
}

const change = (resource: string) => ({ event: "change", data: JSON.stringify({ resource }) });

describe("GET /api/events", () => {
  it("answers a Server-Sent Events stream, and refuses a caller without a bearer", async () => {
    const { accessToken } = await signIn(t.app, "admin@example.com");
    const stream = await openStream(accessToken);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.response.headers.get("cache-control")).toBe("no-store");
    stream.close();

    const refused = await fetch(`${base}/api/${LIVE_CHANGES_PATH}`);
    expect(refused.status).toBe(401);
  });

  it("tells an account's people and super admins of its changes, and nobody else", async () => {
    const brilliant = await accountOf("admin@example.com");
    const lapis = await accountOf("pastdue@example.com");
    // Signed in first: a sign-in is a change of users and of the activity.
    const tokens = await Promise.all(
      ["admin", "user", "superadmin", "pastdue"].map(
        async (name) => (await signIn(t.app, `${name}@example.com`)).accessToken,
      ),
    );
    const [admin, user, superAdmin, otherAccount] = await Promise.all(tokens.map((token) => openStream(token)));

    // Each account changes a resource of its own, so that who heard what tells them apart.
    await touchDevices(brilliant, "Renamed for the live test");
    // Of no account: a discount (super admins only).
    await t.db.update(discounts).set({ description: "Live test" });
    await t.db.update(businesses).set({ phone: "+44 20 5550 0199" }).where(eq(businesses.accountId, lapis));

    expect(await admin.next()).toMatchObject(change("devices"));
    expect(await user.next()).toMatchObject(change("devices"));
    expect(await superAdmin.next()).toMatchObject(change("devices"));
    expect(await superAdmin.next()).toMatchObject(change("discounts"));
    expect(await superAdmin.next()).toMatchObject(change("businesses"));
    // Lapis's first event is its own change: neither Brilliant's nor the discount was sent to it.
    expect(await otherAccount.next()).toMatchObject(change("businesses"));
    // And Brilliant's next is its own, not Lapis's businesses.
    await touchDevices(brilliant, "Renamed again");
    expect(await admin.next()).toMatchObject(change("devices"));
    for (const stream of [admin, user, superAdmin, otherAccount]) stream.close();
  });

  it("announces a change made through the API once committed, and nothing of a rolled-back one", async () => {
    const brilliant = await accountOf("admin@example.com");
    const { id } = await insertTest(t.db, t.storage, { name: "Live before" });
    const { accessToken } = await signIn(t.app, "user@example.com");
    const stream = await openStream(accessToken);
    await t.db
      .transaction(async (tx) => {
        await tx.update(devices).set({ name: "Never saved" }).where(eq(devices.accountId, brilliant));
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    const body = { name: "Live after", sku: "", customer: "", vendorName: "", description: "", notes: "" };
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/v2/tests/${id}`,
      headers: bearer(accessToken),
      payload: body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Heard until the save's two announcements have come. The test inserted before the stream
    // opened may be announced after it did (PostgreSQL delivers a NOTIFY when it will), so it may
    // come first; the rolled-back change of devices, which would come before the save, must not.
    const heard: (StreamEvent | "ended")[] = [];
    const resources = () => heard.map((event) => (event === "ended" ? "ended" : JSON.parse(event.data).resource));
    while (!(resources().includes("tests") && resources().includes("activity")) && !heard.includes("ended")) {
      heard.push(await stream.next());
    }
    expect(heard).toEqual(
      expect.arrayContaining([expect.objectContaining(change("tests")), expect.objectContaining(change("activity"))]),
    );
    expect(resources()).not.toContain("devices");
    stream.close();
  });

  it("resumes from Last-Event-ID with what was missed, and says reset for an id it does not know", async () => {
    const brilliant = await accountOf("admin@example.com");
    const { accessToken } = await signIn(t.app, "admin@example.com");
    const first = await openStream(accessToken);
    await touchDevices(brilliant, "Before the gap");
    const seen = await first.next();
    first.close();
    if (seen === "ended" || seen.id === undefined) throw new Error("no event id");

    await touchDevices(brilliant, "During the gap");
    await t.db.update(users).set({ lastName: "Gap" }).where(eq(users.email, "user@example.com"));
    const resumed = await openStream(accessToken, seen.id);
    // What was missed, in order. On PostgreSQL a write made before `seen` (the sign-in's activity)
    // may be announced after it (a NOTIFY is delivered when it will), so it may come among them.
    const missed: string[] = [];
    while (missed.filter((resource) => resource !== "activity").length < 2) {
      const event = await resumed.next();
      if (event === "ended") break;
      expect(event).toMatchObject({ event: "change" });
      missed.push((JSON.parse(event.data) as { resource: string }).resource);
    }
    expect(missed.filter((resource) => resource !== "activity")).toEqual(["devices", "users"]);
    resumed.close();

    // Resumed from where a stream stood when it opened: no reset, only what came after. On
    // PostgreSQL the gap's writes may have been announced after `resumed` opened (it heard them
    // live), so they may come again here before the new change.
    const quiet = await openStream(accessToken, resumed.readyId);
    await touchDevices(brilliant, "After the quiet");
    const afterQuiet: (StreamEvent | "ended")[] = [];
    while (!afterQuiet.some((event) => event !== "ended" && event.data === change("devices").data)) {
      const event = await quiet.next();
      afterQuiet.push(event);
      if (event === "ended") break;
    }
    for (const event of afterQuiet) expect(event).toMatchObject({ event: "change" });
    quiet.close();

    const elsewhere = await openStream(accessToken, "another-instance-42");
    expect(await elsewhere.next()).toMatchObject({ event: "reset" });
    elsewhere.close();
  });

  it(`lets one user hold ${MAX_LIVE_STREAMS_PER_USER} streams, and refuses one more with Retry-After`, async () => {
    const { accessToken } = await signIn(t.app, "manager@example.com");
    const open = [];
    for (let i = 0; i < MAX_LIVE_STREAMS_PER_USER; i++) open.push(await openStream(accessToken));
    expect(open.map((stream) => stream.response.status)).toEqual(open.map(() => 200));
    const oneMore = await openStream(accessToken);
    expect(oneMore.response.status).toBe(429);
    expect(oneMore.response.headers.get("retry-after")).not.toBeNull();
    open.pop()?.close();
    // A closed stream frees its place (once the service hears the socket close).
    await expect
      .poll(async () => {
        const again = await openStream(accessToken);
        if (again.response.status === 200) open.push(again);
        return again.response.status;
      })
      .toBe(200);
    for (const stream of open) stream.close();
  });

  it("outlives the access token it was opened with, while its sign-in holds", async () => {
    const shortLived = await createTestApp({ config: { accessTokenTtlSeconds: 1, liveCheckMs: 50 } });
    try {
      const shortBase = await shortLived.app.listen({ port: 0, host: "127.0.0.1" });
      const { accessToken, user } = await signIn(shortLived.app, "admin@example.com");
      const stream = await openStream(accessToken, undefined, shortBase);
      // The token expires (by the service's clock); the stream, checked every 50 ms, stays.
      await expect
        .poll(async () => (await verifyToken(shortLived.app, accessToken)).statusCode, { timeout: 10_000 })
        .toBe(401);
      await shortLived.db.update(devices).set({ name: "After the token" }).where(eq(devices.accountId, user.accountId));
      // Announcements of the writes just before the stream opened (the sign-in's last sign-in time,
      // the new app's seed) may reach it first on PostgreSQL (a users change came first once in
      // CI): the change made after the token expired must come after them, the stream still open.
      let next = await stream.next();
      for (let earlier = 0; earlier < 5 && next !== "ended" && next.data !== change("devices").data; earlier++) {
        next = await stream.next();
      }
      expect(next).toMatchObject(change("devices"));
    } finally {
      shortLived.app.server.closeAllConnections();
      await shortLived.close();
    }
  });

  it("ends when its sign-in ends", async () => {
    const { accessToken, refreshToken } = await signIn(t.app, "user@example.com");
    const stream = await openStream(accessToken);
    const out = await t.app.inject({ method: "POST", url: "/api/v2/auth/logout", payload: { refreshToken } });
    expect(out.statusCode).toBe(204);
    let next = await stream.next();
    while (next !== "ended") next = await stream.next();
    expect(next).toBe("ended");
  });
});
