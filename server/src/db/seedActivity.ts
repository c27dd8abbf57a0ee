/**
 * The demo's weeks of history (issue 25 item 4): what the seeded people did over the five weeks
 * before the seeding moment, as the service itself records it — sign-ins, test edits, AI runs (the
 * analyzer's jobs, with results it computed from the runs' own photos), a test deleted and restored,
 * role changes and refunds, each with the records it changed left in the state it left them.
 *
 * Every entry has the columns, `changes` and client the service's own write of that action gives
 * it (auth/routes.ts, testRecords/routes.ts and recover.ts, ai/jobs.ts, users/actions.ts,
 * payments/billing.ts and users/passwordCheck.ts); its accounts (actor_account_id,
 * test_account_id) are filled by the activity_log_accounts trigger, as for any entry, so the feed
 * scopes them like the rest. Deterministic: fixed ids, a seeded PRNG, times relative to `now`.
 */
import { and, eq, gte, isNull, inArray } from "drizzle-orm";
import type { AiModel, AiPolygon } from "../../../src/api/ai";
import { FILE_KIND } from "../../../src/api/tests";
import { analyzeTray } from "../ai/analyzer";
import { configOf, currentVersion } from "../ai/models";
import { LIGHT_KIND } from "../ai/lights";
import { loadTrayPhotos } from "../ai/photos";
import { UNEXPECTED_FAILURE } from "../ai/worker";
import type { FileStorage } from "../files/storage";
import { clientName } from "../http/userAgent";
import { changesBetween } from "../resources/writes";
import { editedTestFields } from "../testRecords/editedFields";
import type { Database } from "./client";
import { activityLog, aiJobs, devices, payments, testFiles, tests, users } from "./schema";
import { prng } from "./seedPhotos";
import { FULL_SIZE_PHOTO_TESTS, seedTestId, type SeedIds } from "./seedTests";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How far back the history goes. */
export const HISTORY_DAYS = 35;
/** AI jobs are seeded for the tests of the last this many days (inside Home's 30-day period). */
const AI_DAYS = 28;

const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** The client the feed shows for the console in a browser: what clientName makes of its header. */
const consoleIn = (browser: string) =>
  clientName({ "x-user-agent": JSON.stringify({ browser, application: "Admin Portal" }) });

type Entry = Omit<typeof activityLog.$inferInsert, "id" | "actorAccountId" | "testAccountId">;

/** Seeds the history. Call after the tests and the demo payments are in. */
export async function seedActivityHistory(tx: Tx, storage: FileStorage, ids: SeedIds, now: Date): Promise<void> {
  const U = ids.users;
  const A = ids.accounts;
  const random = prng(0xac7);
  const at = (time: number) => new Date(time);
  const latest = now.getTime() - 5 * MINUTE;
  const browsers: Record<string, string> = {
    [U.superAdmin]: "Chrome 142",
    [U.admin]: "Edge 142",
    [U.manager]: "Safari 18",
    [U.user]: "Chrome 141",
    [U.secondUser]: "Firefox 144",
    [U.pastDueAdmin]: "Chrome 142",
    [U.inactiveAdmin]: "Safari 17",
  };
  const entries: Entry[] = [];
  const log = (actorId: string, time: number, entry: Omit<Entry, "actorId" | "client" | "createdAt">) =>
    entries.push({ ...entry, actorId, client: consoleIn(browsers[actorId]!), createdAt: at(time) });

  // The demo accounts' recent tests, newest first: what people edited, analysed, deleted and restored.
  const recent = await tx
    .select({
      id: tests.id,
      date: tests.date,
      accountId: tests.accountId,
      createdBy: tests.createdBy,
      name: tests.name,
      sku: tests.sku,
      customer: tests.customer,
      vendorName: tests.vendorName,
      description: tests.description,
      notes: tests.notes,
      typeCode: devices.typeCode,
    })
    .from(tests)
    .innerJoin(devices, eq(devices.id, tests.deviceId))
    .where(
      and(
        gte(tests.date, at(now.getTime() - HISTORY_DAYS * DAY)),
        isNull(tests.deletedAt),
        inArray(tests.accountId, [A.gemtestHq, A.brilliantGems]),
      ),
    )
    .orderBy(tests.date);
  // The full-size device photos take seconds to decode: the analyzer's bench covers them.
  const fullSize = new Set(FULL_SIZE_PHOTO_TESTS.map(seedTestId));
  const ordinary = recent.filter((test) => !fullSize.has(test.id) && test.createdBy !== null);

  // Edits (PUT v2/tests/{id}): a field filled in later by the test's maker. Only tests whose notes
  // are stored as a list, so the edit box sends them back unchanged (notesFromText) and, as in
  // the service's entry, only the field that changed is in `changes`.
  const EDITED = ["customer", "sku", "vendorName", "description"] as const;
  let edits = 0;
  for (const test of ordinary) {
    if (!Array.isArray(test.notes) || edits >= 10) continue;
    const field = [...EDITED.slice(edits % EDITED.length), ...EDITED].find((name) => test[name] !== "");
    const time = test.date.getTime() + (2 + Math.floor(random() * 20)) * HOUR;
    if (!field || time > latest) continue;
    const before = { ...editedTestFields(test), [field]: "" };
    log(test.createdBy!, time, {
      action: "update",
      resource: "tests",
      recordId: test.id,
      changes: changesBetween(before, editedTestFields(test)),
    });
    edits++;
  }

  // AI runs (POST ai/test/{id}/group/0/trigger from the overlay's switch): the job the analyzer
  // finished, and its "ai-run" entry written when it was queued. A few failed and were run again.
  const jobs: (typeof aiJobs.$inferInsert)[] = [];
  const results = new Map<string, AiPolygon[]>();
  let jobNumber = 0;
  const analysed = ordinary.filter((test) => test.date.getTime() >= now.getTime() - AI_DAYS * DAY);
  const perAccount = new Map<string, number>();
  for (const [k, test] of analysed.entries()) {
    // The third analysed test of each account, and every sixth after it, failed first.
    const nth = perAccount.get(test.accountId) ?? 0;
    perAccount.set(test.accountId, nth + 1);
    const runs: { model: AiModel; failed: boolean; after: number }[] = [
      { model: "RAMI", failed: nth % 6 === 2, after: 0 },
    ];
    if (runs[0]!.failed) runs.push({ model: "RAMI", failed: false, after: 25 * MINUTE });
    if (k % 4 === 1) runs.push({ model: "NAOMI", failed: false, after: 50 * MINUTE });
    for (const run of runs) {
      const triggeredAt = test.date.getTime() + (5 + Math.floor(random() * 40)) * MINUTE + run.after;
      if (triggeredAt > latest) continue;
      const jobId = id("b1000000", ++jobNumber);
      const who = k % 5 === 3 ? (test.accountId === A.brilliantGems ? U.admin : U.superAdmin) : test.createdBy!;
      const finishedAt = triggeredAt + 3_000 + Math.floor(random() * 2_000);
      const job: typeof aiJobs.$inferInsert = {
        id: jobId,
        testId: test.id,
        group: 0,
        model: run.model,
        modelVersion: currentVersion(run.model),
        deviceType: test.typeCode,
        triggeredBy: who,
        triggeredAt: at(triggeredAt),
        attempts: 1,
        heartbeatAt: at(triggeredAt + 40),
        finishedAt: at(finishedAt),
      };
      if (run.failed) {
        jobs.push({ ...job, status: "failed", error: UNEXPECTED_FAILURE, result: null });
      } else {
        jobs.push({
          ...job,
          status: "completed",
          error: null,
          result: await analyse(tx, storage, results, test.id, run.model),
        });
      }
      log(who, triggeredAt, {
        action: "ai-run",
        resource: "tests",
        recordId: test.id,
        changes: { jobId, group: 0, model: run.model },
      });
    }
  }
  if (jobs.length > 0) await tx.insert(aiJobs).values(jobs);

  // A test deleted by mistake and restored (DELETE tests/{id}, then POST deleted-tests/restore):
  // by its maker the same afternoon, and by the account's admin the next day.
  const restored = ordinary.filter((test) => test.accountId === A.brilliantGems).slice(2, 4);
  for (const [k, test] of restored.entries()) {
    const deletedAt = test.date.getTime() + (3 + k) * HOUR;
    const restoredAt = deletedAt + (k === 0 ? 2 * HOUR : DAY);
    if (restoredAt > latest) continue;
    const changes = { name: test.name };
    log(test.createdBy!, deletedAt, { action: "delete", resource: "tests", recordId: test.id, changes });
    log(k === 0 ? test.createdBy! : U.admin, restoredAt, {
      action: "restore",
      resource: "tests",
      recordId: test.id,
      changes,
    });
  }

  // Role changes (POST users/{id}/role), each leaving the user at their seeded role: Marcus made
  // a manager, Daniel covering as a manager for two weeks.
  const roles: [string, number, string, string, string][] = [
    [U.manager, 31, U.admin, "User", "Manager"],
    [U.secondUser, 24, U.admin, "User", "Manager"],
    [U.secondUser, 10, U.admin, "Manager", "User"],
  ];
  const versions = new Map<string, number>();
  for (const [userId, daysAgo, actorId, before, after] of roles) {
    log(actorId, workday(now, daysAgo, 11), {
      action: "role",
      resource: "users",
      recordId: userId,
      changes: { role: [before, after] },
    });
    versions.set(userId, (versions.get(userId) ?? 1) + 1);
  }
  for (const [userId, version] of versions) await tx.update(users).set({ version }).where(eq(users.id, userId));

  // Refunds (POST payments/{id}/refund, after the password re-check it requires): a duplicate
  // charge refunded in full, and part of a payment.
  const refunds: [string, number, number | null][] = [
    [id("80000000", 201), 16, null],
    [id("80000000", 102), 6, 4900],
  ];
  for (const [paymentId, daysAgo, amount] of refunds) {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) continue;
    const refundedAmount = amount ?? payment.amount;
    const after = { refundedAmount, status: refundedAmount === payment.amount ? "refunded" : payment.status };
    const time = workday(now, daysAgo, 15);
    log(U.superAdmin, time - 2 * MINUTE, {
      action: "password-check",
      resource: "users",
      recordId: U.superAdmin,
      changes: {},
    });
    log(U.superAdmin, time, {
      action: "refund",
      resource: "payments",
      recordId: paymentId,
      changes: changesBetween({ refundedAmount: 0, status: payment.status }, after),
    });
    await tx
      .update(payments)
      .set({ ...after, status: after.status as typeof payment.status, version: payment.version + 1 })
      .where(eq(payments.id, paymentId));
  }

  // Sign-ins (POST v2/auth/login): most working mornings, more often for those who work in the
  // console daily, and before anything they did that day.
  const regular: [string, number][] = [
    [U.superAdmin, 1],
    [U.admin, 1],
    [U.manager, 2],
    [U.user, 2],
    [U.secondUser, 3],
    [U.pastDueAdmin, 5],
    [U.inactiveAdmin, 12],
  ];
  const signIns: Entry[] = [];
  const signIn = (userId: string, time: number) =>
    signIns.push({
      actorId: userId,
      client: consoleIn(browsers[userId]!),
      action: "sign-in",
      resource: "users",
      recordId: userId,
      changes: {},
      createdAt: at(time),
    });
  for (const [userId, every] of regular) {
    for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
      if (daysAgo % every !== 0) continue;
      signIn(userId, workday(now, daysAgo, 8) + Math.floor(random() * 50) * MINUTE);
    }
  }
  for (const entry of [...entries].sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime())) {
    const time = entry.createdAt!.getTime();
    const signedIn = signIns.some(
      (s) => s.actorId === entry.actorId && s.createdAt!.getTime() < time && s.createdAt!.getTime() > time - 10 * HOUR,
    );
    if (!signedIn) signIn(entry.actorId!, time - (10 + Math.floor(random() * 30)) * MINUTE);
  }
  // Each user's last sign-in is the one their record shows.
  for (const userId of Object.values(U)) {
    const last = Math.max(...signIns.filter((s) => s.actorId === userId).map((s) => s.createdAt!.getTime()));
    if (Number.isFinite(last))
      await tx
        .update(users)
        .set({ lastSignInAt: at(last) })
        .where(eq(users.id, userId));
  }

  const all = [...entries, ...signIns].sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  await tx.insert(activityLog).values(all.map((entry, n) => ({ id: id("b0000000", n + 1), ...entry })));
}

/** `daysAgo` days before `now`, at `hour` o'clock UTC. */
const workday = (now: Date, daysAgo: number, hour: number) => {
  const day = new Date(now.getTime() - daysAgo * DAY);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour);
};

/**
 * What the analyzer finds in a test run (ai/worker.ts: the run's photos, the model's current
 * version). Seeded runs share a pool of photos, so each set of photos is analysed once per model.
 */
async function analyse(
  tx: Tx,
  storage: FileStorage,
  cache: Map<string, AiPolygon[]>,
  testId: string,
  model: AiModel,
): Promise<AiPolygon[]> {
  // The photos loadTrayPhotos reads: the Result photo and the classifying lights.
  const read = [FILE_KIND.Result, ...Object.values(LIGHT_KIND)];
  const keys = await tx
    .select({ key: testFiles.storageKey })
    .from(testFiles)
    .where(
      and(
        eq(testFiles.testId, testId),
        eq(testFiles.group, 0),
        eq(testFiles.type, "image"),
        inArray(testFiles.kind, read),
      ),
    );
  const key = `${model}:${keys
    .map((row) => row.key)
    .sort()
    .join(",")}`;
  const known = cache.get(key);
  if (known) return known;
  const result = analyzeTray(await loadTrayPhotos(tx, storage, testId, 0), configOf(model));
  cache.set(key, result);
  return result;
}
