/**
 * One test record (spec §7): read (private and public), edit, delete, its photos' deletion and
 * zip download, and sharing.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isTestNameValid, mayDeleteTest, TEST_NAME_MIN_LENGTH } from "../../../src/api/rules";
import type { ApiTest, ShareResponse, TestUpdate } from "../../../src/api/tests";
import { callerOf } from "../auth/guard";
import { businesses, testFiles, tests } from "../db/schema";
import { attachmentDisposition, safeFileName, uniqueNamer, zipFromStorage } from "../files/zip";
import { HttpError, notFound } from "../http/errors";
import type { Services } from "../services";
import { canSeeTest, DELETE_REFUSED, findLiveTest, loadApiTest, TEST_NOT_FOUND, type TestRow } from "./queries";

/** Spec §5 leaves the other fields unbounded; this only keeps a runaway paste out of the database. */
export const MAX_TEXT_LENGTH = 10_000;
const MAX_DOWNLOAD_FILES = 1_000;

const text = { type: "string", maxLength: MAX_TEXT_LENGTH } as const;
const idParams = {
  type: "object",
  required: ["id"],
  properties: { id: { type: "string", maxLength: 100 } },
} as const;

/** Test notes as stored: one note per line of the edit box, blank lines dropped. */
export const notesFromText = (notes: string): string[] =>
  notes
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "");

export function testRoutes(app: FastifyInstance, services: Services): void {
  const { db, storage, fileLinks, config } = services;

  /** The test if the caller may see it; 404 otherwise, so other accounts' ids reveal nothing. */
  async function visibleTest(request: FastifyRequest, id: string): Promise<TestRow> {
    const test = await findLiveTest(db, id);
    if (!test || !canSeeTest(callerOf(request), test)) throw notFound(TEST_NOT_FOUND);
    return test;
  }

  async function answer(id: string): Promise<ApiTest> {
    const test = await loadApiTest(db, id, fileLinks, config.productKey);
    if (!test) throw notFound(TEST_NOT_FOUND);
    return test;
  }

  app.get<{ Params: { id: string } }>(
    "/v3/tests/:id",
    { config: { access: "signedIn" }, schema: { params: idParams } },
    async (request) => {
      await visibleTest(request, request.params.id);
      return answer(request.params.id);
    },
  );

  app.get<{ Params: { id: string } }>(
    "/v3/tests/public/:id",
    { config: { access: "public" }, schema: { params: idParams } },
    async (request) => {
      const test = await findLiveTest(db, request.params.id);
      if (!test || test.sharedAt === null) throw notFound(TEST_NOT_FOUND);
      return answer(test.id);
    },
  );

  app.put<{ Params: { id: string }; Body: TestUpdate }>(
    "/v2/tests/:id",
    {
      config: { access: "signedIn" },
      schema: {
        params: idParams,
        body: {
          type: "object",
          required: ["name", "sku", "customer", "vendorName", "description", "notes"],
          additionalProperties: false,
          properties: { name: text, sku: text, customer: text, vendorName: text, description: text, notes: text },
        },
      },
    },
    async (request) => {
      const test = await visibleTest(request, request.params.id);
      const { name, sku, customer, vendorName, description, notes } = request.body;
      if (!isTestNameValid(name)) {
        throw new HttpError(400, `name must be at least ${TEST_NAME_MIN_LENGTH} characters long (not counting spaces)`);
      }
      await db
        .update(tests)
        .set({ name: name.trim(), sku, customer, vendorName, description, notes: notesFromText(notes) })
        .where(eq(tests.id, test.id));
      return answer(test.id);
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/tests/:id",
    { config: { access: "signedIn" }, schema: { params: idParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const test = await visibleTest(request, request.params.id);
      const [business] = await db
        .select({ ownerId: businesses.ownerId })
        .from(businesses)
        .where(eq(businesses.id, test.businessId));
      const deletable = {
        accountId: test.accountId,
        createdBy: test.createdBy,
        businessOwnerId: business?.ownerId ?? null,
      };
      if (!mayDeleteTest(caller, deletable)) throw new HttpError(401, DELETE_REFUSED);
      await db.update(tests).set({ deletedAt: new Date() }).where(eq(tests.id, test.id));
      return reply.status(204).send();
    },
  );

  // Decision: whoever may see a test may delete its photos (spec §6 restricts deleting the test
  // itself, and says nothing of its photos; the console offers photo deletion to every viewer).
  app.delete<{ Params: { id: string; fileId: string } }>(
    "/tests/:id/:fileId",
    {
      config: { access: "signedIn" },
      schema: {
        params: {
          type: "object",
          required: ["id", "fileId"],
          properties: { id: { type: "string", maxLength: 100 }, fileId: { type: "string", maxLength: 100 } },
        },
      },
    },
    async (request, reply) => {
      const test = await visibleTest(request, request.params.id);
      const storageKey = await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(testFiles)
          .where(and(eq(testFiles.id, request.params.fileId), eq(testFiles.testId, test.id)))
          .returning({ storageKey: testFiles.storageKey });
        if (!deleted) throw notFound("File not found");
        const [others] = await tx
          .select({ n: count() })
          .from(testFiles)
          .where(eq(testFiles.storageKey, deleted.storageKey));
        return (others?.n ?? 0) === 0 ? deleted.storageKey : null;
      });
      // After the commit: a blob goes only when no file row references it any more.
      if (storageKey !== null) await storage.delete(storageKey);
      return reply.status(204).send();
    },
  );

  app.post<{ Params: { id: string }; Body: { fileIds: string[] } }>(
    "/tests/download/:id",
    {
      config: { access: "signedIn" },
      schema: {
        params: idParams,
        body: {
          type: "object",
          required: ["fileIds"],
          additionalProperties: false,
          properties: {
            fileIds: {
              type: "array",
              minItems: 1,
              maxItems: MAX_DOWNLOAD_FILES,
              uniqueItems: true,
              items: { type: "string", maxLength: 100 },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const test = await visibleTest(request, request.params.id);
      const { fileIds } = request.body;
      const files = await db
        .select()
        .from(testFiles)
        .where(and(eq(testFiles.testId, test.id), inArray(testFiles.id, fileIds)));
      if (files.length !== fileIds.length) {
        const known = new Set(files.map((file) => file.id));
        const unknown = fileIds.filter((id) => !known.has(id));
        throw new HttpError(400, `Unknown file ids for this test: ${unknown.slice(0, 5).join(", ")}`);
      }
      // In the order asked for, each name once.
      const byId = new Map(files.map((file) => [file.id, file]));
      const name = uniqueNamer();
      const entries = fileIds.map((id) => {
        const file = byId.get(id)!;
        return {
          path: name(safeFileName(file.name)),
          storageKey: file.storageKey,
          size: file.size,
          mtime: file.createdAt,
          compress: file.type !== "image",
        };
      });
      // Once streaming has begun, an error can only cut the zip short: check the blobs first.
      const sizes = await Promise.all(entries.map((entry) => storage.size(entry.storageKey)));
      if (sizes.includes(null)) throw new Error(`Test ${test.id}: a file's blob is missing from storage`);
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", attachmentDisposition(`${safeFileName(test.name, "test")}-${test.id}.zip`))
        .send(zipFromStorage(storage, entries));
    },
  );

  app.post<{ Params: { id: string } }>(
    "/tests/share/:id",
    { config: { access: "signedIn" }, schema: { params: idParams } },
    async (request): Promise<ShareResponse> => {
      const test = await visibleTest(request, request.params.id);
      const [shared] = await db
        .update(tests)
        .set({ sharedAt: sql`coalesce(${tests.sharedAt}, now())` })
        .where(eq(tests.id, test.id))
        .returning({ sharedAt: tests.sharedAt });
      return { sharedAt: (shared?.sharedAt ?? new Date()).toISOString() };
    },
  );
}
