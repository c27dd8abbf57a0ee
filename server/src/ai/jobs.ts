/** AI job rows and the answers of spec §7 built from them. */
import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { AI_STALE_JOB_MS, type AiJobStatusResponse, type AiModel, type AiResultResponse } from "../../../src/api/ai";
import type { Database } from "../db/client";
import { aiJobs } from "../db/schema";
import { isLatestVersion } from "./models";

export type AiJobRow = typeof aiJobs.$inferSelect;

/** Polygons only for a completed job; null before, and for a failed one. */
const resultOf = (job: AiJobRow) => (job.status === "completed" ? (job.result ?? []) : null);

export const toAiResultResponse = (job: AiJobRow): AiResultResponse => ({
  status: job.status,
  result: resultOf(job),
  isGeneratedWithLatestVersion: isLatestVersion(job.model, job.modelVersion),
  triggeredAt: job.triggeredAt.toISOString(),
  _id: job.id,
});

export const toAiJobStatusResponse = (job: AiJobRow): AiJobStatusResponse => ({
  status: job.status,
  result: resultOf(job),
});

/** The most recently triggered job for the run and model. */
export async function latestJob(
  db: Database,
  testId: string,
  group: number,
  model: AiModel,
): Promise<AiJobRow | undefined> {
  const [job] = await db
    .select()
    .from(aiJobs)
    .where(and(eq(aiJobs.testId, testId), eq(aiJobs.group, group), eq(aiJobs.model, model)))
    .orderBy(desc(aiJobs.triggeredAt), desc(aiJobs.id))
    .limit(1);
  return job;
}

/**
 * A job for the same run and model that is still queued or running and not stale. A second
 * trigger (a double click, two viewers of a shared test) joins it instead of queueing the same
 * work again.
 */
export async function runningJob(
  db: Database,
  testId: string,
  group: number,
  model: AiModel,
  now = Date.now(),
): Promise<AiJobRow | undefined> {
  const [job] = await db
    .select()
    .from(aiJobs)
    .where(
      and(
        eq(aiJobs.testId, testId),
        eq(aiJobs.group, group),
        eq(aiJobs.model, model),
        inArray(aiJobs.status, ["pending", "in-progress"]),
        // Not stale: triggered at most AI_STALE_JOB_MS ago, as the console judges it.
        gte(aiJobs.triggeredAt, new Date(now - AI_STALE_JOB_MS)),
      ),
    )
    .orderBy(desc(aiJobs.triggeredAt))
    .limit(1);
  return job;
}

export async function findJob(db: Database, id: string): Promise<AiJobRow | undefined> {
  const [job] = await db.select().from(aiJobs).where(eq(aiJobs.id, id));
  return job;
}
