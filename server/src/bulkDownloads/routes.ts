/**
 * Bulk downloads (spec §3, §9): one zip of many tests, built in the background. Starting one
 * needs a signed-in user who may see every test; its status and its zip are public, the random
 * id being the credential (the console's /bulk-downloads/:id page is for all, spec §2).
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { BulkDownload, BulkDownloadRequest } from "../../../src/api/tests";
import { callerOf } from "../auth/guard";
import { estimateSeconds, toApiBulkDownload } from "./worker";
import { bulkDownloads, tests } from "../db/schema";
import { attachmentDisposition } from "../files/zip";
import { HttpError, notFound } from "../http/errors";
import type { Services } from "../services";

export const MAX_BULK_TESTS = 500;
export const BULK_IN_PROGRESS =
  "A bulk download is already in progress. Wait for it to finish before starting another.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the error (or one it wraps, as Drizzle does) is PostgreSQL's unique_violation. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === "object" && e !== null);) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function bulkDownloadRoutes(app: FastifyInstance, services: Services): void {
  const { db, storage } = services;

  async function findDownload(id: string) {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(bulkDownloads).where(eq(bulkDownloads.id, id));
    return row;
  }

  app.post<{ Body: BulkDownloadRequest }>(
    "/bulk-downloads",
    {
      config: { access: "signedIn" },
      schema: {
        body: {
          type: "object",
          required: ["testIds"],
          additionalProperties: false,
          properties: {
            testIds: {
              type: "array",
              minItems: 1,
              maxItems: MAX_BULK_TESTS,
              uniqueItems: true,
              items: { type: "string", maxLength: 100 },
            },
          },
        },
      },
    },
    async (request, reply): Promise<BulkDownload> => {
      const caller = callerOf(request);
      const { testIds } = request.body;
      const [visible] = await db
        .select({ n: count() })
        .from(tests)
        .where(
          and(
            inArray(tests.id, testIds),
            isNull(tests.deletedAt),
            caller.role === "SuperAdmin" ? undefined : eq(tests.accountId, caller.accountId),
          ),
        );
      if ((visible?.n ?? 0) !== testIds.length) {
        throw new HttpError(400, "testIds contains tests that do not exist or that you may not see");
      }
      let row;
      try {
        [row] = await db
          .insert(bulkDownloads)
          .values({ id: randomUUID(), userId: caller.id, testIds, estimatedSeconds: estimateSeconds(testIds.length) })
          .returning();
      } catch (error) {
        // The partial unique index allows one pending or processing download per user.
        if (isUniqueViolation(error)) throw new HttpError(409, BULK_IN_PROGRESS);
        throw error;
      }
      if (!row) throw new Error("The bulk download was not stored");
      services.bulkDownloads.wake();
      return reply.status(201).send(toApiBulkDownload(row));
    },
  );

  app.get<{ Params: { id: string } }>(
    "/bulk-downloads/:id",
    { config: { access: "public" } },
    async (request): Promise<BulkDownload> => {
      const row = await findDownload(request.params.id);
      if (!row) throw notFound("Bulk download not found");
      return toApiBulkDownload(row);
    },
  );

  app.get<{ Params: { id: string } }>(
    "/bulk-downloads/:id/file",
    { config: { access: "public" } },
    async (request, reply) => {
      const row = await findDownload(request.params.id);
      if (!row) throw notFound("Bulk download not found");
      if (row.status !== "ready" || row.storageKey === null) throw notFound("The bulk download is not ready yet");
      const size = await storage.size(row.storageKey);
      if (size === null) throw notFound("The bulk download's file is no longer available");
      const day = row.createdAt.toISOString().slice(0, 10);
      return reply
        .header("content-type", "application/zip")
        .header("content-length", size)
        .header("content-disposition", attachmentDisposition(`tests-${day}-${row.id.slice(0, 8)}.zip`))
        .send(storage.get(row.storageKey));
    },
  );
}
