/**
 * Real photos (issue 13): uploads of real device photos (JPEG, PNG, WebP, up to about
 * 3120 × 4192) are decoded and stored with two WebP thumbnails; older photos get theirs on first
 * request; a thumbnail is refused exactly like its photo; and whatever removes a photo's blob
 * removes its thumbnails, so no blob is left behind.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiTest, GalleryItem, UploadResponse } from "../../src/api/tests";
import { testFiles } from "../../server/src/db/schema";
import { INVALID_FILE_LINK, NO_THUMBNAIL } from "../../server/src/files/routes";
import { sweepLeftovers } from "../../server/src/files/sweep";
import { storeThumbnails, thumbnailKey, thumbnailKeysOf } from "../../server/src/files/thumbnails";
import { TOO_MANY_PIXELS } from "../../server/src/files/uploads";
import { deleteAccountData } from "../../server/src/lifecycle/deleteAccount";
import { removeUnreferencedBlobs } from "../../server/src/lifecycle/steps";
import { purgeDeletedTests } from "../../server/src/testRecords/purge";
import { CONTRACT } from "../fixtures/contract";
import { bearer, createTestApp, expectAnswer, type TestApp } from "./helpers";
import { photoBytes } from "./photoBytes";
import {
  A,
  B,
  get,
  insertTest,
  listFiles,
  messageOf,
  multipart,
  pngBytes,
  snapshot,
  tokens,
  U,
  type Who,
} from "./records";

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

async function upload(testId: string, name: string, content: Buffer, who: Who = "user") {
  const { payload, headers } = multipart({ testId, gemtestTestFileType: "-1" }, [{ name, content }]);
  return t.app.inject({
    method: "POST",
    url: "/api/v2/tests/file",
    headers: { ...headers, ...bearer(await token(who)) },
    payload,
  });
}

async function uploaded(testId: string, name: string, content: Buffer, who: Who = "user") {
  return expectAnswer<UploadResponse>(await upload(testId, name, content, who), CONTRACT.upload.ok).file;
}

const storageKeyOf = async (fileId: string) =>
  (await t.db.select({ key: testFiles.storageKey }).from(testFiles).where(eq(testFiles.id, fileId)))[0]!.key;

const stored = async (key: string) => (await t.storage.size(key)) !== null;

/**
 * A real device photo: 3120 × 4192 with sensor-like noise, several MB as a JPEG (the noise is a
 * cheap PRNG: sharp's own gaussian noise takes seconds at this size).
 */
async function devicePhoto(): Promise<Buffer> {
  const width = 3120;
  const height = 4192;
  const raw = Buffer.alloc(width * height * 3);
  let state = 12345;
  for (let i = 0; i < raw.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    raw[i] = 40 + ((i / 3 / width) % 160) + (state >>> 27);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A photo stored the way it was before uploads made thumbnails: a blob and a row, nothing else. */
async function olderPhoto(bytes: Buffer, contentType = "image/png") {
  const { id } = await insertTest(t.db, t.storage, { photos: 0 });
  const { key, size } = await t.storage.put(bytes);
  const fileId = randomUUID();
  await t.db.insert(testFiles).values({
    id: fileId,
    testId: id,
    name: "older.png",
    storageKey: key,
    group: 0,
    type: "image",
    kind: 1,
    size,
    contentType,
  });
  return { testId: id, fileId, key };
}

describe("uploads of real photos", () => {
  it("stores a real device photo (3120 × 4192 JPEG, several MB) with WebP thumbnails 320 and 640 wide", async () => {
    const { id } = await insertTest(t.db, t.storage, { photos: 0 });
    const photo = await devicePhoto();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    const file = await uploaded(id, "tray.jpg", photo);
    expect(file.thumbnails?.map((thumbnail) => thumbnail.width)).toEqual([320, 640]);

    const key = await storageKeyOf(file._id);
    for (const { width, link } of file.thumbnails!) {
      expect(link).toMatch(/^\/api\/files\/[^/?]+\/thumbnails\/\d+\?exp=\d+&sig=[\w-]+$/);
      // Made at upload: stored before anyone asked.
      expect(await stored(thumbnailKey(key, width as 320 | 640)!)).toBe(true);
      const served = await get(t.app, link);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: Math.round((width * 4192) / 3120) });
      expect(served.rawPayload.length).toBeLessThan(photo.length / 20);
    }
    // The original is served untouched.
    // (Buffer.equals: toEqual compares megabytes byte by byte, for tens of seconds.)
    expect((await get(t.app, file.link)).rawPayload.equals(photo)).toBe(true);
  }, 60_000);

  it.each(["png", "webp"] as const)("stores a %s photo with its thumbnails", async (format) => {
    const { id } = await insertTest(t.db, t.storage, { photos: 0 });
    const file = await uploaded(id, `photo.${format}`, await photoBytes(format, 800, 600));
    const served = await get(t.app, file.thumbnails![0]!.link);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "webp", width: 320, height: 240 });
  });

  it("stands the thumbnail the way the camera held the phone (EXIF orientation), and never enlarges", async () => {
    const { id } = await insertTest(t.db, t.storage, { photos: 0 });
    // 96 × 128 pixels stored, shown rotated a quarter turn: 128 × 96.
    const file = await uploaded(id, "turned.jpg", await photoBytes("jpeg", 96, 128, { orientation: 6 }));
    const served = await get(t.app, file.thumbnails![1]!.link);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 128, height: 96 });
  });

  it("refuses a damaged photo and one of too many pixels, leaving no row and no blob", async () => {
    const { id } = await insertTest(t.db, t.storage, { photos: 0 });
    const jpeg = await photoBytes("jpeg", 400, 300);
    const cases: [string, Buffer, RegExp | string][] = [
      // The header reads, the pixels do not.
      ["cut.jpg", jpeg.subarray(0, jpeg.length - 200), /not a \.jpg file/],
      ["fake.png", Buffer.concat([(await photoBytes("png")).subarray(0, 8), Buffer.alloc(100, 3)]), /not a \.png file/],
      [
        "fake.webp",
        Buffer.concat([Buffer.from("RIFF\x10\x00\x00\x00WEBP", "latin1"), Buffer.alloc(50, 1)]),
        /not a \.webp file/,
      ],
      ["jpeg.webp", jpeg, /not a \.webp file/],
      // 8000 × 7000: 56 megapixels, over the limit, though a few KB as a flat PNG.
      [
        "huge.png",
        await sharp({ create: { width: 8000, height: 7000, channels: 3, background: "#000" } })
          .png()
          .toBuffer(),
        TOO_MANY_PIXELS,
      ],
    ];
    for (const [name, content, message] of cases) {
      const before = await snapshot(t);
      const response = await upload(id, name, content);
      expect(response.statusCode, name).toBe(400);
      if (typeof message === "string") expect(messageOf(response)).toBe(message);
      else expect(messageOf(response)).toMatch(message);
      expect(await snapshot(t), name).toEqual(before);
    }
  }, 30_000);
});

describe("thumbnails of older photos", () => {
  it("are made on first request, stored, and served from storage after", async () => {
    const { fileId, key, testId } = await olderPhoto(await photoBytes("png", 900, 1200));
    expect(thumbnailKeysOf(key).map((k) => k)).toEqual([`${key}.w320.webp`, `${key}.w640.webp`]);
    expect(await stored(`${key}.w320.webp`)).toBe(false);

    const test = (await get(t.app, `/api/v3/tests/${testId}`, await token("user"))).json<ApiTest>();
    const listed = test.files.find((file) => file._id === fileId)!;
    expect(listed.thumbnails?.map((thumbnail) => thumbnail.width)).toEqual([320, 640]);

    // Both widths at once, as a page's srcset may ask: one decoding makes both.
    const [small, large] = await Promise.all(listed.thumbnails!.map((thumbnail) => get(t.app, thumbnail.link)));
    expect(small!.statusCode).toBe(200);
    expect(large!.statusCode).toBe(200);
    expect(await sharp(small!.rawPayload).metadata()).toMatchObject({ format: "webp", width: 320, height: 427 });
    expect(await stored(`${key}.w320.webp`)).toBe(true);
    expect(await stored(`${key}.w640.webp`)).toBe(true);
    // Served again from storage, the same bytes.
    expect((await get(t.app, listed.thumbnails![0]!.link)).rawPayload).toEqual(small!.rawPayload);
    // Nothing half-written anywhere.
    expect((await listFiles(t.config.filesDir)).filter((name) => name.startsWith(".incoming/"))).toEqual([]);
  });

  it("are 404 for a photo that cannot be decoded, with nothing stored; the photo itself is still served", async () => {
    // Bytes that only start like a PNG.
    const { testId, key } = await olderPhoto(pngBytes("broken"));
    const [file] = await listedFiles(testId);
    const response = await get(t.app, file!.thumbnails![0]!.link);
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(NO_THUMBNAIL);
    for (const thumbnail of thumbnailKeysOf(key)) expect(await stored(thumbnail)).toBe(false);
    expect((await get(t.app, file!.link)).statusCode).toBe(200);
  });
});

describe("who may see a thumbnail", () => {
  it("is refused exactly like the photo: a tampered or foreign proof 403, a deleted test 404", async () => {
    const { fileId, testId } = await olderPhoto(await photoBytes("png", 400, 300));
    const other = await olderPhoto(await photoBytes("png", 400, 300));
    const photoLink = (id: string) => `/api/files/${id}`;
    const test = (await get(t.app, `/api/v3/tests/${testId}`, await token("user"))).json<ApiTest>();
    const proof = test.files[0]!.link.split("?")[1]!;
    const tampered = proof.replace(/sig=./, (s) => (s.endsWith("A") ? "sig=B" : "sig=A"));
    const expired = proof.replace(/exp=\d+/, "exp=1000");

    for (const query of [tampered, expired, "", "exp=99999999999"]) {
      const original = await get(t.app, `${photoLink(fileId)}?${query}`);
      const thumbnail = await get(t.app, `${photoLink(fileId)}/thumbnails/320?${query}`);
      expect(original.statusCode).toBe(403);
      expect({ status: thumbnail.statusCode, body: thumbnail.json() }).toEqual({
        status: original.statusCode,
        body: original.json(),
      });
      expect(messageOf(thumbnail)).toBe(INVALID_FILE_LINK);
    }
    // One file's proof does not open another file's thumbnail.
    expect((await get(t.app, `${photoLink(other.fileId)}/thumbnails/320?${proof}`)).statusCode).toBe(403);
    // A width the service does not make, once the proof holds.
    for (const width of ["100", "abc", "0320", "320.0"]) {
      const response = await get(t.app, `${photoLink(fileId)}/thumbnails/${width}?${proof}`);
      expect(response.statusCode, width).toBe(404);
    }

    // The test deleted (in Recover's window): the photo and its thumbnail are both gone from view.
    await t.app.inject({ method: "DELETE", url: `/api/tests/${testId}`, headers: bearer(await token("admin")) });
    const original = await get(t.app, `${photoLink(fileId)}?${proof}`);
    const thumbnail = await get(t.app, `${photoLink(fileId)}/thumbnails/640?${proof}`);
    expect(original.statusCode).toBe(404);
    expect({ status: thumbnail.statusCode, body: thumbnail.json() }).toEqual({
      status: original.statusCode,
      body: original.json(),
    });
  });

  it("offers none for a document, and 404 when asked", async () => {
    const { id } = await insertTest(t.db, t.storage, { photos: 0 });
    const pdf = await uploaded(id, "report.pdf", Buffer.from("%PDF-1.4\n%%EOF\n"));
    expect(pdf.thumbnails).toBeUndefined();
    const proof = pdf.link.split("?")[1]!;
    const response = await get(t.app, `/api/files/${pdf._id}/thumbnails/320?${proof}`);
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(NO_THUMBNAIL);
  });

  it("the gallery offers each card's thumbnails beside its photo", async () => {
    const response = await get(t.app, `/api/tests?range=${encodeURIComponent("[0,4]")}`, await token("user"));
    const cards = response.json<GalleryItem[]>();
    const card = cards.find((item) => item.thumbnail !== null)!;
    const fileId = /\/api\/files\/([^/?]+)\?/.exec(card.thumbnail!)![1]!;
    expect(card.thumbnails?.map((thumbnail) => thumbnail.width)).toEqual([320, 640]);
    expect(card.thumbnails![0]!.link.startsWith(`/api/files/${fileId}/thumbnails/320?`)).toBe(true);
    // A seeded photo: its thumbnail is made on first request.
    const served = await get(t.app, card.thumbnails![0]!.link);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
  });
});

describe("no blob left behind", () => {
  it("deleting a photo removes its thumbnails", async () => {
    const { id } = await insertTest(t.db, t.storage, { photos: 0 });
    const file = await uploaded(id, "gone.jpg", await photoBytes("jpeg", 700, 900));
    const key = await storageKeyOf(file._id);
    expect(await stored(`${key}.w640.webp`)).toBe(true);
    const before = await listFiles(t.config.filesDir);
    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/tests/${id}/${file._id}`,
      headers: bearer(await token("admin")),
    });
    expect(response.statusCode).toBe(204);
    const after = await listFiles(t.config.filesDir);
    expect(
      before
        .filter((name) => !after.includes(name))
        .map((name) => name.split(":")[0])
        .sort(),
    ).toEqual([key, `${key}.w320.webp`, `${key}.w640.webp`].sort());
  });

  it("purging a deleted test removes its photos and their thumbnails", async () => {
    const before = await listFiles(t.config.filesDir);
    const { id } = await insertTest(t.db, t.storage, { photos: 0, deletedAt: null });
    const file = await uploaded(id, "purged.jpg", await photoBytes("jpeg", 700, 900));
    const older = await olderPhoto(await photoBytes("png", 500, 500));
    // The older photo's thumbnails, made on request.
    expect((await get(t.app, (await listedFiles(older.testId))[0]!.thumbnails![0]!.link)).statusCode).toBe(200);
    expect((await listFiles(t.config.filesDir)).length).toBe(before.length + 6);

    const now = new Date();
    // Deleted 20 days ago: past Recover's 15.
    const deletedAt = new Date(now.getTime() - 20 * DAY_MS).toISOString();
    await t.db.execute(
      sql`update tests set deleted_at = ${deletedAt}, deleted_by = ${U.admin} where id in (${id}, ${older.testId})`,
    );
    const key = await storageKeyOf(file._id);
    const purged = await purgeDeletedTests(t.db, t.storage, now, { actorId: null, client: null });
    expect(purged.tests).toBeGreaterThanOrEqual(2);
    expect(await stored(`${key}.w320.webp`)).toBe(false);
    expect(await listFiles(t.config.filesDir)).toEqual(before);
  });

  it("deleting an account for good removes its photos and their thumbnails", async () => {
    const before = await listFiles(t.config.filesDir);
    const { id } = await insertTest(t.db, t.storage, {
      photos: 0,
      accountId: A.obsidian,
      businessId: B.obsidianMain,
      createdBy: U.inactiveAdmin,
    });
    await uploaded(id, "account.webp", await photoBytes("webp", 700, 900), "superAdmin");
    expect((await listFiles(t.config.filesDir)).length).toBe(before.length + 3);
    const keys = await t.db.transaction((tx) => deleteAccountData(tx, A.obsidian, "test"));
    await removeUnreferencedBlobs({ db: t.db, storage: t.storage }, keys);
    expect(await listFiles(t.config.filesDir)).toEqual(before);
  });

  it("the leftover sweep keeps a referenced photo's thumbnails and removes an orphan's", async () => {
    const { key } = await olderPhoto(await photoBytes("png", 500, 500));
    await storeThumbnails(t.storage, key, await photoBytes("png", 500, 500));
    // A photo no row refers to (an upload that crashed before its row), with its thumbnails.
    const orphanBytes = await photoBytes("png", 400, 400);
    const { key: orphan } = await t.storage.put(orphanBytes);
    await storeThumbnails(t.storage, orphan, orphanBytes);
    // A thumbnail whose photo is gone altogether (a crash between the deletes).
    const { key: dangling } = await t.storage.put(await photoBytes("webp", 10, 10), {
      key: `${randomUUID()}.w320.webp`,
    });

    const result = await sweepLeftovers({
      db: t.db,
      storage: t.storage,
      now: new Date(Date.now() + 2 * 3_600_000),
      minAgeMs: 3_600_000,
      tempRoot: "/nonexistent-gemtest-temp",
    });
    expect(result.orphans).toBeGreaterThanOrEqual(4);
    expect(await stored(key)).toBe(true);
    expect(await stored(`${key}.w320.webp`)).toBe(true);
    expect(await stored(`${key}.w640.webp`)).toBe(true);
    for (const gone of [orphan, `${orphan}.w320.webp`, `${orphan}.w640.webp`, dangling]) {
      expect(await stored(gone), gone).toBe(false);
    }
  });
});

async function listedFiles(testId: string) {
  return (await get(t.app, `/api/v3/tests/${testId}`, await token("superAdmin"))).json<ApiTest>().files;
}
