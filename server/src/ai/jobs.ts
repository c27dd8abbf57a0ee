/** AI job rows and the answers of spec §7 built from them. */
import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { AI_STALE_JOB_MS, type AiJobStatusResponse, type AiModel, type AiResultResponse } from "../../../src/api/ai";
import type { Database } from "../db/client";
import { aiJobs } from "../db/schema";
import { isLatestVersion } from "./models";
import { logActivity } from "../resources/writes";

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
  db: Pick<Database, "select">,
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

export type NewAiJob = Omit<typeof aiJobs.$inferInsert, "id">;

/**
 * Joins the run's running job, or queues a new one. Triggers of one run and model are taken one
 * at a time whichever instance receives them (a database lock held to the end of the
 * transaction), so two arriving together cannot both find no job and queue two.
 */
export async function joinOrQueueJob(
  db: Database,
  job: NewAiJob & { model: AiModel },
  client: string | null,
): Promise<string> {
  return db.transaction(async (tx) => {
    const run = `ai-trigger:${job.testId}:${job.group}:${job.model}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${run}, 0))`);
    const running = await runningJob(tx, job.testId, job.group, job.model);
    if (running) return running.id;
    const id = randomUUID();
    await tx.insert(aiJobs).values({ id, ...job });
    // A joined run is not a new analysis: only a queued job is an entry ("AI run").
    await logActivity(tx, {
      actorId: job.triggeredBy ?? null,
      client,
      action: "ai-run",
      resource: "tests",
      recordId: job.testId,
      changes: { jobId: id, group: job.group, model: job.model },
    });
    return id;
  });
}

export async function findJob(db: Database, id: string): Promise<AiJobRow | undefined> {
  const [job] = await db.select().from(aiJobs).where(eq(aiJobs.id, id));
  return job;
}
