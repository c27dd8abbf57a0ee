/**
 * GET /api/files/{fileId}?exp=…&sig=…: a test file, by the capability link the service put into
 * an answer the caller could see (files/links.ts). No bearer token: <img src> cannot send one.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import Type from "typebox";
import { testFiles, tests } from "../db/schema";
import { binary, refusals, routeOptions } from "../docs/openapi";
import { attachmentDisposition } from "./zip";
import { forbidden, notFound } from "../http/errors";
import type { Services } from "../services";

export const INVALID_FILE_LINK = "This file link is not valid or has expired.";

export function fileRoutes(app: FastifyInstance, { db, storage, fileLinks }: Services): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    "/files/:fileId",
    routeOptions("public", "Files", "A test file, by the signed link an answer gave", {
      description:
        "No bearer token (an <img> cannot send one): the link is the credential. Cached privately until it expires.",
      params: Type.Object({ fileId: Type.String({ maxLength: 100 }) }),
      querystring: Type.Object({
        exp: Type.Optional(Type.String({ maxLength: 20, description: "Expiry, seconds since 1970." })),
        sig: Type.Optional(Type.String({ maxLength: 100, description: "The link's signature." })),
      }),
      response: {
        200: binary("application/octet-stream", "The file's bytes, with its own Content-Type."),
        ...refusals({ 400: true, 403: "This file link is not valid or has expired.", 404: "File not found" }),
      },
    }),
    async (request, reply) => {
      const { fileId } = request.params;
      const { exp, sig } = request.query;
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
      const size = await storage.size(file.storageKey);
      if (size === null) throw notFound("File not found");

      const maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
      reply
        .header("content-type", file.contentType)
        .header("content-length", size)
        .header("x-content-type-options", "nosniff")
        // The link is the credential: the browser may keep the bytes until it expires, proxies not.
        .header("cache-control", `private, max-age=${maxAge}`);
      if (file.type === "document") reply.header("content-disposition", attachmentDisposition(file.name));
      return reply.send(storage.get(file.storageKey));
    },
  );
}
