/**
 * One test record (spec §7): read (private and public), edit, delete, its photos' deletion and
 * zip download, and sharing.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import Type from "typebox";
import { isTestNameValid, mayDeleteTest, TEST_NAME_MIN_LENGTH } from "../../../src/api/rules";
import {
  apiTestSchema,
  shareResponseSchema,
  testDownloadRequestSchema,
  testUpdateSchema,
} from "../../../src/api/schemas/tests";
import type { ApiTest } from "../../../src/api/tests";
import { callerOf } from "../auth/guard";
import { businesses, testFiles, tests } from "../db/schema";
import { binary, described, GUARD_REFUSALS, noContent, refusals, routeOptions, withHeaders } from "../docs/openapi";
import { deleteBlobAndThumbnails } from "../files/thumbnails";
import { attachmentDisposition, safeFileName, testFileEntry, uniqueNamer, zipFromStorage } from "../files/zip";
import { HttpError, notFound } from "../http/errors";
import { changesBetween } from "../resources/writes";
import { editedTestFields, ifMatchAllows, testEntityTag } from "./editedFields";
import type { Services } from "../services";
import {
  canSeeTest,
  DELETE_REFUSED,
  findLiveTest,
  loadApiTest,
  logTestActivity,
  TEST_NOT_FOUND,
  type TestRow,
} from "./queries";

const TAG = "Tests";
const idParams = Type.Object({ id: Type.String({ maxLength: 100, description: "The test's id." }) });
const TEST_NOT_VISIBLE = "Test not found (also a test of another account).";
/** The refusals of a route on one test the caller must see. */
const VISIBLE_TEST_REFUSALS = refusals({ 400: true, ...GUARD_REFUSALS, 404: TEST_NOT_VISIBLE });

/** PUT v2/tests/{id} with an `If-Match` the test no longer has: someone saved it since. */
export const TEST_CHANGED = "This test was changed by someone else since you opened it. Reload it to see the changes.";
/** What a test's answers say of its validator (editedFields.ts testEntityTag). */
const ETAG_HEADER = {
  ETag: {
    type: "string",
    description:
      "The test's validator: it changes when a saved edit changes its name, SKU, customer, vendor, description or notes. Send it back in `If-Match` on `PUT /api/v2/tests/{id}`.",
    example: '"3q2-7wEAbP0nJ5cQ0d9nX1a2b3c"',
  },
} as const;
/** Same origin for the console; a console served from another origin may read the ETag too. */
const EXPOSED_HEADERS = "ETag";

/** Test notes as stored: one note per line of the edit box, blank lines dropped. */
export const notesFromText = (notes: string): string[] =>
  notes
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "");

export const testRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  const { db, storage, fileLinks, config } = services;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

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

  api.get(
    "/v3/tests/:id",
    routeOptions("signedIn", TAG, "A test record with its files", {
      description:
        "Its files come with signed links, read without a token (GET /api/files/{fileId}). 404 for a deleted test or one outside the caller's account.",
      params: idParams,
      response: {
        200: withHeaders(described(apiTestSchema, "The test, with its validator in `ETag`."), ETAG_HEADER),
        ...VISIBLE_TEST_REFUSALS,
      },
    }),
    async (request, reply) => {
      await visibleTest(request, request.params.id);
      const test = await answer(request.params.id);
      // From the answer itself, so the tag and the fields it shows are of the same moment.
      void reply.header("etag", testEntityTag(test)).header("access-control-expose-headers", EXPOSED_HEADERS);
      return test;
    },
  );

  api.get(
    "/v3/tests/public/:id",
    routeOptions("public", TAG, "A shared test record, for the public view", {
      description:
        "No token: only a test someone shared (POST /api/tests/share/{id}) and not deleted since; any other id is 404, as an unknown one is.",
      params: idParams,
      response: {
        200: described(apiTestSchema, "The shared test."),
        ...refusals({ 400: true, 404: "Test not found (or not shared)." }),
      },
    }),
    async (request) => {
      const test = await findLiveTest(db, request.params.id);
      if (!test || test.sharedAt === null) throw notFound(TEST_NOT_FOUND);
      return answer(test.id);
    },
  );

  api.put(
    "/v2/tests/:id",
    routeOptions("signedIn", TAG, "Edit a test's name, SKU, customer, vendor, description and notes", {
      description: `The name needs at least ${TEST_NAME_MIN_LENGTH} characters after trimming; notes are one per line. With \`If-Match\` (the \`ETag\` of \`GET /api/v3/tests/{id}\`), the edit is saved only if nobody saved the test since: otherwise 412 and nothing changes. Without it, the edit is saved whatever was saved before (spec §7).`,
      params: idParams,
      headers: Type.Object({
        "if-match": Type.Optional(
          Type.String({
            maxLength: 1000,
            description:
              "Optional. The test's `ETag` as read (or `*`): save only if the test still has it, else 412. Absent: save regardless.",
          }),
        ),
      }),
      body: testUpdateSchema,
      response: {
        200: withHeaders(described(apiTestSchema, "The test as saved, with its new validator in `ETag`."), ETAG_HEADER),
        ...VISIBLE_TEST_REFUSALS,
        ...refusals({
          412: `\`If-Match\` names a version the test no longer has: someone saved it since (\`${TEST_CHANGED}\`). Nothing is saved; read the test again.`,
        }),
      },
    }),
    async (request, reply) => {
      const test = await visibleTest(request, request.params.id);
      const { name, sku, customer, vendorName, description, notes } = request.body;
      if (!isTestNameValid(name)) {
        const refusal = `name must be at least ${TEST_NAME_MIN_LENGTH} characters long (not counting spaces)`;
        throw new HttpError(400, refusal, { errors: { name: refusal } });
      }
      const ifMatch = request.headers["if-match"];
      const edited = { name: name.trim(), sku, customer, vendorName, description, notes: notesFromText(notes) };
      await db.transaction(async (tx) => {
        // Locked, so no other edit lands between the comparison and the write.
        const [current] = await tx.select().from(tests).where(eq(tests.id, test.id)).for("update");
        if (!current) throw notFound(TEST_NOT_FOUND);
        if (!ifMatchAllows(ifMatch, testEntityTag(current))) throw new HttpError(412, TEST_CHANGED);
        await tx.update(tests).set(edited).where(eq(tests.id, test.id));
        await logTestActivity(
          tx,
          callerOf(request),
          "update",
          test.id,
          changesBetween(editedTestFields(current), edited),
        );
      });
      const saved = await answer(test.id);
      void reply.header("etag", testEntityTag(saved)).header("access-control-expose-headers", EXPOSED_HEADERS);
      return saved;
    },
  );

  api.delete(
    "/tests/:id",
    routeOptions("signedIn", TAG, "Delete a test (soft delete)", {
      description: "Spec §6: an admin of the account, the test's creator, or the owner of its business.",
      params: idParams,
      response: {
        204: noContent("Deleted."),
        ...refusals({
          400: true,
          401: "Not signed in, or `You don't have permission to delete this test.`",
          499: true,
          404: TEST_NOT_VISIBLE,
        }),
      },
    }),
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
      // Who deleted it is kept for the Recover screen (testRecords/recover.ts).
      await db.transaction(async (tx) => {
        await tx.update(tests).set({ deletedAt: new Date(), deletedBy: caller.id }).where(eq(tests.id, test.id));
        await logTestActivity(tx, caller, "delete", test.id, { name: test.name });
      });
      return reply.status(204).send(null);
    },
  );

  // Decision: whoever may see a test may delete its photos (spec §6 restricts deleting the test
  // itself, and says nothing of its photos; the console offers photo deletion to every viewer).
  api.delete(
    "/tests/:id/:fileId",
    routeOptions("signedIn", TAG, "Delete one file of a test", {
      description: "Whoever may see the test may delete its files; the stored blob goes when no file refers to it.",
      params: Type.Object({ id: Type.String({ maxLength: 100 }), fileId: Type.String({ maxLength: 100 }) }),
      response: {
        204: noContent("Deleted."),
        ...refusals({ 400: true, ...GUARD_REFUSALS, 404: "Test not found, or File not found." }),
      },
    }),
    async (request, reply) => {
      const test = await visibleTest(request, request.params.id);
      const storageKey = await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(testFiles)
          .where(and(eq(testFiles.id, request.params.fileId), eq(testFiles.testId, test.id)))
          .returning({ storageKey: testFiles.storageKey, name: testFiles.name });
        if (!deleted) throw notFound("File not found");
        await logTestActivity(tx, callerOf(request), "delete-file", test.id, { file: deleted.name });
        const [others] = await tx
          .select({ n: count() })
          .from(testFiles)
          .where(eq(testFiles.storageKey, deleted.storageKey));
        return (others?.n ?? 0) === 0 ? deleted.storageKey : null;
      });
      // After the commit: a blob (and its thumbnails) goes only when no file row references it any more.
      if (storageKey !== null) await deleteBlobAndThumbnails(storage, storageKey);
      return reply.status(204).send(null);
    },
  );

  api.post(
    "/tests/download/:id",
    routeOptions(
      "signedIn",
      TAG,
      "Download some of a test's files as one zip",
      {
        description:
          "The body names the files by id; the zip holds them in that order, a repeated name made unique. 400 names ids that are not this test's files.",
        params: idParams,
        body: testDownloadRequestSchema,
        response: {
          200: binary("application/zip", "The zip, streamed: the files in the order asked for, each name once."),
          ...refusals({
            400: "Invalid body, or unknown file ids for this test.",
            ...GUARD_REFUSALS,
            404: TEST_NOT_VISIBLE,
          }),
        },
      },
      { allowedDuringGrace: true },
    ),
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
        return testFileEntry(name(safeFileName(file.name)), file);
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

  api.post(
    "/tests/share/:id",
    routeOptions("signedIn", TAG, "Share a test: its public view and AI calls then work without a token", {
      description: "Sharing again changes nothing and answers the first date; the first share is in the activity log.",
      params: idParams,
      response: {
        200: described(shareResponseSchema, "Shared: since when (sharing again keeps it)."),
        ...VISIBLE_TEST_REFUSALS,
      },
    }),
    async (request) => {
      const test = await visibleTest(request, request.params.id);
      if (test.sharedAt !== null) return { sharedAt: test.sharedAt.toISOString() };
      const sharedAt = await db.transaction(async (tx) => {
        // Sharing again keeps the first date; only the first share is a change worth an entry.
        const [first] = await tx
          .update(tests)
          .set({ sharedAt: sql`now()` })
          .where(and(eq(tests.id, test.id), isNull(tests.sharedAt)))
          .returning({ sharedAt: tests.sharedAt });
        if (!first) {
          const [raced] = await tx.select({ sharedAt: tests.sharedAt }).from(tests).where(eq(tests.id, test.id));
          return raced?.sharedAt ?? new Date();
        }
        await logTestActivity(tx, callerOf(request), "share", test.id, { sharedAt: first.sharedAt });
        return first.sharedAt!;
      });
      return { sharedAt: sharedAt.toISOString() };
    },
  );
};
