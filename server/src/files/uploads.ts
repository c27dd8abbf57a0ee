/**
 * POST /api/v2/tests/file: adds one file (kind Other) to a test, multipart (spec §5, §7).
 *
 * The file is streamed to a temporary file first, under the size limit; only once it is
 * complete, of an allowed extension, not empty, and its content agrees with that extension is it
 * moved into storage and given a row. A photo is decoded too (files/thumbnails.ts): its two thumbnails
 * are stored beside it, and one that cannot be decoded or has too many pixels is refused. Any
 * refusal leaves no row and no blob behind. The file counts against the test's account's storage
 * quota (accounts/storage.ts): checked before the blob is stored, and again under the account's
 * lock in the transaction that writes the row, so two uploads at the limit cannot both pass.
 *
 * Registered in its own plugin, so multipart bodies are accepted here and nowhere else.
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import Type from "typebox";
import { uploadResponseSchema } from "../../../src/api/schemas/tests";
import { FILE_KIND, SERVICE_UPLOAD_EXTENSIONS, type UploadResponse } from "../../../src/api/tests";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from "../../../src/api/uploadLimit";
import { checkStorage, reserveStorage, STORAGE_REFUSAL_DOC } from "../accounts/storage";
import { callerOf } from "../auth/guard";
import { testFiles } from "../db/schema";
import { described, DOCUMENTED_BODY, GUARD_REFUSALS, refusals, routeOptions } from "../docs/openapi";
import { EMPTY_FILE, uploadFormatOf, type UploadFormat } from "./contentCheck";
import {
  deleteBlobAndThumbnails,
  MAX_PHOTO_PIXELS,
  photoHeader,
  storeThumbnails,
  UnreadableImageError,
} from "./thumbnails";
import { safeFileName } from "./zip";
import { HttpError, notFound } from "../http/errors";
import { formParts, translateMultipartError, type MultipartWording } from "../http/multipart";
import type { Services } from "../services";
import { canSeeTest, findLiveTest, logTestActivity, TEST_NOT_FOUND, toApiFile } from "../testRecords/queries";

export const ONE_FILE_ONLY = "Upload one file at a time.";
export const TOO_MANY_PIXELS = `The photo is too large: the limit is ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`;
const notOfFormat = (format: UploadFormat) => `The file's content is not a ${format.extension} file.`;

/** sharp's names for the formats a photo's extension promises. */
const DECODED_FORMAT: Record<string, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" };

/** A photo must decode as the format its extension names, within the pixel limit. */
async function checkPhoto(path: string, format: UploadFormat): Promise<void> {
  const header = await photoHeader(path);
  if (!header || header.format !== DECODED_FORMAT[format.contentType]) throw new HttpError(400, notOfFormat(format));
  if (header.width * header.height > MAX_PHOTO_PIXELS) throw new HttpError(400, TOO_MANY_PIXELS);
}

interface ReceivedFile {
  path: string;
  name: string;
  size: number;
}

interface Form {
  fields: Map<string, string>;
  file: ReceivedFile | undefined;
}

/** Multipart's own errors, in this route's words. */
const multipartWording: MultipartWording = {
  tooLarge: () => new HttpError(413, UPLOAD_TOO_LARGE),
  tooManyFiles: () => new HttpError(400, ONE_FILE_ONLY),
  tooManyFields: "The form has too many fields.",
};

/** Reads the whole form; the file goes to `tempDir`. */
async function receiveForm(request: FastifyRequest, tempDir: string): Promise<Form> {
  const form: Form = { fields: new Map(), file: undefined };
  try {
    for await (const part of formParts(request)) {
      if (part.type === "field") {
        if (typeof part.value !== "string") throw new HttpError(400, `${part.fieldname} must be text`);
        form.fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== "files") {
        part.file.resume();
        throw new HttpError(400, `The file must be sent in the field "files", not "${part.fieldname}"`);
      }
      const path = join(tempDir, randomUUID());
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw new HttpError(413, UPLOAD_TOO_LARGE);
      form.file = { path, name: part.filename, size: (await stat(path)).size };
    }
  } catch (error) {
    throw translateMultipartError(error, multipartWording);
  }
  return form;
}

export const uploadRoutes: FastifyPluginAsyncTypebox<Services> = async (
  app,
  { db, storage, fileLinks, config, clock },
) => {
  await app.register(fastifyMultipart, {
    // One file: a second one makes multipart raise its files limit, which we answer with 400.
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
  const kindField = `${config.productKey}TestFileType`;

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    "/v2/tests/file",
    routeOptions("signedIn", "Tests", "Add one file (kind Other) to a test", {
      description: `multipart/form-data, one file of at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MiB: ${SERVICE_UPLOAD_EXTENSIONS.join(", ")}, its content checked against its extension; a photo of at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels that decodes, stored with its WebP thumbnails. It counts against the test's account's storage quota (409 beyond it).`,
      consumes: ["multipart/form-data"],
      // Documented only: the multipart body is read by the handler, not validated by Fastify.
      [DOCUMENTED_BODY]: Type.Object({
        testId: Type.String({ description: "The test's id." }),
        [kindField]: Type.Integer({ enum: [FILE_KIND.Other], description: "The file's kind: -1 (Other)." }),
        files: Type.String({ format: "binary", description: "The file." }),
      }),
      response: {
        201: described(uploadResponseSchema, "Stored: the file as the test now lists it."),
        ...refusals({
          400: "A refused form or file: the message says why.",
          ...GUARD_REFUSALS,
          404: "Test not found",
          409: STORAGE_REFUSAL_DOC,
          413: UPLOAD_TOO_LARGE,
        }),
      },
    }),
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, "Content-Type must be multipart/form-data");
      const tempDir = await mkdtemp(join(tmpdir(), "gemtest-upload-"));
      try {
        const { fields, file } = await receiveForm(request, tempDir);
        if (!file) throw new HttpError(400, "files is required: attach one file");
        const testId = fields.get("testId");
        if (!testId) throw new HttpError(400, "testId is required");
        const kind = fields.get(kindField);
        if (kind === undefined) throw new HttpError(400, `${kindField} is required`);
        if (Number(kind) !== FILE_KIND.Other) {
          throw new HttpError(400, `${kindField} must be ${FILE_KIND.Other} (Other): only other files may be uploaded`);
        }
        const caller = callerOf(request);
        const test = await findLiveTest(db, testId);
        if (!test || !canSeeTest(caller, test)) throw notFound(TEST_NOT_FOUND);

        const name = safeFileName(file.name.split(/[\\/]/).pop() ?? "", "");
        const format = uploadFormatOf(name);
        if (name === "" || !format) {
          throw new HttpError(400, `Only ${SERVICE_UPLOAD_EXTENSIONS.join(", ")} files may be uploaded.`);
        }
        if (file.size === 0) throw new HttpError(400, EMPTY_FILE);
        if (!(await format.matches(file.path, file.size))) throw new HttpError(400, notOfFormat(format));
        if (format.type === "image") await checkPhoto(file.path, format);
        // The test's account pays for it (whoever uploads); checked again as the row is written.
        const room = { accountId: test.accountId, bytes: file.size, need: "file" as const };
        await checkStorage(db, config.quota, clock, room);

        const { key, size } = await storage.put(createReadStream(file.path));
        try {
          if (format.type === "image") {
            await storeThumbnails(storage, key, file.path).catch((error: unknown) => {
              // A header that reads but pixels that do not: a damaged photo.
              throw error instanceof UnreadableImageError ? new HttpError(400, notOfFormat(format)) : error;
            });
          }
          const row = await db.transaction(async (tx) => {
            await reserveStorage(tx, config.quota, clock, { ...room, bytes: size });
            const [stored] = await tx
              .insert(testFiles)
              .values({
                id: randomUUID(),
                testId: test.id,
                name,
                storageKey: key,
                group: 0,
                type: format.type,
                kind: FILE_KIND.Other,
                size,
                contentType: format.contentType,
              })
              .returning();
            if (!stored) throw new Error("The file row was not stored");
            await logTestActivity(tx, caller, "upload", test.id, { file: name, size });
            return stored;
          });
          const answer: UploadResponse = { file: toApiFile(row, fileLinks, config.productKey) };
          return reply.status(201).send(answer);
        } catch (error) {
          await deleteBlobAndThumbnails(storage, key);
          throw error;
        }
      } finally {
        await rm(tempDir, { recursive: true, force: true });
      }
    },
  );
};
