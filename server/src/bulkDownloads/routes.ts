/**
 * Bulk downloads (spec §3, §9): one zip of many tests, built in the background. Starting one
 * needs a signed-in user who may see every test; its status and its zip are public, the random
 * id being the credential (the console's /bulk-downloads/:id page is for all, spec §2).
 */
import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, eq, gt, inArray, isNull, sum } from "drizzle-orm";
import Type from "typebox";
import {
  BULK_DOWNLOAD_EXPIRY_HOURS,
  bulkDownloadRequestSchema,
  bulkDownloadSchema,
  MAX_BULK_TESTS,
  MAX_READY_BULK_BYTES,
  MAX_READY_BULK_DOWNLOADS,
} from "../../../src/api/schemas/tests";
import { reserveStorage, STORAGE_REFUSAL_DOC } from "../accounts/storage";
import { callerOf } from "../auth/guard";
import { binary, described, GUARD_REFUSALS, HEADERS, refusals, routeOptions, withHeaders } from "../docs/openapi";
import { BULK_DOWNLOAD_EXPIRY_MS, estimateSeconds, expiresAtOf, toApiBulkDownload } from "./worker";
import { bulkDownloads, testFiles, tests } from "../db/schema";
import { attachmentDisposition } from "../files/zip";
import { isUniqueViolation } from "../resources/sql";
import { logOwnActivity } from "../resources/writes";
import { HttpError, notFound } from "../http/errors";
import type { Services } from "../services";

const TAG = "Bulk downloads";
/** No format check here: an id that is not a UUID is simply not found. */
const idParams = Type.Object({ id: Type.String({ description: "The bulk download's id: the credential." }) });
const NOT_FOUND = "Bulk download not found";
/** Why a chosen test cannot be in the zip (`errors["testIds.3"]`). */
const GONE_TEST = "This test no longer exists, or you may not see it.";
/** The bounds on ready zips, in the words of the 409. */
export const tooManyReady = (frees: string) =>
  `You already have ${MAX_READY_BULK_DOWNLOADS} ready bulk downloads, the most you may keep. Each is deleted ${BULK_DOWNLOAD_EXPIRY_HOURS} hours after it is ready. ${frees}`;
export const tooLargeReady = (frees: string) =>
  `Your ready bulk downloads already hold 2 GB, the most you may keep. Each is deleted ${BULK_DOWNLOAD_EXPIRY_HOURS} hours after it is ready. ${frees}`;
export const BULK_EXPIRED = "The bulk download has expired";
export const BULK_IN_PROGRESS =
  "A bulk download is already in progress. Wait for it to finish before starting another.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const bulkDownloadRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  const { db, storage } = services;

  async function findDownload(id: string) {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(bulkDownloads).where(eq(bulkDownloads.id, id));
    return row;
  }

  /** A ready zip past its 24 hours: gone for everyone, whether or not the purge has run yet. */
  const isExpired = (row: Parameters<typeof expiresAtOf>[0]) => {
    const expiresAt = expiresAtOf(row);
    return expiresAt !== null && expiresAt.getTime() <= services.clock.now().getTime();
  };

  /**
   * A user holds at most MAX_READY_BULK_DOWNLOADS ready zips, of MAX_READY_BULK_BYTES in all: a
   * request beyond either is refused, naming the bound and when the oldest expires. Only one
   * download builds at a time per user, so the count never passes the bound, and the bytes pass it
   * by one zip at most (docs/decisions.md "Bulk-download bounds").
   */
  async function checkReadyBound(userId: string): Promise<void> {
    const since = new Date(services.clock.now().getTime() - BULK_DOWNLOAD_EXPIRY_MS);
    const ready = await db
      .select({ storageKey: bulkDownloads.storageKey, size: bulkDownloads.size, finishedAt: bulkDownloads.finishedAt })
      .from(bulkDownloads)
      .where(
        and(eq(bulkDownloads.userId, userId), eq(bulkDownloads.status, "ready"), gt(bulkDownloads.finishedAt, since)),
      )
      .orderBy(asc(bulkDownloads.finishedAt));
    if (ready.length === 0) return;
    const oldest = ready[0]!.finishedAt!;
    const frees = `The oldest expires ${new Date(oldest.getTime() + BULK_DOWNLOAD_EXPIRY_MS).toISOString().slice(0, 16).replace("T", " ")} UTC.`;
    if (ready.length >= MAX_READY_BULK_DOWNLOADS) throw new HttpError(409, tooManyReady(frees));
    let bytes = 0;
    // The zip's size as recorded when it was ready; asked of the store for zips made before sizes were kept.
    for (const { storageKey, size } of ready) {
      bytes += size ?? (storageKey ? ((await storage.size(storageKey)) ?? 0) : 0);
    }
    if (bytes >= MAX_READY_BULK_BYTES) throw new HttpError(409, tooLargeReady(frees));
  }

  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    "/bulk-downloads",
    routeOptions(
      "signedIn",
      TAG,
      "Start building one zip of many tests",
      {
        description: `1 to ${MAX_BULK_TESTS} distinct tests the caller may see; one download at a time per user. Built in the background: poll GET /api/bulk-downloads/{id}. The zip counts against the caller's account's storage quota (its estimate, the tests' files, until it is ready), and an account keeps at most ACCOUNT_BULK_DOWNLOADS_MAX bulk downloads ready or being built.`,
        body: bulkDownloadRequestSchema,
        response: {
          201: withHeaders(described(bulkDownloadSchema, "Started: pending."), HEADERS.location),
          ...refusals({
            400: "Invalid body, or testIds contains tests that do not exist or that you may not see (each named in `errors` by its place: `testIds.3`)",
            ...GUARD_REFUSALS,
            409: `A bulk download is already in progress, or you already hold ${MAX_READY_BULK_DOWNLOADS} ready zips or 2 GB of them (each expires ${BULK_DOWNLOAD_EXPIRY_HOURS} hours after it is ready), or the account already keeps ACCOUNT_BULK_DOWNLOADS_MAX bulk downloads, or: ${STORAGE_REFUSAL_DOC}`,
          }),
        },
      },
      { allowedDuringGrace: true },
    ),
    async (request, reply) => {
      const caller = callerOf(request);
      const { testIds } = request.body;
      const visible = await db
        .select({ id: tests.id })
        .from(tests)
        .where(
          and(
            inArray(tests.id, testIds),
            isNull(tests.deletedAt),
            caller.role === "SuperAdmin" ? undefined : eq(tests.accountId, caller.accountId),
          ),
        );
      const seen = new Set(visible.map((row) => row.id));
      // Each test it cannot take is named by its place in testIds, so the console can take it out
      // of the selection (one deleted in another tab since it was chosen).
      const gone = testIds.flatMap((id, index) => (seen.has(id) ? [] : [[`testIds.${index}`, GONE_TEST]]));
      if (gone.length > 0) {
        throw new HttpError(400, "testIds contains tests that do not exist or that you may not see", {
          errors: Object.fromEntries(gone),
        });
      }
      await checkReadyBound(caller.id);
      // The zip's estimate: the files it will hold (photos are stored as they are, documents deflated).
      const [files] = await db
        .select({ bytes: sum(testFiles.size) })
        .from(testFiles)
        .where(inArray(testFiles.testId, testIds));
      const size = Number(files?.bytes ?? 0);
      let row;
      try {
        row = await db.transaction(async (tx) => {
          // The caller's account keeps the zip: it must have room for it, and its zips stay within their bound.
          await reserveStorage(tx, services.config.quota, services.clock, {
            accountId: caller.accountId,
            bytes: size,
            need: "zip",
            zip: true,
          });
          const [stored] = await tx
            .insert(bulkDownloads)
            .values({
              id: randomUUID(),
              userId: caller.id,
              testIds,
              estimatedSeconds: estimateSeconds(testIds.length),
              size,
            })
            .returning();
          await logOwnActivity(tx, caller, "bulk-download", { download: stored?.id, tests: testIds.length });
          return stored;
        });
      } catch (error) {
        // The partial unique index allows one pending or processing download per user.
        if (isUniqueViolation(error)) throw new HttpError(409, BULK_IN_PROGRESS);
        throw error;
      }
      if (!row) throw new Error("The bulk download was not stored");
      services.bulkDownloads.wake();
      return reply.status(201).header("location", `/api/bulk-downloads/${row.id}`).send(toApiBulkDownload(row));
    },
  );

  api.get(
    "/bulk-downloads/:id",
    routeOptions("public", TAG, "A bulk download's state", {
      description:
        "Public: the random id is the credential. When ready, fileUrl is its zip; when failed, error says why. " +
        "Past its expiry it is gone, as its zip is, even before the lifecycle's purge removes the row.",
      params: idParams,
      response: {
        200: described(bulkDownloadSchema, "Its state."),
        ...refusals({ 404: `${NOT_FOUND}, or ${BULK_EXPIRED}` }),
      },
    }),
    async (request) => {
      const row = await findDownload(request.params.id);
      if (!row) throw notFound(NOT_FOUND);
      if (isExpired(row)) throw notFound(BULK_EXPIRED);
      return toApiBulkDownload(row);
    },
  );

  api.get(
    "/bulk-downloads/:id/file",
    routeOptions("public", TAG, "A ready bulk download's zip", {
      description: "Public: the random id is the credential.",
      params: idParams,
      response: {
        200: binary("application/zip", "The zip: a folder per test, holding its files."),
        ...refusals({ 404: `${NOT_FOUND}, The bulk download is not ready yet, or ${BULK_EXPIRED}` }),
      },
    }),
    async (request, reply) => {
      const row = await findDownload(request.params.id);
      if (!row) throw notFound(NOT_FOUND);
      if (row.status !== "ready" || row.storageKey === null) throw notFound("The bulk download is not ready yet");
      // Expired: the lifecycle's next purge deletes it; until then it is already gone for everybody.
      if (isExpired(row)) throw notFound(BULK_EXPIRED);
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
};
