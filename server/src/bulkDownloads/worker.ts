/**
 * Builds bulk-download zips in the background, inside the service process, on the shared job
 * runner (jobs/runner.ts: claiming, heartbeats with the progress, stale jobs, attempts, release on
 * stop).
 *
 * Jobs live in the bulk_downloads table (pending → processing → ready | failed), so the queue
 * survives restarts and is shared by every instance on one database. A download interrupted
 * `maxAttempts` times fails with a reason; a worker that is shut down puts its job back to pending.
 */
import type { FastifyBaseLogger } from "fastify";
import { and, asc, inArray, isNull } from "drizzle-orm";
import { BULK_DOWNLOAD_EXPIRY_HOURS } from "../../../src/api/schemas/tests";
import type { BulkDownload } from "../../../src/api/tests";
import type { JobsConfig } from "../config";
import type { Database } from "../db/client";
import { bulkDownloads, testFiles, tests } from "../db/schema";
import type { FileStorage } from "../files/storage";
import { safeFileName, testFileEntry, uniqueNamer, zipFromStorage, type ZipEntry } from "../files/zip";
import { jobRunner, type JobRunner } from "../jobs/runner";

export type BulkDownloadRow = typeof bulkDownloads.$inferSelect;

/** Spec §9: the estimate depends on the number of tests — 2 s to start, 0.5 s per test. */
export const estimateSeconds = (testCount: number): number => Math.ceil(2 + 0.5 * testCount);

export const bulkDownloadFileUrl = (id: string) => `/api/bulk-downloads/${id}/file`;

/** A ready zip is deleted BULK_DOWNLOAD_EXPIRY_HOURS after it was ready (the lifecycle's purge). */
export const BULK_DOWNLOAD_EXPIRY_MS = BULK_DOWNLOAD_EXPIRY_HOURS * 3_600_000;

/** When a ready download's zip expires; null while it is not ready. */
export const expiresAtOf = (row: Pick<BulkDownloadRow, "status" | "finishedAt">): Date | null =>
  row.status === "ready" && row.finishedAt ? new Date(row.finishedAt.getTime() + BULK_DOWNLOAD_EXPIRY_MS) : null;

export const toApiBulkDownload = (row: BulkDownloadRow): BulkDownload => ({
  id: row.id,
  status: row.status,
  testCount: row.testIds.length,
  progress: row.progress,
  estimatedSeconds: row.estimatedSeconds,
  createdAt: row.createdAt.toISOString(),
  fileUrl: row.status === "ready" ? bulkDownloadFileUrl(row.id) : null,
  error: row.status === "failed" ? row.error : null,
  expiresAt: expiresAtOf(row)?.toISOString() ?? null,
});

export type BulkDownloadWorker = JobRunner;

class Interrupted extends Error {}

export function bulkDownloadWorker(
  db: Database,
  storage: FileStorage,
  log: FastifyBaseLogger,
  jobs: JobsConfig,
): BulkDownloadWorker {
  return jobRunner(
    db,
    log,
    {
      name: "bulk download",
      table: bulkDownloads,
      columns: { id: "id", status: "status", attempts: "attempts", heartbeatAt: "heartbeatAt", queuedAt: "createdAt" },
      states: { pending: "pending", running: "processing", failed: "failed" },
      onClaim: { progress: 0 },
      onRelease: { progress: 0 },
      failed: (error) => ({ error, finishedAt: new Date() }),
      interruptedReason: (maxAttempts) => `The download was interrupted ${maxAttempts} times. Please start it again.`,
      unexpectedReason: "The zip could not be built. Please try again.",
      run: (job, signal, held) => build(job, signal, (progress) => held.beat({ progress })),
      // Another worker took the job over (ours looked dead): its zip wins, ours goes.
      lost: async (_job, result) => {
        if (result.storageKey) await storage.delete(result.storageKey);
      },
    },
    { ...jobs, concurrency: jobs.bulkDownloadConcurrency },
  );

  async function build(
    job: BulkDownloadRow,
    signal: AbortSignal,
    report: (progress: number) => void,
  ): Promise<Partial<typeof bulkDownloads.$inferInsert>> {
    // Tests deleted since the request are left out; the rest keep the order they were asked in.
    const liveTests = await db
      .select({ id: tests.id, name: tests.name })
      .from(tests)
      .where(and(inArray(tests.id, job.testIds), isNull(tests.deletedAt)));
    const byId = new Map(liveTests.map((test) => [test.id, test]));
    const files = liveTests.length
      ? await db
          .select()
          .from(testFiles)
          .where(
            inArray(
              testFiles.testId,
              liveTests.map((test) => test.id),
            ),
          )
          .orderBy(asc(testFiles.group), asc(testFiles.kind), asc(testFiles.createdAt), asc(testFiles.id))
      : [];

    const folderName = uniqueNamer();
    const entries: ZipEntry[] = [];
    const emptyFolders: string[] = [];
    for (const id of job.testIds) {
      const test = byId.get(id);
      if (!test) continue;
      const folder = folderName(safeFileName(test.name, "test"));
      const fileName = uniqueNamer();
      const own = files.filter((file) => file.testId === id);
      if (own.length === 0) emptyFolders.push(folder);
      for (const file of own) entries.push(testFileEntry(`${folder}/${fileName(safeFileName(file.name))}`, file));
    }

    signal.throwIfAborted();
    const output = zipFromStorage(storage, entries, {
      emptyFolders,
      onEntry: (index) => report(index / Math.max(1, entries.length)),
    });
    const { key, size } = await new Promise<{ key: string; size: number }>((resolve, reject) => {
      const interrupt = () => {
        const stream = output as NodeJS.ReadableStream & { destroy?: (error: Error) => void };
        stream.destroy?.(new Interrupted("The service is shutting down"));
        reject(new Interrupted("The service is shutting down"));
      };
      signal.addEventListener("abort", interrupt, { once: true });
      storage.put(output).then(
        (stored) => {
          signal.removeEventListener("abort", interrupt);
          resolve(stored);
        },
        (error: unknown) => {
          signal.removeEventListener("abort", interrupt);
          reject(error as Error);
        },
      );
    });
    // The zip's own size replaces the request's estimate in the account's storage (accounts/storage.ts).
    return {
      status: "ready" as const,
      progress: 1,
      storageKey: key,
      size,
      heartbeatAt: new Date(),
      finishedAt: new Date(),
    };
  }
}
