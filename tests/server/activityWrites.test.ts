/**
 * Every kind of write records an activity entry (issue "Operations screens": tests, files, AI
 * runs, sign-ins, saved queries…; the resources' own writes are covered by resources.test.ts):
 * who, what, which record, and from which client. A refused write, or a repeat that changes
 * nothing, records nothing.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntry } from "../../src/api/activity";
import { activityLog } from "../../server/src/db/schema";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { bearer, createTestApp, freshIp, type TestApp } from "./helpers";
import { photoBytes } from "./photoBytes";
import { EMAILS, insertTest, multipart, tokens, U, type Who } from "./records";
import { listUrl } from "./resourceHelpers";

let t: TestApp;
let token: (who: Who) => Promise<string>;

/** What the console sends (spec §7: JSON in X-User-Agent), and the client the feed shows for it. */
const CONSOLE = { "x-user-agent": JSON.stringify({ browser: "Chrome 131", application: "Admin Portal" }) };
const CONSOLE_CLIENT = "Admin Portal · Chrome 131";

beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
  // Signed in before the tests, so their sign-ins are not among the entries a test looks at.
  for (const who of ["superAdmin", "admin", "manager", "user", "secondUser", "pastDueAdmin"] as const) await token(who);
});
afterAll(() => t.close());

async function send(who: Who | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...CONSOLE, ...(who === null ? {} : bearer(await token(who))) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The entries written after `since` (a Date taken before the write), oldest first. */
async function entriesSince(since: Date, recordId?: string) {
  return t.db
    .select()
    .from(activityLog)
    .where(and(gt(activityLog.createdAt, since), recordId ? eq(activityLog.recordId, recordId) : undefined))
    .orderBy(activityLog.createdAt);
}

/** The clock of the database, so "since" compares with the entries' own timestamps. */
async function now(): Promise<Date> {
  const [latest] = await t.db.select().from(activityLog).orderBy(desc(activityLog.createdAt)).limit(1);
  const stamp = new Date();
  return latest && latest.createdAt > stamp ? latest.createdAt : new Date(stamp.getTime() - 1);
}

describe("sessions", () => {
  it("a sign-in and a sign-out are entries of the user, from their client; a second sign-out is not", async () => {
    const since = await now();
    const login = await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/login",
      headers: CONSOLE,
      remoteAddress: freshIp(),
      payload: { email: EMAILS.manager, password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { refreshToken } = login.json<{ refreshToken: string }>();
    for (let i = 0; i < 2; i++) {
      const out = await t.app.inject({ method: "POST", url: "/api/v2/auth/logout", payload: { refreshToken } });
      expect(out.statusCode).toBe(204);
    }
    const entries = await entriesSince(since, U.manager);
    expect(entries.map(({ action, resource, actorId }) => ({ action, resource, actorId }))).toEqual([
      { action: "sign-in", resource: "users", actorId: U.manager },
      { action: "sign-out", resource: "users", actorId: U.manager },
    ]);
    expect(entries[0]!.client).toBe(CONSOLE_CLIENT);
  });

  it("a wrong password signs nobody in and records nothing", async () => {
    const since = await now();
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/login",
      remoteAddress: freshIp(),
      payload: { email: EMAILS.manager, password: "not the password" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await entriesSince(since)).toEqual([]);
  });

  it("a passed password re-check is an entry; a failed one is not", async () => {
    const since = await now();
    expect((await send("admin", "POST", "/api/users/password/check", { password: "wrong" })).statusCode).toBe(200);
    expect((await send("admin", "POST", "/api/users/password/check", { password: DEMO_PASSWORD })).statusCode).toBe(
      200,
    );
    const entries = await entriesSince(since, U.admin);
    expect(entries.map((entry) => entry.action)).toEqual(["password-check"]);
  });
});

describe("tests and their files", () => {
  it("an edit records the fields it changed, before and after; a refused edit records nothing", async () => {
    const { id } = await insertTest(t.db, t.storage, { name: "Before the edit" });
    const since = await now();
    const body = { name: "After the edit", sku: "", customer: "", vendorName: "", description: "", notes: "fixture" };
    expect((await send("user", "PUT", `/api/v2/tests/${id}`, { ...body, name: " x " })).statusCode).toBe(400);
    expect((await send("user", "PUT", `/api/v2/tests/${id}`, body)).statusCode).toBe(200);
    const [entry, ...more] = await entriesSince(since, id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: U.user,
      action: "update",
      resource: "tests",
      changes: { name: ["Before the edit", "After the edit"] },
      client: CONSOLE_CLIENT,
    });
  });

  it("an upload and a file's deletion name the file", async () => {
    const { id, fileIds } = await insertTest(t.db, t.storage, { photos: 1 });
    const since = await now();
    const { payload, headers } = multipart({ testId: id, gemtestTestFileType: "-1" }, [
      { name: "certificate.png", content: await photoBytes("png") },
    ]);
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/v2/tests/file",
      headers: { ...headers, ...CONSOLE, ...bearer(await token("manager")) },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect((await send("manager", "DELETE", `/api/tests/${id}/${fileIds[0]}`)).statusCode).toBe(204);
    const entries = await entriesSince(since, id);
    expect(entries.map(({ action, changes, actorId }) => ({ action, changes, actorId }))).toEqual([
      { action: "upload", changes: { file: "certificate.png", size: expect.any(Number) }, actorId: U.manager },
      { action: "delete-file", changes: { file: "photo-1.png" }, actorId: U.manager },
    ]);
  });

  it("sharing is an entry the first time only", async () => {
    const { id } = await insertTest(t.db, t.storage);
    const since = await now();
    for (let i = 0; i < 2; i++) expect((await send("user", "POST", `/api/tests/share/${id}`)).statusCode).toBe(200);
    expect((await entriesSince(since, id)).map((entry) => entry.action)).toEqual(["share"]);
  });

  it("an AI run is an entry when a job is queued, not when a trigger joins the running one", async () => {
    const { id } = await insertTest(t.db, t.storage, { photos: 2 });
    const since = await now();
    const first = await send("admin", "POST", `/api/ai/test/${id}/group/0/trigger`);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send("admin", "POST", `/api/ai/test/${id}/group/0/trigger`);
    expect(again.json()).toEqual(first.json());
    const entries = await entriesSince(since, id);
    expect(entries.map(({ action, actorId, changes }) => ({ action, actorId, changes }))).toEqual([
      {
        action: "ai-run",
        actorId: U.admin,
        changes: { jobId: first.json<{ jobId: string }>().jobId, group: 0, model: "RAMI" },
      },
    ]);
  });

  it("a deletion and a restore are entries; a refused deletion is not", async () => {
    const { id } = await insertTest(t.db, t.storage, { name: "Deleted and back", createdBy: U.admin });
    const since = await now();
    expect((await send("secondUser", "DELETE", `/api/tests/${id}`)).statusCode).toBe(401);
    expect((await send("admin", "DELETE", `/api/tests/${id}`)).statusCode).toBe(204);
    expect((await send("admin", "POST", "/api/deleted-tests/restore", { ids: [id] })).statusCode).toBe(200);
    const entries = await entriesSince(since, id);
    expect(entries.map(({ action, changes }) => ({ action, changes }))).toEqual([
      { action: "delete", changes: { name: "Deleted and back" } },
      { action: "restore", changes: { name: "Deleted and back" } },
    ]);
  });

  it("a purge is an entry per test purged", async () => {
    const { id } = await insertTest(t.db, t.storage, { deletedAt: new Date(Date.now() - 16 * 86_400_000) });
    const since = await now();
    expect((await send("superAdmin", "POST", "/api/deleted-tests/purge")).statusCode).toBe(200);
    expect((await entriesSince(since, id)).map(({ action, actorId }) => ({ action, actorId }))).toEqual([
      { action: "purge", actorId: U.superAdmin },
    ]);
  });
});

describe("per-user lists and downloads", () => {
  it("saving and deleting a query, changing bookmarks and starting a bulk download are entries of the user", async () => {
    const since = await now();
    const value = { filter: { status: "active" }, sort: { field: "name", order: "ASC" }, perPage: 10 };
    const saved = await send("superAdmin", "POST", "/api/saved-queries", {
      resource: "accounts",
      label: "Live",
      value,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(
      (await send("superAdmin", "DELETE", `/api/saved-queries/${saved.json<{ id: string }>().id}`)).statusCode,
    ).toBe(204);
    expect((await send("superAdmin", "DELETE", `/api/saved-queries/${randomUUID()}`)).statusCode).toBe(404);
    expect((await send("superAdmin", "PUT", "/api/bookmarks", { items: [] })).statusCode).toBe(200);
    const { id } = await insertTest(t.db, t.storage);
    const started = await send("superAdmin", "POST", "/api/bulk-downloads", { testIds: [id] });
    expect(started.statusCode, started.body).toBe(201);
    const entries = await entriesSince(since, U.superAdmin);
    expect(entries.map(({ action, changes }) => ({ action, changes }))).toEqual([
      { action: "save-query", changes: { list: "accounts", label: "Live" } },
      { action: "delete-query", changes: { list: "accounts", label: "Live" } },
      { action: "bookmarks", changes: { bookmarks: [0, 0] } },
      { action: "bulk-download", changes: { download: started.json<{ id: string }>().id, tests: 1 } },
    ]);
  });
});

describe("the feed", () => {
  it("shows the client, and a test's activity to every user of its account whoever made it", async () => {
    const { id } = await insertTest(t.db, t.storage, { name: "Seen by the account" });
    const body = { name: "Edited by support", sku: "", customer: "", vendorName: "", description: "", notes: "" };
    expect((await send("superAdmin", "PUT", `/api/v2/tests/${id}`, body)).statusCode).toBe(200);
    for (const who of ["admin", "manager", "user"] as const) {
      const [latest] = (await send(who, "GET", listUrl("activity", { filter: { resource: "tests" } }))).json<
        ActivityEntry[]
      >();
      expect(latest, who).toMatchObject({ actorId: U.superAdmin, recordId: id, client: CONSOLE_CLIENT });
    }
    // Another account's admin does not see it.
    const other = (await send("pastDueAdmin", "GET", listUrl("activity"))).json<ActivityEntry[]>();
    expect(other.map((entry) => entry.recordId)).not.toContain(id);
  });
});
