/**
 * The signed-in user's avatar (docs/api.md "User settings"):
 *
 * - POST users/me/avatar, multipart, one JPEG or PNG of at most 2 MiB whose content agrees with its
 *   extension (files/contentCheck.ts). Stored as uploaded through the storage interface: no image
 *   library is a dependency, and the console shows it at 100 px at most.
 * - DELETE users/me/avatar: back to the initials (spec §1).
 * - GET users/{id}/avatar/{key}: the image. Public, because an <img> cannot send a bearer token:
 *   the key is random (122 bits) and only reaches those the user record is shown to, and the route
 *   answers only the user's current avatar, so a replaced or removed one stops being served at once.
 *
 * users.avatar keeps holding a URL (the column held external URLs before uploads existed), now
 * the path of the route above, so every reader of the user (the session, the users list) shows it
 * unchanged. Replacing writes the new blob, commits, then deletes the old one; a refused or failed
 * upload leaves no blob behind. Avatar changes do not bump the user's version: no edit form
 * carries the avatar, so a name form open elsewhere stays valid.
 *
 * An avatar counts against its user's account's storage quota (accounts/storage.ts) by its size
 * (users.avatar_size): a new one may add what it is larger than the one it replaces, checked before
 * its blob is stored and again under the account's lock as it is recorded.
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import fastifyMultipart from "@fastify/multipart";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import sharp from "sharp";
import Type from "typebox";
import { apiUserSchema } from "../../../src/api/schemas/auth";
import { AVATAR_EXTENSIONS, AVATAR_FIELD, AVATAR_MAX_BYTES } from "../../../src/api/userSettings";
import { checkStorage, lockAccountStorage, reserveStorage, STORAGE_REFUSAL_DOC } from "../accounts/storage";
import { callerOf } from "../auth/guard";
import type { Clock } from "../clock";
import type { QuotaConfig } from "../config";
import { users } from "../db/schema";
import { binary, described, DOCUMENTED_BODY, GUARD_REFUSALS, refusals, routeOptions } from "../docs/openapi";
import { EMPTY_FILE, uploadFormatOf } from "../files/contentCheck";
import { MAX_PHOTO_PIXELS, photoHeader } from "../files/thumbnails";
import type { FileStorage } from "../files/storage";
import { HttpError, notFound } from "../http/errors";
import { formParts, translateMultipartError, type MultipartWording } from "../http/multipart";
import type { Tx } from "../resources/sql";
import { logOwnActivity } from "../resources/writes";
import type { Services } from "../services";
import { toApiUser, type UserRow } from "../users/queries";
import { USER_SETTINGS_TAG } from "./tag";

export const AVATAR_TOO_LARGE = "The image is too large: the limit is 2 MiB.";
export const AVATAR_TOO_MANY_PIXELS = `The image is too large: the limit is ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`;

/**
 * An avatar's largest side as stored: it is drawn at most a few hundred pixels wide (the profile
 * page, on a sharp screen). A larger image is shrunk to it, so a 12000 × 12000 PNG of 444 KB is not
 * what every list with that person's face downloads and decodes (outside review).
 */
export const AVATAR_MAX_SIDE = 512;
export const AVATAR_WRONG_TYPE = `Only ${AVATAR_EXTENSIONS.join(", ")} images may be an avatar.`;
export const AVATAR_NOT_FOUND = "Avatar not found.";
const ONE_IMAGE = "Upload one image.";

/** Storage keys of avatars: random, with the format's extension (the served Content-Type). */
const AVATAR_KEY = /^avatar-[0-9a-f-]{36}\.(png|jpg)$/;
const CONTENT_TYPES = { png: "image/png", jpg: "image/jpeg" } as const;

export const avatarPath = (userId: string, key: string) => `/api/users/${encodeURIComponent(userId)}/avatar/${key}`;

/** The storage key of an avatar this service stored for the user; null for none or an external URL. */
export function storedAvatarKey(userId: string, avatar: string | null): string | null {
  const prefix = avatarPath(userId, "");
  if (!avatar?.startsWith(prefix)) return null;
  const key = avatar.slice(prefix.length);
  return AVATAR_KEY.test(key) ? key : null;
}

const multipartWording: MultipartWording = {
  tooLarge: () => new HttpError(413, AVATAR_TOO_LARGE),
  tooManyFiles: () => new HttpError(400, ONE_IMAGE),
  tooManyFields: "The form has too many fields.",
};

interface ReceivedImage {
  path: string;
  name: string;
  size: number;
}

/** Reads the form's one image into `tempDir`, under the size limit. */
async function receiveImage(request: FastifyRequest, tempDir: string): Promise<ReceivedImage> {
  let image: ReceivedImage | undefined;
  try {
    for await (const part of formParts(request)) {
      if (part.type === "field") throw new HttpError(400, `${part.fieldname} is not an allowed field`);
      if (part.fieldname !== AVATAR_FIELD) {
        part.file.resume();
        throw new HttpError(400, `The image must be sent in the field "${AVATAR_FIELD}", not "${part.fieldname}"`);
      }
      const path = join(tempDir, randomUUID());
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw new HttpError(413, AVATAR_TOO_LARGE);
      image = { path, name: part.filename, size: (await stat(path)).size };
    }
  } catch (error) {
    throw translateMultipartError(error, multipartWording);
  }
  if (!image) throw new HttpError(400, `${AVATAR_FIELD} is required: attach one image`);
  return image;
}

/** The image's storage extension, once its name and content agree on JPEG or PNG. */
async function checkedExtension(image: ReceivedImage): Promise<"png" | "jpg"> {
  const format = uploadFormatOf(image.name);
  // Test file uploads also take WebP; avatars stay JPEG or PNG.
  if (!format || !AVATAR_EXTENSIONS.some((extension) => extension === format.extension)) {
    throw new HttpError(400, AVATAR_WRONG_TYPE);
  }
  if (image.size === 0) throw new HttpError(400, EMPTY_FILE);
  if (!(await format.matches(image.path, image.size))) {
    throw new HttpError(400, `The file's content is not a ${format.extension} image.`);
  }
  return format.contentType === "image/png" ? "png" : "jpg";
}

/**
 * The image as it is stored: larger than AVATAR_MAX_SIDE a side, shrunk to it in its own format;
 * too many pixels to decode, refused. An image whose header sharp cannot read is kept as it is
 * (its name and first bytes already agree on its format).
 */
async function fittedAvatar(image: ReceivedImage, extension: "png" | "jpg", tempDir: string): Promise<ReceivedImage> {
  const header = await photoHeader(image.path);
  if (!header) return image;
  if (header.width * header.height > MAX_PHOTO_PIXELS) throw new HttpError(400, AVATAR_TOO_MANY_PIXELS);
  if (header.width <= AVATAR_MAX_SIDE && header.height <= AVATAR_MAX_SIDE) return image;
  const path = join(tempDir, randomUUID());
  try {
    const shrunk = sharp(image.path, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" })
      .rotate()
      .resize(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE, { fit: "inside" });
    await (extension === "png" ? shrunk.png() : shrunk.jpeg({ quality: 85 })).toFile(path);
  } catch {
    throw new HttpError(400, `The file's content is not a ${extension} image.`);
  }
  return { ...image, path, size: (await stat(path)).size };
}

/** A stored avatar's bytes, and the quota they must fit in. */
interface StoredAvatar {
  size: number;
  quota: QuotaConfig;
  clock: Clock;
}

/**
 * Sets the caller's avatar (a URL or null) in one transaction with its activity entry; answers the
 * user and the avatar it replaced. A user whose avatar is already that changes nothing. A stored
 * avatar must fit in the account's quota with the replaced one's bytes given back (409 otherwise).
 */
async function setAvatar(
  db: Services["db"],
  caller: ReturnType<typeof callerOf>,
  avatar: string | null,
  stored?: StoredAvatar,
): Promise<{ user: UserRow; previous: string | null }> {
  return db.transaction(async (tx: Tx) => {
    // The account's lock before the user's row, in the order every storage write takes them.
    if (stored) await lockAccountStorage(tx, caller.accountId);
    const [current] = await tx.select().from(users).where(eq(users.id, caller.id)).for("update");
    if (!current) throw notFound(AVATAR_NOT_FOUND);
    if (current.avatar === avatar) return { user: current, previous: null };
    if (stored) {
      const bytes = stored.size - (current.avatarSize ?? 0);
      await reserveStorage(tx, stored.quota, stored.clock, { accountId: caller.accountId, bytes, need: "image" });
    }
    const avatarSize = stored?.size ?? null;
    const [user] = await tx.update(users).set({ avatar, avatarSize }).where(eq(users.id, caller.id)).returning();
    await logOwnActivity(tx, caller, "avatar", { avatar: [current.avatar, avatar] });
    return { user: user!, previous: current.avatar };
  });
}

/** After the commit: the replaced blob goes. A failure only leaves an unreferenced blob (never served). */
async function deleteReplaced(storage: FileStorage, log: FastifyBaseLogger, userId: string, previous: string | null) {
  const key = storedAvatarKey(userId, previous);
  if (key === null) return;
  try {
    await storage.delete(key);
  } catch (error) {
    log.warn({ err: error, key }, "could not delete a replaced avatar");
  }
}

/** Registered in its own plugin: multipart bodies are accepted by the avatar upload only. */
export async function avatarUploadRoutes(
  app: FastifyInstance,
  { db, storage, config, clock }: Services,
): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 2, fieldSize: 1024 },
  });
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    "/users/me/avatar",
    routeOptions("signedIn", USER_SETTINGS_TAG, "Upload the caller's avatar (replaces the current one)", {
      description: `multipart/form-data, the field "${AVATAR_FIELD}": one ${AVATAR_EXTENSIONS.join(", ")} image of at most 2 MiB, its content checked against its extension; one larger than ${AVATAR_MAX_SIDE} px a side is stored shrunk to it (400 past ${MAX_PHOTO_PIXELS / 1_000_000} megapixels). Counts against the account's storage quota, less the avatar it replaces (409 beyond it). Records the activity entry \`avatar\`.`,
      consumes: ["multipart/form-data"],
      [DOCUMENTED_BODY]: Type.Object({
        [AVATAR_FIELD]: Type.String({ format: "binary", description: "The image." }),
      }),
      response: {
        200: described(apiUserSchema, "Stored: the caller, with the new avatar's URL."),
        ...refusals({
          400: "A refused form or image: the message says why.",
          ...GUARD_REFUSALS,
          409: STORAGE_REFUSAL_DOC,
          413: AVATAR_TOO_LARGE,
        }),
      },
    }),
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(400, "Content-Type must be multipart/form-data");
      const caller = callerOf(request);
      const tempDir = await mkdtemp(join(tmpdir(), "gemtest-avatar-"));
      try {
        const received = await receiveImage(request, tempDir);
        const extension = await checkedExtension(received);
        const image = await fittedAvatar(received, extension, tempDir);
        const [current] = await db.select({ avatarSize: users.avatarSize }).from(users).where(eq(users.id, caller.id));
        const bytes = image.size - (current?.avatarSize ?? 0);
        await checkStorage(db, config.quota, clock, { accountId: caller.accountId, bytes, need: "image" });
        const { key, size } = await storage.put(createReadStream(image.path), {
          key: `avatar-${randomUUID()}.${extension}`,
        });
        let changed: Awaited<ReturnType<typeof setAvatar>>;
        try {
          changed = await setAvatar(db, caller, avatarPath(caller.id, key), { size, quota: config.quota, clock });
        } catch (error) {
          await storage.delete(key);
          throw error;
        }
        await deleteReplaced(storage, request.log, caller.id, changed.previous);
        return toApiUser(changed.user);
      } finally {
        await rm(tempDir, { recursive: true, force: true });
      }
    },
  );
}

export function avatarRoutes(app: FastifyInstance, { db, storage }: Services): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.delete(
    "/users/me/avatar",
    routeOptions("signedIn", USER_SETTINGS_TAG, "Remove the caller's avatar (initials are shown instead)", {
      description: "Records the activity entry `avatar` when there was one; without one, nothing changes.",
      response: {
        200: described(apiUserSchema, "The caller, without an avatar."),
        ...refusals(GUARD_REFUSALS),
      },
    }),
    async (request) => {
      const caller = callerOf(request);
      const changed = await setAvatar(db, caller, null);
      await deleteReplaced(storage, request.log, caller.id, changed.previous);
      return toApiUser(changed.user);
    },
  );

  api.get(
    "/users/:id/avatar/:key",
    routeOptions("public", USER_SETTINGS_TAG, "A user's avatar image, by the URL their record carries", {
      description:
        "No bearer token (an <img> cannot send one): the URL's random key is the credential. Only the user's current avatar is served.",
      params: Type.Object({
        id: Type.String({ minLength: 1, maxLength: 100 }),
        key: Type.String({ maxLength: 100 }),
      }),
      response: {
        200: binary(Object.values(CONTENT_TYPES), "The image, as it was uploaded (PNG or JPEG)."),
        ...refusals({ 400: true, 404: AVATAR_NOT_FOUND }),
      },
    }),
    async (request, reply) => {
      const { id, key } = request.params;
      const match = AVATAR_KEY.exec(key);
      if (!match) throw notFound(AVATAR_NOT_FOUND);
      const [user] = await db
        .select({ avatar: users.avatar, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, id));
      if (!user || user.deletedAt !== null || user.avatar !== avatarPath(id, key)) throw notFound(AVATAR_NOT_FOUND);
      const size = await storage.size(key);
      if (size === null) throw notFound(AVATAR_NOT_FOUND);
      return (
        reply
          .header("content-type", CONTENT_TYPES[match[1] as keyof typeof CONTENT_TYPES])
          .header("content-length", size)
          .header("x-content-type-options", "nosniff")
          // The URL changes with every new avatar: the browser may keep this one for a day.
          .header("cache-control", "private, max-age=86400")
          .send(storage.get(key))
      );
    },
  );
}
