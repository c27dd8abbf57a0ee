/**
 * GET /api/files/{fileId}?exp=…&sig=…: a test file, by the capability link the service put into
 * an answer the caller could see (files/links.ts). No bearer token: <img src> cannot send one.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, isNull } from "drizzle-orm";
import Type from "typebox";
import { testFiles, tests } from "../db/schema";
import { binary, HEADERS, refusals, routeOptions, withHeaders } from "../docs/openapi";
import { UPLOAD_FORMATS } from "./contentCheck";
import { attachmentDisposition } from "./zip";
import { forbidden, notFound } from "../http/errors";
import type { Services } from "../services";
import {
  hasThumbnails,
  isThumbnailWidth,
  lazyThumbnails,
  THUMBNAIL_CONTENT_TYPE,
  THUMBNAIL_WIDTHS,
  UnreadableImageError,
} from "./thumbnails";

export const INVALID_FILE_LINK = "This file link is not valid or has expired.";

/**
 * What GET /files/{fileId} answers: a file's Content-Type is the one its upload was checked to be
 * (files/uploads.ts, contentCheck.ts); the seed's files are of these types too.
 */
export const FILE_CONTENT_TYPES = [...new Set(Object.values(UPLOAD_FORMATS).map((format) => format.contentType))];
export const NO_THUMBNAIL = "This file has no thumbnail.";

const linkQuery = Type.Object({
  exp: Type.Optional(Type.String({ maxLength: 20, description: "Expiry, seconds since 1970." })),
  sig: Type.Optional(Type.String({ maxLength: 100, description: "The link's signature." })),
});

export const fileRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db, storage, fileLinks }) => {
  /** The file a link names, checked the same way for the file and its thumbnails: 403 or 404 otherwise. */
  async function linkedFile(fileId: string, exp: string | undefined, sig: string | undefined) {
    if (!fileLinks.verify(fileId, exp, sig)) throw forbidden(INVALID_FILE_LINK);
    const [file] = await db
      .select({
        name: testFiles.name,
        storageKey: testFiles.storageKey,
        contentType: testFiles.contentType,
        type: testFiles.type,
      })
      .from(testFiles)
      .innerJoin(tests, eq(tests.id, testFiles.testId))
      .where(and(eq(testFiles.id, fileId), isNull(tests.deletedAt)));
    if (!file) throw notFound("File not found");
    return file;
  }
  /** The link is the credential: the browser may keep the bytes until it expires, proxies not. */
  const cacheUntilExpiry = (exp: string | undefined) =>
    `private, max-age=${Math.max(0, Number(exp) - Math.floor(Date.now() / 1000))}`;
  const thumbnails = lazyThumbnails(storage);

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    "/files/:fileId",
    routeOptions("public", "Files", "A test file, by the signed link an answer gave", {
      description:
        "No bearer token (an <img> cannot send one): the link is the credential. Cached privately until it expires.",
      params: Type.Object({ fileId: Type.String({ maxLength: 100 }) }),
      querystring: linkQuery,
      response: {
        200: withHeaders(
          binary(
            FILE_CONTENT_TYPES,
            "The file's bytes, with its own Content-Type: the type its upload was checked to be (a photo, a PDF or a Word document).",
          ),
          {
            "Content-Disposition": {
              ...HEADERS.contentDisposition["Content-Disposition"],
              description:
                "For a document (PDF, Word): `attachment` with the file's name. A photo is answered inline, without it.",
              example: `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
            },
          },
        ),
        ...refusals({ 400: true, 403: "This file link is not valid or has expired.", 404: "File not found" }),
      },
    }),
    async (request, reply) => {
      const { exp, sig } = request.query;
      const file = await linkedFile(request.params.fileId, exp, sig);
      const size = await storage.size(file.storageKey);
      if (size === null) throw notFound("File not found");

      reply
        .header("content-type", file.contentType)
        .header("content-length", size)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", cacheUntilExpiry(exp));
      if (file.type === "document") reply.header("content-disposition", attachmentDisposition(file.name));
      return reply.send(storage.get(file.storageKey));
    },
  );

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    "/files/:fileId/thumbnails/:width",
    routeOptions("public", "Files", "A photo's thumbnail (WebP), by the signed link an answer gave", {
      description: `The photo ${THUMBNAIL_WIDTHS.join(" or ")} pixels wide (never enlarged), WebP; the same link proof as the photo's own (exp, sig). Made on first request for photos stored before thumbnails existed.`,
      params: Type.Object({
        fileId: Type.String({ maxLength: 100 }),
        width: Type.String({ maxLength: 5, description: `One of ${THUMBNAIL_WIDTHS.join(", ")}.` }),
      }),
      querystring: linkQuery,
      response: {
        200: binary(THUMBNAIL_CONTENT_TYPE, "The thumbnail's bytes."),
        ...refusals({
          400: true,
          403: "This file link is not valid or has expired.",
          404: "File not found, or it has no thumbnail (not a photo, or one that cannot be decoded).",
        }),
      },
    }),
    async (request, reply) => {
      const { exp, sig } = request.query;
      // The link first, exactly as for the photo itself: nothing about the file is told before it.
      const file = await linkedFile(request.params.fileId, exp, sig);
      const width = Number(request.params.width);
      if (String(width) !== request.params.width || !isThumbnailWidth(width)) throw notFound(NO_THUMBNAIL);
      if (file.type !== "image" || !hasThumbnails(file.contentType)) throw notFound(NO_THUMBNAIL);
      let key: string | null;
      try {
        key = await thumbnails.ensure(file.storageKey, width);
      } catch (error) {
        if (error instanceof UnreadableImageError) throw notFound(NO_THUMBNAIL);
        throw error;
      }
      const size = key === null ? null : await storage.size(key);
      if (key === null || size === null) throw notFound(NO_THUMBNAIL);
      reply
        .header("content-type", THUMBNAIL_CONTENT_TYPE)
        .header("content-length", size)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", cacheUntilExpiry(exp));
      return reply.send(storage.get(key));
    },
  );
};
