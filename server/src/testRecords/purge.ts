/**
 * Deleted tests past Recover's window (spec §9: 15 days) go for good: their rows, files and AI
 * results, and each stored blob no remaining file refers to. The lifecycle runs it on every run;
 * POST deleted-tests/purge lets a super admin run it now.
 */
import { and, count, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { RECOVERY_DAYS } from "../../../src/api/recover";
import type { Database } from "../db/client";
import { aiJobs, testFiles, tests } from "../db/schema";
import type { FileStorage } from "../files/storage";
import { deleteBlobAndThumbnails } from "../files/thumbnails";
import { logActivity } from "../resources/writes";

const DAY_MS = 86_400_000;

export async function purgeDeletedTests(
  db: Database,
  storage: FileStorage,
  now: Date,
  actor: { actorId: string | null; client: string | null },
): Promise<{ tests: number; files: number }> {
  const windowStart = new Date(now.getTime() - RECOVERY_DAYS * DAY_MS);
  const { testCount, keys } = await db.transaction(async (tx) => {
    const expired = await tx
      .select({ id: tests.id, name: tests.name })
      .from(tests)
      .where(and(isNotNull(tests.deletedAt), lte(tests.deletedAt, windowStart)))
      .for("update", { skipLocked: true });
    const ids = expired.map((row) => row.id);
    if (ids.length === 0) return { testCount: 0, keys: [] as string[] };
    await tx.delete(aiJobs).where(inArray(aiJobs.testId, ids));
    const files = await tx
      .delete(testFiles)
      .where(inArray(testFiles.testId, ids))
      .returning({ storageKey: testFiles.storageKey });
    await tx.delete(tests).where(inArray(tests.id, ids));
    for (const { id, name } of expired) {
      await logActivity(tx, { ...actor, action: "purge", resource: "tests", recordId: id, changes: { name } });
    }
    return { testCount: ids.length, keys: files.map((file) => file.storageKey) };
  });
  // After the commit (a failed transaction must not have lost a blob): each blob no file refers to any
  // more, with its thumbnails.
  for (const key of new Set(keys)) {
    const [others] = await db.select({ n: count() }).from(testFiles).where(eq(testFiles.storageKey, key));
    if ((others?.n ?? 0) === 0) await deleteBlobAndThumbnails(storage, key);
  }
  return { tests: testCount, files: keys.length };
}
