/**
 * The service on the S3 store: an app whose config names an s3rver bucket (credentials from the
 * environment, as in production) takes an upload, serves it by its signed link and zips it, all
 * through the storage interface.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UploadResponse } from "../../src/api/tests";
import { loadConfig } from "../../server/src/config";
import { CONTRACT } from "../fixtures/contract";
import { bearer, createTestApp, expectAnswer, type TestApp } from "./helpers";
import { photoBytes } from "./photoBytes";
import { get, insertTest, multipart, readZip, tokens, type Who } from "./records";
import { startS3Server, type TestS3Server } from "./s3Server";

let s3: TestS3Server;
let t: TestApp;
let token: (who: Who) => Promise<string>;
const savedEnv: Record<string, string | undefined> = {};

beforeAll(async () => {
  s3 = await startS3Server();
  // The SDK's default credential chain reads AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.
  for (const [name, value] of Object.entries(s3.env)) {
    if (!name.startsWith("AWS_")) continue;
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
  // The storage section exactly as the service reads it from S3_* variables.
  const { storage } = loadConfig(s3.env);
  expect(storage.kind).toBe("s3");
  t = await createTestApp({ config: { storage } });
  token = tokens(() => t.app);
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("the service on an S3 store", () => {
  it("stores an upload in the bucket, serves it by its signed link and zips it byte for byte", async () => {
    const { id: testId, fileIds, storageKeys } = await insertTest(t.db, t.storage, { name: "S3 ring", photos: 1 });
    // A real photo (uploads are decoded) with 300 KiB after its end, so it travels in more than one chunk.
    const jpeg = Buffer.concat([await photoBytes("jpeg"), randomBytes(300 * 1024)]);
    const { payload, headers } = multipart({ testId, gemtestTestFileType: "-1" }, [{ name: "s3.jpg", content: jpeg }]);
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/v2/tests/file",
      headers: { ...headers, ...bearer(await token("user")) },
      payload,
    });
    const { file } = expectAnswer<UploadResponse>(uploaded, CONTRACT.upload.ok);

    // The bytes are in the bucket, not in the local directory.
    expect(t.config.storage.kind).toBe("s3");
    const served = await get(t.app, file.link);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-length"]).toBe(String(jpeg.length));
    expect(served.rawPayload).toEqual(jpeg);
    // Its thumbnails were made at upload, into the bucket too.
    for (const thumbnail of file.thumbnails ?? []) {
      const small = await get(t.app, thumbnail.link);
      expect(small.statusCode).toBe(200);
      expect(small.headers["content-type"]).toBe("image/webp");
    }
    expect(file.thumbnails?.map((thumbnail) => thumbnail.width)).toEqual([320, 640]);

    const zipped = await t.app.inject({
      method: "POST",
      url: `/api/tests/download/${testId}`,
      headers: bearer(await token("user")),
      payload: { fileIds: [fileIds[0], file._id] },
    });
    expect(zipped.statusCode, zipped.body).toBe(200);
    const entries = await readZip(zipped.rawPayload);
    expect(entries.get("s3.jpg")).toEqual(jpeg);
    const photo = Buffer.from(
      await new Response(t.storage.get(storageKeys[0]!) as unknown as ReadableStream).arrayBuffer(),
    );
    expect(entries.get("photo-1.png")).toEqual(photo);
    expect(photo.length).toBeGreaterThan(0);
  });

  it("answers 404 for a file whose blob is missing from the bucket", async () => {
    const { id: testId, storageKeys } = await insertTest(t.db, t.storage, { photos: 1 });
    const test = await get(t.app, `/api/v3/tests/${testId}`, await token("user"));
    const link = test.json<{ files: { link: string }[] }>().files[0]!.link;
    await t.storage.delete(storageKeys[0]!);
    expect((await get(t.app, link)).statusCode).toBe(404);
  });
});
