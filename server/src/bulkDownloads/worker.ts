/**
 * Builds bulk-download zips in the background, inside the service process.
 *
 * Jobs live in the bulk_downloads table, so the queue survives restarts and is shared by every
 * instance on one database. A worker claims a job with one UPDATE … FOR UPDATE SKIP LOCKED
 * (pending → processing, attempts + 1) and touches heartbeat_at while it works. A job whose
 * heartbeat is older than `staleAfterMs` was being built by a worker that died: any worker takes
 * it up again, at start-up or on its next sweep, up to `maxAttempts` times; then it fails with a
 * reason. A worker that is shut down puts its job back to pending for the next start.
 */
import type { FastifyBaseLogger } from "fastify";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { BulkDownload } from "../../../src/api/tests";
import type { Database } from "../db/client";
import { bulkDownloads, testFiles, tests } from "../db/schema";
import type { FileStorage } from "../files/storage";
import { safeFileName, uniqueNamer, zipFromStorage, type ZipEntry } from "../files/zip";

export type BulkDownloadRow = typeof bulkDownloads.$inferSelect;

/** Spec §9: the estimate depends on the number of tests — 2 s to start, 0.5 s per test. */
export const estimateSeconds = (testCount: number): number => Math.ceil(2 + 0.5 * testCount);

export const bulkDownloadFileUrl = (id: string) => `/api/bulk-downloads/${id}/file`;

export const toApiBulkDownload = (row: BulkDownloadRow): BulkDownload => ({
  id: row.id,
  status: row.status,
  testCount: row.testIds.length,
  progress: row.progress,
  estimatedSeconds: row.estimatedSeconds,
  createdAt: row.createdAt.toISOString(),
  fileUrl: row.status === "ready" ? bulkDownloadFileUrl(row.id) : null,
  error: row.status === "failed" ? row.error : null,
});

export interface WorkerOptions {
  staleAfterMs?: number;
  heartbeatMs?: number;
  sweepEveryMs?: number;
  maxAttempts?: number;
}

export interface BulkDownloadWorker {
  /** Claims and builds jobs until none is left; call after adding one. */
  wake(): void;
  /** Picks up jobs left over (pending, or stale processing) and sweeps for them periodically. */
  start(): void;
  /** Stops sweeping, interrupts the job in hand (back to pending) and waits for the worker. */
  stop(): Promise<void>;
  /** Resolves when the worker has nothing in hand (tests wait on it). */
  idle(): Promise<void>;
}

class Interrupted extends Error {}

export function bulkDownloadWorker(
  db: Database,
  storage: FileStorage,
  log: FastifyBaseLogger,
  { staleAfterMs = 30_000, heartbeatMs = 5_000, sweepEveryMs = 15_000, maxAttempts = 3 }: WorkerOptions = {},
): BulkDownloadWorker {
  let stopped = false;
  let draining: Promise<void> | null = null;
  let again = false;
  let sweep: NodeJS.Timeout | undefined;
  let interrupt: (() => void) | null = null;

  async function claim(): Promise<BulkDownloadRow | undefined> {
    const staleBefore = new Date(Date.now() - staleAfterMs);
    const candidate = db
      .select({ id: bulkDownloads.id })
      .from(bulkDownloads)
      .where(
        or(
          eq(bulkDownloads.status, "pending"),
          and(
            eq(bulkDownloads.status, "processing"),
            or(isNull(bulkDownloads.heartbeatAt), lt(bulkDownloads.heartbeatAt, staleBefore)),
          ),
        ),
      )
      .orderBy(asc(bulkDownloads.createdAt))
      .limit(1)
      .for("update", { skipLocked: true });
    const [job] = await db
      .update(bulkDownloads)
      .set({
        status: "processing",
        attempts: sql`${bulkDownloads.attempts} + 1`,
        heartbeatAt: new Date(),
        progress: 0,
      })
      .where(inArray(bulkDownloads.id, candidate))
      .returning();
    return job;
  }

  /** Updates the job only while this worker still holds it (same attempt). */
  const updateHeld = (job: BulkDownloadRow, values: Partial<typeof bulkDownloads.$inferInsert>) =>
    db
      .update(bulkDownloads)
      .set(values)
      .where(
        and(
          eq(bulkDownloads.id, job.id),
          eq(bulkDownloads.attempts, job.attempts),
          eq(bulkDownloads.status, "processing"),
        ),
      )
      .returning({ id: bulkDownloads.id });

  async function build(job: BulkDownloadRow): Promise<void> {
    if (job.attempts > maxAttempts) {
      await updateHeld(job, {
        status: "failed",
        error: `The download was interrupted ${maxAttempts} times. Please start it again.`,
        finishedAt: new Date(),
      });
      return;
    }
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
      for (const file of own) {
        entries.push({
          path: `${folder}/${fileName(safeFileName(file.name))}`,
          storageKey: file.storageKey,
          size: file.size,
          mtime: file.createdAt,
          compress: file.type !== "image",
        });
      }
    }

    let progress = 0;
    const heartbeat = setInterval(() => {
      void updateHeld(job, { heartbeatAt: new Date(), progress }).catch(() => undefined);
    }, heartbeatMs);
    try {
      const output = zipFromStorage(storage, entries, {
        emptyFolders,
        onEntry: (index) => {
          progress = index / Math.max(1, entries.length);
        },
      });
      const stored = new Promise<{ key: string }>((resolve, reject) => {
        interrupt = () => {
          const stream = output as NodeJS.ReadableStream & { destroy?: (error: Error) => void };
          stream.destroy?.(new Interrupted("The service is shutting down"));
          reject(new Interrupted("The service is shutting down"));
        };
        storage.put(output).then(resolve, reject);
      });
      const { key } = await stored;
      const held = await updateHeld(job, {
        status: "ready",
        progress: 1,
        storageKey: key,
        heartbeatAt: new Date(),
        finishedAt: new Date(),
      });
      // Another worker took the job over (ours looked dead): its zip wins, ours goes.
      if (held.length === 0) await storage.delete(key);
    } finally {
      interrupt = null;
      clearInterval(heartbeat);
    }
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      while (!stopped) {
        const job = await claim();
        if (!job) break;
        try {
          await build(job);
        } catch (error) {
          if (error instanceof Interrupted || stopped) {
            await updateHeld(job, { status: "pending", heartbeatAt: null, progress: 0 }).catch(() => undefined);
            return;
          }
          log.error({ err: error, bulkDownloadId: job.id }, "bulk download failed");
          await updateHeld(job, {
            status: "failed",
            error: "The zip could not be built. Please try again.",
            finishedAt: new Date(),
          }).catch(() => undefined);
        }
      }
    } while (again && !stopped);
  }

  function wake(): void {
    if (stopped) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((error: unknown) => log.error({ err: error }, "bulk download worker failed"))
      .finally(() => {
        draining = null;
      });
  }

  return {
    wake,
    start() {
      wake();
      sweep = setInterval(wake, sweepEveryMs);
      sweep.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(sweep);
      interrupt?.();
      await draining;
    },
    async idle() {
      while (draining) await draining;
    },
  };
}
