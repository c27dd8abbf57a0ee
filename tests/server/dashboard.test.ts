/**
 * Home dashboard (docs/api.md "Home dashboard"): the figures per role on the seeded data plus rows
 * of our own, each expected value counted here in JavaScript from the tables themselves (not with
 * the service's SQL): scope per role, the period's UTC days zero-filled and its edges, the month's
 * payments and their edges, the latest completed analysis per test run.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STONE_TYPES, type AiPolygon, type StoneType } from "../../src/api/ai";
import type { Dashboard } from "../../src/api/dashboard";
import { DEVICE_STATUSES, SUBSCRIPTION_STATES, USER_STATUSES } from "../../src/api/resources";
import { accounts, aiJobs, devices, payments, tests, users } from "../../server/src/db/schema";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { CONTRACT } from "../fixtures/contract";
import { createTestApp, expectAnswer, type TestApp } from "./helpers";
import { A, B, get, insertTest, tokens, U, type Who } from "./records";

let t: TestApp;
let token: (who: Who) => Promise<string>;
const DAY = 86_400_000;

/** Today's UTC midnight, and the period's first day 29 days before it (30 days, today included). */
const todayStart = () => Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

const polygon = (type: StoneType, index: number): AiPolygon => ({
  Polygon: [
    [10, 10],
    [20, 10],
    [20, 20],
  ],
  Type: type,
  Confidence: 0.9,
  Index: index,
});
const stones = (...types: StoneType[]) => types.map(polygon);

const ids = { ownLatest: "", ownDeleted: "", lapisToday: "", brilliantToday: "" };

beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
  const start = todayStart();
  const add = (options: Parameters<typeof insertTest>[2]) => insertTest(t.db, t.storage, { photos: 0, ...options });
  // Brilliant Gems (the admin's account): today; the period's first minute; a minute before it; a deleted one today.
  ids.brilliantToday = (await add({ date: new Date(), photos: 1, name: "Dashboard today" })).id;
  await add({ date: new Date(start - 29 * DAY + 30_000) });
  await add({ date: new Date(start - 29 * DAY - 60_000) });
  ids.ownDeleted = (await add({ date: new Date(), deletedAt: new Date(), name: "Dashboard deleted" })).id;
  // The user's newest test, a second into the future of every seeded one.
  ids.ownLatest = (await add({ date: new Date(Date.now() + 1000), photos: 1, name: "Dashboard latest" })).id;
  // Lapis Traders: a test today the admin must never count.
  ids.lapisToday = (
    await add({
      date: new Date(),
      accountId: A.lapisTraders,
      businessId: B.lapisMain,
      createdBy: U.pastDueAdmin,
      deviceId: SEED_DEVICE_IDS.lapisWatson,
    })
  ).id;

  // AI: on today's Brilliant test, an older and a newer completed analysis of run 0 (only the
  // newer one's stones count), a failed one of run 1; on the Lapis test, one completed analysis.
  const job = (
    testId: string,
    group: number,
    status: "completed" | "failed",
    minutesAgo: number,
    result?: AiPolygon[],
  ) =>
    t.db.insert(aiJobs).values({
      id: randomUUID(),
      testId,
      group,
      model: "RAMI",
      modelVersion: "1",
      status,
      result: result ?? null,
      error: status === "failed" ? "The test run has no Result photo to find the stones in." : null,
      triggeredAt: new Date(Date.now() - minutesAgo * 60_000),
      finishedAt: new Date(),
    });
  await job(ids.brilliantToday, 0, "completed", 30, stones("N", "N", "N"));
  await job(ids.brilliantToday, 0, "completed", 5, stones("CVD", "N"));
  await job(ids.brilliantToday, 1, "failed", 4);
  await job(ids.lapisToday, 0, "completed", 3, stones("HPHT", "HPHT", "CZ"));

  // Payments: this month's first moment (counted) and the last millisecond before it (not).
  const monthStart = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1);
  const payment = (accountId: string, date: number, currency: string, status: "succeeded" | "failed", refunded = 0) =>
    t.db.insert(payments).values({
      id: randomUUID(),
      accountId,
      amount: 5000,
      currency,
      status,
      method: "card",
      invoiceNumber: `INV-DASH-${randomUUID().slice(0, 8)}`,
      date: new Date(date),
      refundedAmount: refunded,
    });
  await payment(A.brilliantGems, monthStart, "GBP", "succeeded", 1200);
  await payment(A.brilliantGems, monthStart - 1, "GBP", "succeeded");
  await payment(A.lapisTraders, monthStart + 60_000, "JPY", "failed");
});
afterAll(() => t.close());

const dashboard = async (who: Who) => {
  const response = await get(t.app, "/api/dashboard", await token(who));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Dashboard>();
};

/** Everything the expectations are counted from, read with plain selects. */
async function tables() {
  return {
    accounts: await t.db.select().from(accounts),
    tests: await t.db.select().from(tests),
    jobs: await t.db.select().from(aiJobs),
    payments: await t.db.select().from(payments),
    devices: await t.db.select().from(devices),
    users: await t.db.select().from(users),
  };
}
type Tables = Awaited<ReturnType<typeof tables>>;

const countBy = <T extends string>(values: readonly T[], items: { status: string }[]) => ({
  total: items.length,
  byStatus: values.map((status) => ({ status, count: items.filter((item) => item.status === status).length })),
});

/** The expected figures of a scope (an account id, or null for every account), counted in JavaScript. */
function expected(db: Tables, account: string | null, period: Dashboard["period"]) {
  const first = Date.parse(`${period.from}T00:00:00Z`);
  const inScope = (accountId: string) => account === null || accountId === account;
  const periodTests = db.tests.filter(
    (test) =>
      test.deletedAt === null &&
      inScope(test.accountId) &&
      test.date.getTime() >= first &&
      isoDay(test.date.getTime()) <= period.to,
  );
  const days = Array.from({ length: 30 }, (_, i) => {
    const day = isoDay(first + i * DAY);
    return { day, tests: periodTests.filter((test) => isoDay(test.date.getTime()) === day).length };
  });

  const periodIds = new Set(periodTests.map((test) => test.id));
  const jobs = db.jobs.filter((job) => periodIds.has(job.testId));
  const completed = jobs.filter((job) => job.status === "completed");
  const latestPerRun = new Map<string, (typeof completed)[number]>();
  for (const job of completed) {
    const run = `${job.testId}/${job.group}`;
    const seen = latestPerRun.get(run);
    if (!seen || job.triggeredAt > seen.triggeredAt) latestPerRun.set(run, job);
  }
  const found = [...latestPerRun.values()].flatMap((job) => job.result ?? []);

  const now = new Date();
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const month = db.payments.filter(
    (p) => inScope(p.accountId) && p.date.getTime() >= monthStart && p.date.getTime() < nextMonth,
  );
  const currencies = [...new Set(month.map((p) => p.currency))]
    .map((currency) => {
      const of = month.filter((p) => p.currency === currency);
      const collected = of
        .filter((p) => p.status === "succeeded" || p.status === "refunded")
        .reduce((sum, p) => sum + p.amount - p.refundedAmount, 0);
      return { currency, count: of.length, collected };
    })
    .sort((a, b) => b.count - a.count || (a.currency < b.currency ? -1 : 1));

  return {
    tests: { total: periodTests.length, days },
    ai: {
      analyses: completed.length,
      failed: jobs.filter((job) => job.status === "failed").length,
      testRuns: latestPerRun.size,
      stones: STONE_TYPES.map((type) => ({ type, count: found.filter((stone) => stone.Type === type).length })),
    },
    payments: { count: month.length, failed: month.filter((p) => p.status === "failed").length, currencies },
    devices: countBy(
      DEVICE_STATUSES,
      db.devices.filter((device) => device.accountId === account),
    ),
    users: countBy(
      USER_STATUSES,
      db.users.filter((user) => user.accountId === account && user.deletedAt === null),
    ),
  };
}

describe("GET /api/dashboard", () => {
  it("refuses a caller without a token", async () => {
    expect((await get(t.app, "/api/dashboard")).statusCode).toBe(401);
  });

  it("answers a super admin every account's figures, in the contract's shape", async () => {
    const body = expectAnswer<Dashboard>(
      await get(t.app, "/api/dashboard", await token("superAdmin")),
      CONTRACT.dashboard.superAdmin,
    );
    const db = await tables();
    const want = expected(db, null, body.period);
    expect(body.scope).toBe("all");
    expect(body.accounts).toEqual(
      countBy(
        SUBSCRIPTION_STATES,
        db.accounts.map((a) => ({ status: a.subscriptionStatus })),
      ),
    );
    expect(body.tests).toEqual(want.tests);
    expect(body.ai).toEqual(want.ai);
    expect(body.payments).toEqual(want.payments);
    expect([body.devices, body.users, body.latestTests]).toEqual([null, null, null]);
    // Our rows are in it: the Lapis analysis's stones, and the Lapis JPY payment.
    expect(body.ai!.stones.find((row) => row.type === "HPHT")!.count).toBeGreaterThanOrEqual(2);
    expect(body.payments!.currencies.map((row) => row.currency)).toContain("JPY");
  });

  it("answers an admin their account's figures only", async () => {
    const body = expectAnswer<Dashboard>(
      await get(t.app, "/api/dashboard", await token("admin")),
      CONTRACT.dashboard.admin,
    );
    const db = await tables();
    const want = expected(db, A.brilliantGems, body.period);
    expect(body.scope).toBe("account");
    expect(body.accounts).toBeNull();
    expect(body.latestTests).toBeNull();
    expect(body.tests).toEqual(want.tests);
    expect(body.ai).toEqual(want.ai);
    expect(body.payments).toEqual(want.payments);
    expect(body.devices).toEqual(want.devices);
    expect(body.users).toEqual(want.users);
    // Our analyses add to the seeded ones (the same figures without today's Brilliant test):
    // the newer analysis of run 0 replaced the older, so 1 CVD and 1 N, not 4 N. No Lapis stone.
    const seeded = expected(
      { ...db, jobs: db.jobs.filter((job) => job.testId !== ids.brilliantToday) },
      A.brilliantGems,
      body.period,
    ).ai;
    expect(body.ai!.stones).toEqual(
      seeded.stones.map(({ type, count }) => ({ type, count: count + (type === "CVD" || type === "N" ? 1 : 0) })),
    );
    expect(body.ai).toMatchObject({
      analyses: seeded.analyses + 2,
      failed: seeded.failed + 1,
      testRuns: seeded.testRuns + 1,
    });
    // Lapis's test, payment and currency are not the admin's.
    const superAdmin = await dashboard("superAdmin");
    const today = (answer: Dashboard) => answer.tests!.days.at(-1)!.tests;
    expect(today(superAdmin) - today(body)).toBe(
      db.tests.filter(
        (test) =>
          test.deletedAt === null &&
          test.accountId !== A.brilliantGems &&
          isoDay(test.date.getTime()) === body.period.to,
      ).length,
    );
    expect(body.payments!.currencies.map((row) => row.currency)).not.toContain("JPY");
    expect(body.payments!.currencies.find((row) => row.currency === "GBP")).toBeDefined();
  });

  it("answers a manager their account's figures without payments", async () => {
    const body = expectAnswer<Dashboard>(
      await get(t.app, "/api/dashboard", await token("manager")),
      CONTRACT.dashboard.manager,
    );
    const admin = await dashboard("admin");
    expect(body.scope).toBe("account");
    expect(body.payments).toBeNull();
    expect(body.accounts).toBeNull();
    expect(body.latestTests).toBeNull();
    expect({ tests: body.tests, ai: body.ai, devices: body.devices, users: body.users }).toEqual({
      tests: admin.tests,
      ai: admin.ai,
      devices: admin.devices,
      users: admin.users,
    });
  });

  it("never shows an admin another account's figures", async () => {
    // The admin of Lapis Traders sees Lapis's analysis and payment, and none of Brilliant Gems'.
    const lapis = await dashboard("pastDueAdmin");
    const db = await tables();
    const want = expected(db, A.lapisTraders, lapis.period);
    expect(lapis.tests).toEqual(want.tests);
    expect(lapis.ai).toEqual(want.ai);
    expect(lapis.payments).toEqual(want.payments);
    expect(lapis.devices).toEqual(want.devices);
    expect(lapis.users).toEqual(want.users);
    expect(lapis.ai!.stones.find((row) => row.type === "CVD")!.count).toBe(0);
    expect(lapis.payments!.currencies.map((row) => row.currency)).not.toContain("GBP");
  });

  it("fills every day of the last 30 UTC days, zeros included, edges exact", async () => {
    const body = await dashboard("pastDueAdmin");
    const start = todayStart();
    expect(body.period).toEqual({ from: isoDay(start - 29 * DAY), to: isoDay(start) });
    expect(body.tests!.days.map((row) => row.day)).toEqual(
      Array.from({ length: 30 }, (_, i) => isoDay(start - (29 - i) * DAY)),
    );
    // Lapis has few tests: most of its days are zeros, listed all the same.
    expect(body.tests!.days.filter((row) => row.tests === 0).length).toBeGreaterThan(0);
    expect(body.tests!.total).toBe(body.tests!.days.reduce((sum, row) => sum + row.tests, 0));

    // Brilliant's test in the period's first minute counts on its first day; the one a minute
    // before does not count at all (checked against the tables above for the admin).
    const admin = await dashboard("admin");
    const db = await tables();
    const firstDay = db.tests.filter(
      (test) =>
        test.accountId === A.brilliantGems &&
        test.deletedAt === null &&
        isoDay(test.date.getTime()) === admin.period.from,
    ).length;
    expect(admin.tests!.days[0]).toEqual({ day: admin.period.from, tests: firstDay });
    expect(firstDay).toBeGreaterThanOrEqual(1);
    expect(body.month).toEqual({
      from: new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).toISOString(),
      to: new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1) - 1).toISOString(),
    });
  });

  it("answers a user their own latest tests, deleted ones left out, and nothing else", async () => {
    const body = expectAnswer<Dashboard>(
      await get(t.app, "/api/dashboard", await token("user")),
      CONTRACT.dashboard.user,
    );
    expect(body.scope).toBe("own");
    expect([body.accounts, body.tests, body.ai, body.payments, body.devices, body.users]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    const db = await tables();
    const mine = db.tests
      .filter((test) => test.createdBy === U.user && test.accountId === A.brilliantGems && test.deletedAt === null)
      .sort((a, b) => b.date.getTime() - a.date.getTime() || (a.id < b.id ? 1 : -1))
      .slice(0, 6);
    expect(body.latestTests!.map((test) => test.id)).toEqual(mine.map((test) => test.id));
    expect(body.latestTests![0]).toMatchObject({ id: ids.ownLatest, name: "Dashboard latest" });
    expect(body.latestTests![0]!.thumbnail).toMatch(/^\/api\/files\//);
    // Its card loads a thumbnail, as the gallery's do: two widths, each a signed link of the photo
    // (tests/server/thumbnails.test.ts serves them; this seeded photo is not a real one).
    const thumbnails = body.latestTests![0]!.thumbnails!;
    expect(thumbnails.map((thumbnail) => thumbnail.width)).toEqual([320, 640]);
    for (const { width, link } of thumbnails) {
      expect(link).toMatch(new RegExp(`^/api/files/[^/]+/thumbnails/${width}\\?`));
    }
    expect(body.latestTests!.map((test) => test.id)).not.toContain(ids.ownDeleted);
    // Another user of the account sees their own, not the first user's.
    const other = await dashboard("secondUser");
    expect(other.latestTests!.map((test) => test.id)).not.toContain(ids.ownLatest);
    const theirs = db.tests.filter((test) => test.createdBy === U.secondUser && test.deletedAt === null);
    expect(other.latestTests!.length).toBe(Math.min(6, theirs.length));
  });
});
