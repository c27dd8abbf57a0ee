/**
 * Firmware builds (docs/api-resources.md "Firmware"), super admins only: the multipart upload
 * streams the file into storage while hashing it, under a size limit, and answers the record.
 * Registered in its own plugin, so multipart bodies are accepted here and nowhere else.
 */
import { firmwareUploadFieldsSchema, MAX_RELEASE_NOTES } from "../../../src/api/schemas/resourceWrites";
import { createHash, randomUUID } from "node:crypto";
import { pipeline, Transform, type Readable } from "node:stream";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import Type from "typebox";
import { FIRMWARE_MAX_BYTES, FIRMWARE_STATUSES, FIRMWARE_VERSION_PATTERN } from "../../../src/api/resources";
import { DEVICE_TYPES } from "../../../src/api/tests";
import { callerOf } from "../auth/guard";
import { EMPTY_FILE } from "../files/contentCheck";
import { alias } from "drizzle-orm/pg-core";
import { firmware, users } from "../db/schema";
import { attachmentDisposition, safeFileName } from "../files/zip";
import type { FileStorage } from "../files/storage";
import { fieldError, HttpError } from "../http/errors";
import { formParts, translateMultipartError } from "../http/multipart";
import { DOCUMENTED_BODY, HEADERS, routeOptions, withHeaders } from "../docs/openapi";
import type { Services } from "../services";
import { implementResource } from "../resources/definition";
import { firmwareContract } from "../../../src/api/contract/firmware";
import { stringEnum } from "../../../src/api/schemas/common";
import { declaredAccess, readRoutes } from "../resources/routes";
import { writeRoutes } from "../resources/writeRoutes";
import { answers, errors, idParams, SIGNED_IN_ERRORS, versionSchema } from "../resources/schemas";
import { fullName, rowsOf, sqlText } from "../resources/sql";
import { notFoundOf, recordCreated } from "../resources/writes";
import { deviceNotifications } from "../devices/notifications";

const f = alias(firmware, "f");
const u = alias(users, "u");

export const firmwareDefinition = implementResource(firmwareContract, {
  from: sqlText`firmware f left join users u on ${u.id} = ${f.uploadedBy}`,
  table: f,
  columns: {
    fileSize: sqlText`${f.fileSize}::float8`,
    uploadedById: f.uploadedBy,
    uploadedByName: fullName(u),
  },
  search: [f.firmwareVersion, f.releaseNotes],
  sorts: { fileSize: f.fileSize, uploadedByName: sqlText`${u.lastName} || ' ' || ${u.firstName}` },
});

interface StoredUpload {
  key: string;
  name: string;
  size: number;
  sha256: string;
}

const tooLarge = (limit: number) => fieldError(413, "file", `The file is too large: the limit is ${limit} bytes.`);

/** Multipart's own errors in our words; the limit is the firmware's. */
const multipartWording = (limit: number) => ({
  tooLarge: () => tooLarge(limit),
  tooManyFiles: () => fieldError(400, "file", "Upload one file."),
  tooManyFields: "The form has too many or too long fields.",
});

/**
 * Reads the form, streaming the file straight into storage through a SHA-256 pass: memory stays
 * flat for a 200 MiB build. Whatever goes wrong, no blob is left behind.
 */
async function receive(request: FastifyRequest, storage: FileStorage, limit: number) {
  const fields = new Map<string, string>();
  let upload: StoredUpload | undefined;
  try {
    for await (const part of formParts(request)) {
      if (part.type === "field") {
        if (typeof part.value !== "string") throw new HttpError(400, `${part.fieldname} must be text`);
        fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== "file" || upload) {
        part.file.resume();
        throw fieldError(400, "file", `Send one file, in the field "file".`);
      }
      const hash = createHash("sha256");
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      // pipeline(), not pipe(): an aborted or truncated upload must fail the write, not stall it,
      // even when the part failed before this line (a truncated body ends it at once).
      pipeline(part.file, hashing, () => undefined);
      const stored = await storage.put(hashing);
      upload = { key: stored.key, name: part.filename, size: stored.size, sha256: hash.digest("hex") };
      // Multipart stops at the limit and marks the stream truncated instead of failing it.
      if (part.file.truncated) throw tooLarge(limit);
    }
    return { fields, upload };
  } catch (error) {
    if (upload) await storage.delete(upload.key);
    throw translateMultipartError(error, multipartWording(limit));
  }
}

export const firmwareRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  const { db, storage, config } = services;
  const def = firmwareDefinition;
  const notifications = deviceNotifications(app, services);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const responses = answers(def);
  const tag = def.name;
  const writes = writeRoutes(app, db, def, firmware);
  readRoutes(app, db, def);

  app.register(async (uploads) => {
    const limit = config.firmwareMaxBytes ?? FIRMWARE_MAX_BYTES;
    await uploads.register(fastifyMultipart, {
      limits: { fileSize: limit, files: 1, fields: 5, parts: 8, fieldSize: MAX_RELEASE_NOTES * 4 },
    });

    const options = routeOptions(
      declaredAccess(def, "create"),
      tag,
      "Upload a firmware build: multipart/form-data with file, firmwareVersion, deviceTypeCode, releaseNotes",
      {
        description:
          "The version must be semantic (4.2.1) and new for its device type (422 otherwise); the release notes are required. 413 for a file past the configured limit.",
        consumes: ["multipart/form-data"],
        // Documented only: the multipart form is read (and checked) by the handler, not by Fastify.
        [DOCUMENTED_BODY]: Type.Object({
          file: Type.String({ format: "binary", description: "The build, at most the configured limit." }),
          ...firmwareUploadFieldsSchema.properties,
        }),
        response: { ...responses.created, 201: withHeaders(responses.created[201], HEADERS.location), ...errors(413) },
      },
    );
    uploads.withTypeProvider<TypeBoxTypeProvider>().post("/firmware", options, async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, "Content-Type must be multipart/form-data");
      const caller = callerOf(request);
      const { fields, upload } = await receive(request, storage, limit);
      try {
        if (!upload) throw fieldError(400, "file", "file is required");
        // An empty build would be offered to every owner once published: no build at all.
        if (upload.size === 0) throw fieldError(400, "file", EMPTY_FILE);
        for (const name of fields.keys()) {
          if (!["firmwareVersion", "deviceTypeCode", "releaseNotes"].includes(name))
            throw new HttpError(400, `${name} is not an allowed field`);
        }
        const firmwareVersion = (fields.get("firmwareVersion") ?? "").trim();
        const typeText = (fields.get("deviceTypeCode") ?? "").trim();
        const releaseNotes = fields.get("releaseNotes") ?? "";
        if (!firmwareVersion) throw fieldError(400, "firmwareVersion", "firmwareVersion is required");
        if (!typeText) throw fieldError(400, "deviceTypeCode", "deviceTypeCode is required");
        if (!releaseNotes.trim()) throw fieldError(400, "releaseNotes", "releaseNotes is required");
        if (releaseNotes.length > MAX_RELEASE_NOTES)
          throw fieldError(400, "releaseNotes", `At most ${MAX_RELEASE_NOTES} characters.`);
        if (!FIRMWARE_VERSION_PATTERN.test(firmwareVersion))
          throw fieldError(422, "firmwareVersion", "Use a semantic version such as 4.2.1.");
        const deviceTypeCode = Number(typeText);
        if (!/^\d+$/.test(typeText) || DEVICE_TYPES[deviceTypeCode] === undefined)
          throw fieldError(422, "deviceTypeCode", "Not a known device type.");
        const record = await db.transaction(async (tx) => {
          const [taken] = await rowsOf(
            tx,
            sql`select 1 from firmware where device_type_code = ${deviceTypeCode} and firmware_version = ${firmwareVersion}`,
          );
          if (taken) throw fieldError(422, "firmwareVersion", "This version already exists for this device type.");
          const id = randomUUID();
          await tx.insert(firmware).values({
            id,
            firmwareVersion,
            deviceTypeCode,
            releaseNotes,
            fileName: safeFileName(upload.name, "firmware.bin"),
            fileSize: upload.size,
            sha256: upload.sha256,
            storageKey: upload.key,
            uploadedBy: caller.id,
          });
          return recordCreated(tx, def, caller, id);
        });
        return reply.status(201).header("location", `/api/firmware/${record.id}`).send(record);
      } catch (error) {
        if (upload) await storage.delete(upload.key);
        throw error;
      }
    });
  });

  writes.updateRoute({
    summary: "Update a build's release notes and status (the file never changes)",
    fields: {
      version: versionSchema,

      releaseNotes: Type.String({ minLength: 1, maxLength: MAX_RELEASE_NOTES }),
      status: stringEnum(FIRMWARE_STATUSES),
    },
    change:
      (body, { afterCommit }) =>
      (current) => {
        // A build becomes available when it is published: the owners of devices it is newer for
        // hear of it (docs/api.md "Public flows"), once the change is committed.
        if (body.status === "published" && current.status !== "published") {
          afterCommit(() =>
            notifications.firmwarePublished({
              deviceTypeCode: current.deviceTypeCode,
              firmwareVersion: current.firmwareVersion,
              releaseNotes: body.releaseNotes,
            }),
          );
        }
        return body;
      },
  });

  writes.deleteRoute({
    summary: "Delete a build, then (after the commit) its file",
    remove: async (tx, { id }) => {
      const [row] = await tx.delete(firmware).where(eq(firmware.id, id)).returning({ key: firmware.storageKey });
      // After the commit: a failed transaction must not have lost the file.
      return () => storage.delete(row!.key);
    },
  });

  api.get(
    "/firmware/:id/file",
    routeOptions(declaredAccess(def, "get"), tag, "Download a build's file", {
      description: "The bytes as uploaded, under the uploaded file's name.",
      params: idParams,
      response: {
        200: {
          description: "The file, as an attachment",
          content: {
            "application/octet-stream": { schema: Type.Unsafe<Readable>({ type: "string", format: "binary" }) },
          },
        },
        ...errors(...SIGNED_IN_ERRORS, 404),
      },
    }),
    async (request, reply) => {
      const [row] = await db.select().from(firmware).where(eq(firmware.id, request.params.id));
      if (!row) throw notFoundOf(def);
      return reply
        .header("content-type", "application/octet-stream")
        .header("content-length", String(row.fileSize))
        .header("content-disposition", attachmentDisposition(row.fileName))
        .send(storage.get(row.storageKey));
    },
  );
};
