/**
 * Runs AI jobs in the background, inside the service process, on the shared job runner
 * (jobs/runner.ts: claiming, heartbeats, stale jobs, attempts, lanes, release on stop).
 *
 * Jobs live in the ai_jobs table (pending → in-progress → completed | failed), so the queue
 * survives restarts and is shared by every instance on one database. A job interrupted
 * `maxAttempts` times fails with a reason; a runner that is shut down puts its jobs back to pending.
 *
 * The analysis itself takes tens of milliseconds of CPU on the event loop; a job also waits
 * `jobDelayMs` first (AI_JOB_DELAY_MS), standing in for a real model's seconds.
 */
import type { FastifyBaseLogger } from "fastify";
import type { JobsConfig } from "../config";
import type { Database } from "../db/client";
import { aiJobs } from "../db/schema";
import type { FileStorage } from "../files/storage";
import { JobFailure, jobRunner, sleep, type JobRunner } from "../jobs/runner";
import { findLiveTest } from "../testRecords/queries";
import { analyzeTray } from "./analyzer";
import { canClassify } from "./classify";
import { UnreadablePhotoError } from "./image";
import type { ClassifyingLight } from "./lights";
import { configOf, currentVersion } from "./models";
import { loadTrayPhotos } from "./photos";

export type AiWorker = JobRunner;

export const interruptedTooOften = (maxAttempts: number) =>
  `The analysis was interrupted ${maxAttempts} times. Please try again.`;
export const UNEXPECTED_FAILURE = "The analysis failed unexpectedly. Please try again.";

export function aiWorker(db: Database, storage: FileStorage, log: FastifyBaseLogger, jobs: JobsConfig): AiWorker {
  return jobRunner(
    db,
    log,
    {
      name: "AI job",
      table: aiJobs,
      columns: {
        id: "id",
        status: "status",
        attempts: "attempts",
        heartbeatAt: "heartbeatAt",
        queuedAt: "triggeredAt",
      },
      states: { pending: "pending", running: "in-progress", failed: "failed" },
      failed: (error) => ({ error, result: null, finishedAt: new Date() }),
      interruptedReason: interruptedTooOften,
      expectedFailure: (error) => (error instanceof UnreadablePhotoError ? error.message : undefined),
      unexpectedReason: UNEXPECTED_FAILURE,
      async run(job, signal) {
        await sleep(jobs.aiJobDelayMs, signal);
        if (!(await findLiveTest(db, job.testId))) throw new JobFailure("The test was deleted.");
        const photos = await loadTrayPhotos(db, storage, job.testId, job.group);
        // The version that runs is the current one, whatever was current at the trigger.
        const version = currentVersion(job.model);
        const config = configOf(job.model, version);
        if (!canClassify(Object.keys(photos.lights) as ClassifyingLight[], config.weights)) {
          throw new JobFailure(`The test run has none of the photos ${job.model} tells stones apart with.`);
        }
        const result = analyzeTray(photos, config);
        return { status: "completed" as const, result, modelVersion: version, error: null, finishedAt: new Date() };
      },
    },
    { ...jobs, concurrency: jobs.aiConcurrency },
  );
}
