/**
 * When the lifecycle runs (server/src/lifecycle/scheduler.ts): once at start-up — a service that
 * was down past a period end catches up at once, not at the next tick — and then every 5 minutes
 * by default (LIFECYCLE_SCHEDULE). The other suites switch the schedule off and drive runs
 * themselves, so these two rules are held here.
 */
import { Cron } from "croner";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { systemClock } from "../../server/src/clock";
import { loadConfig } from "../../server/src/config";
import { subscriptions } from "../../server/src/db/schema";
import { lifecycleScheduler } from "../../server/src/lifecycle/scheduler";
import { createTestApp, type TestApp } from "./helpers";
import { A } from "./records";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it("runs every 5 minutes by default, and not at all when switched off", () => {
  const schedule = loadConfig({}).lifecycleSchedule!;
  const [first, second, third] = new Cron(schedule).nextRuns(3);
  expect(second!.getTime() - first!.getTime()).toBe(5 * 60_000);
  expect(third!.getTime() - second!.getTime()).toBe(5 * 60_000);
  expect(loadConfig({ LIFECYCLE_SCHEDULE: "off" }).lifecycleSchedule).toBeNull();
});

it("runs once as it starts, before the schedule's first tick", async () => {
  const [subscription] = await t.db
    .update(subscriptions)
    .set({ currentPeriodEnd: new Date(Date.now() - 60 * 60_000), cancelAtPeriodEnd: false })
    .where(eq(subscriptions.accountId, A.brilliantGems))
    .returning();
  expect(subscription).toBeDefined();
  await t.db.update(subscriptions).set({ status: "active" }).where(eq(subscriptions.id, subscription!.id));
  const log = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
  // A schedule whose first tick is months away: only the start-up run can move the subscription.
  const scheduler = lifecycleScheduler({ db: t.db, storage: t.storage, clock: systemClock, log }, "0 0 1 1 *");
  scheduler.start();
  try {
    await expect
      .poll(
        async () => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription!.id)))[0]?.status,
        {
          timeout: 15_000,
        },
      )
      .toBe("past_due");
  } finally {
    await scheduler.stop();
  }
});
