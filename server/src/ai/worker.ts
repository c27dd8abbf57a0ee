/**
 * Runs AI jobs in the background, inside the service process (the bulk-download worker's model).
 *
 * Jobs live in the ai_jobs table, so the queue survives restarts and is shared by every instance
 * on one database. A worker claims a job with one UPDATE … FOR UPDATE SKIP LOCKED (pending →
 * in-progress, attempts + 1) and touches heartbeat_at while it works. A job whose heartbeat is
 * older than `staleAfterMs` was in the hands of a worker that died: any worker takes it up again,
 * at start-up or on a later sweep, up to `maxAttempts` times; then it fails with a reason. A worker
 * that is shut down puts its jobs back to pending for the next start. Nothing is ever dropped.
 *
 * The analysis itself takes tens of milliseconds of CPU on the event loop; a job also waits
 * `jobDelayMs` first (AI_JOB_DELAY_MS), standing in for a real model's seconds.
 */
import type { FastifyBaseLogger } from "fastify";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { aiJobs } from "../db/schema";
import type { FileStorage } from "../files/storage";
import { findLiveTest } from "../testRecords/queries";
import { analyzeTray } from "./analyzer";
import { canClassify } from "./classify";
import { UnreadablePhotoError } from "./image";
import type { AiJobRow } from "./jobs";
import type { ClassifyingLight } from "./lights";
import { configOf, currentVersion } from "./models";
import { loadTrayPhotos } from "./photos";

export interface AiWorkerOptions {
  jobDelayMs: number;
  staleAfterMs?: number;
  heartbeatMs?: number;
  sweepEveryMs?: number;
  maxAttempts?: number;
  /** Jobs in hand at once: their delays overlap, so one slow run does not hold up the queue. */
  concurrency?: number;
}

export interface AiWorker {
  /** Claims and runs jobs until none is left; call after adding one. */
  wake(): void;
  /** Picks up jobs left over (pending, or stale in-progress) and sweeps for them periodically. */
  start(): void;
  /** Stops sweeping, puts the jobs in hand back to pending and waits for the lanes to finish. */
  stop(): Promise<void>;
  /** Resolves when the worker has nothing in hand (tests wait on it). */
  idle(): Promise<void>;
}

/** A job that cannot be analysed, for a reason worth telling its owner. */
class JobFailed extends Error {}
class Interrupted extends Error {}

export const interruptedTooOften = (maxAttempts: number) =>
  `The analysis was interrupted ${maxAttempts} times. Please try again.`;
export const UNEXPECTED_FAILURE = "The analysis failed unexpectedly. Please try again.";

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Interrupted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Interrupted());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export function aiWorker(
  db: Database,
  storage: FileStorage,
  log: FastifyBaseLogger,
  {
    jobDelayMs,
    staleAfterMs = 30_000,
    heartbeatMs = 5_000,
    sweepEveryMs = 10_000,
    maxAttempts = 3,
    concurrency = 4,
  }: AiWorkerOptions,
): AiWorker {
  let stopped = false;
  let again = false;
  let sweep: NodeJS.Timeout | undefined;
  const lanes = new Set<Promise<void>>();
  const shutdown = new AbortController();

  async function claim(): Promise<AiJobRow | undefined> {
    const staleBefore = new Date(Date.now() - staleAfterMs);
    const candidate = db
      .select({ id: aiJobs.id })
      .from(aiJobs)
      .where(
        or(
          eq(aiJobs.status, "pending"),
          and(eq(aiJobs.status, "in-progress"), or(isNull(aiJobs.heartbeatAt), lt(aiJobs.heartbeatAt, staleBefore))),
        ),
      )
      .orderBy(asc(aiJobs.triggeredAt))
      .limit(1)
      .for("update", { skipLocked: true });
    const [job] = await db
      .update(aiJobs)
      .set({ status: "in-progress", attempts: sql`${aiJobs.attempts} + 1`, heartbeatAt: new Date() })
      .where(inArray(aiJobs.id, candidate))
      .returning();
    return job;
  }

  /** Updates the job only while this worker still holds it (same attempt, still in progress). */
  const updateHeld = (job: AiJobRow, values: Partial<typeof aiJobs.$inferInsert>) =>
    db
      .update(aiJobs)
      .set(values)
      .where(and(eq(aiJobs.id, job.id), eq(aiJobs.attempts, job.attempts), eq(aiJobs.status, "in-progress")));

  const fail = (job: AiJobRow, error: string) =>
    updateHeld(job, { status: "failed", error, result: null, finishedAt: new Date() });

  async function run(job: AiJobRow): Promise<void> {
    if (job.attempts > maxAttempts) {
      await fail(job, interruptedTooOften(maxAttempts));
      return;
    }
    const heartbeat = setInterval(() => {
      void updateHeld(job, { heartbeatAt: new Date() }).catch(() => undefined);
    }, heartbeatMs);
    try {
      await sleep(jobDelayMs, shutdown.signal);
      if (!(await findLiveTest(db, job.testId))) throw new JobFailed("The test was deleted.");
      const photos = await loadTrayPhotos(db, storage, job.testId, job.group);
      // The version that runs is the current one, whatever was current at the trigger.
      const version = currentVersion(job.model);
      const config = configOf(job.model, version);
      if (!canClassify(Object.keys(photos.lights) as ClassifyingLight[], config.weights)) {
        throw new JobFailed(`The test run has none of the photos ${job.model} tells stones apart with.`);
      }
      const result = analyzeTray(photos, config);
      await updateHeld(job, {
        status: "completed",
        result,
        modelVersion: version,
        error: null,
        finishedAt: new Date(),
      });
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function lane(): Promise<void> {
    do {
      again = false;
      while (!stopped) {
        const job = await claim();
        if (!job) break;
        try {
          await run(job);
        } catch (error) {
          if (error instanceof Interrupted || stopped) {
            await updateHeld(job, { status: "pending", heartbeatAt: null }).catch(() => undefined);
            return;
          }
          if (error instanceof JobFailed || error instanceof UnreadablePhotoError) {
            await fail(job, error.message).catch(() => undefined);
            continue;
          }
          log.error({ err: error, aiJobId: job.id }, "AI job failed");
          await fail(job, UNEXPECTED_FAILURE).catch(() => undefined);
        }
      }
    } while (again && !stopped);
  }

  function wake(): void {
    if (stopped) return;
    if (lanes.size >= concurrency) {
      // Every lane is busy; one of them looks again before it finishes.
      again = true;
      return;
    }
    const running: Promise<void> = lane()
      .catch((error: unknown) => log.error({ err: error }, "AI worker failed"))
      .finally(() => lanes.delete(running));
    lanes.add(running);
  }

  return {
    wake,
    start() {
      // One lane per possible job in hand, so left-over jobs start together.
      for (let i = 0; i < concurrency; i++) wake();
      sweep = setInterval(wake, sweepEveryMs);
      sweep.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(sweep);
      shutdown.abort();
      await Promise.all(lanes);
    },
    async idle() {
      while (lanes.size > 0) await Promise.all(lanes);
    },
  };
}
