/**
 * Firmware upload and download (docs/api-resources.md "Firmware"): multipart, streamed into
 * storage with its SHA-256 and size, under a size limit (lowered here to 4 KiB), and refusals
 * that leave no row and no file behind.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Firmware } from "../../src/api/resources";
import { EMPTY_FILE } from "../../server/src/files/contentCheck";
import { bearer, createTestApp, type TestApp } from "./helpers";
import { listFiles, multipart, tokens, type Who } from "./records";
import { activityOf, call, expectRefused } from "./resourceHelpers";

const LIMIT = 4096;
let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp({ config: { firmwareMaxBytes: LIMIT } });
  token = tokens(() => t.app);
  await token("superAdmin");
  await token("admin");
});
afterAll(() => t.close());

const fields = { firmwareVersion: "5.0.0", deviceTypeCode: "5001", releaseNotes: "Faster calibration." };

async function upload(
  formFields: Record<string, string>,
  files: { field?: string; name: string; content: Buffer }[],
  who: Who = "superAdmin",
) {
  const { payload, headers } = multipart(formFields, files);
  return t.app.inject({
    method: "POST",
    url: "/api/firmware",
    payload,
    headers: { ...headers, ...bearer(await token(who)) },
  });
}

/** Refused, with no row, no activity and no stored file added. */
async function expectUploadRefused(send: () => ReturnType<typeof upload>, status: number, field?: string) {
  const files = await listFiles(t.config.filesDir);
  const body = await expectRefused(t, send, status, field);
  expect(await listFiles(t.config.filesDir)).toEqual(files);
  return body;
}

describe("firmware", () => {
  it("stores an upload with its size and SHA-256, serves the same bytes, and deletes record and file", async () => {
    const content = randomBytes(3000);
    const response = await upload(fields, [{ field: "file", name: "dr-watson-5.0.0.bin", content }]);
    expect(response.statusCode, response.body).toBe(201);
    const firmware = response.json<Firmware>();
    expect(response.headers.location).toBe(`/api/firmware/${firmware.id}`);
    expect(firmware).toMatchObject({
      firmwareVersion: "5.0.0",
      deviceTypeCode: 5001,
      releaseNotes: "Faster calibration.",
      fileName: "dr-watson-5.0.0.bin",
      fileSize: 3000,
      sha256: createHash("sha256").update(content).digest("hex"),
      status: "draft",
      uploadedByName: "Sophie Carter",
      version: 1,
    });
    const sa = await token("superAdmin");
    const file = await call(t, sa, "GET", `/api/firmware/${firmware.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain("attachment");
    expect(file.rawPayload.equals(content)).toBe(true);

    const published = await call(t, sa, "PUT", `/api/firmware/${firmware.id}`, {
      version: 1,
      releaseNotes: "Notes",
      status: "published",
    });
    expect(published.json<Firmware>()).toMatchObject({ status: "published", version: 2 });
    await expectRefused(
      t,
      () => call(t, sa, "PUT", `/api/firmware/${firmware.id}`, { version: 1, releaseNotes: "x", status: "withdrawn" }),
      409,
    );
    await expectRefused(
      t,
      () =>
        call(t, sa, "PUT", `/api/firmware/${firmware.id}`, {
          version: 2,
          releaseNotes: "x",
          status: "withdrawn",
          fileName: "x",
        }),
      400,
      "fileName",
    );

    const files = await listFiles(t.config.filesDir);
    expect((await call(t, sa, "DELETE", `/api/firmware/${firmware.id}`)).statusCode).toBe(200);
    expect((await listFiles(t.config.filesDir)).length).toBe(files.length - 1);
    expect((await call(t, sa, "GET", `/api/firmware/${firmware.id}/file`)).statusCode).toBe(404);
    expect((await activityOf(t, "firmware", firmware.id)).map((entry) => entry.action)).toEqual([
      "create",
      "update",
      "delete",
    ]);
  });

  it("refuses a version that exists for the device type, a non-semantic version, an unknown type, a missing, empty or oversize file", async () => {
    const file = [{ field: "file", name: "fw.bin", content: randomBytes(100) }];
    expect((await upload({ ...fields, firmwareVersion: "6.1.0" }, file)).statusCode).toBe(201);
    await expectUploadRefused(() => upload({ ...fields, firmwareVersion: "6.1.0" }, file), 422, "firmwareVersion");
    // The same version for another device type is fine.
    expect((await upload({ ...fields, firmwareVersion: "6.1.0", deviceTypeCode: "6501" }, file)).statusCode).toBe(201);
    await expectUploadRefused(() => upload({ ...fields, firmwareVersion: "v6" }, file), 422, "firmwareVersion");
    await expectUploadRefused(
      () => upload({ ...fields, firmwareVersion: "6.2.0", deviceTypeCode: "7777" }, file),
      422,
      "deviceTypeCode",
    );
    await expectUploadRefused(() => upload({ ...fields, firmwareVersion: "6.2.0" }, []), 400, "file");
    const empty = await expectUploadRefused(
      () =>
        upload({ ...fields, firmwareVersion: "6.2.0" }, [
          { field: "file", name: "empty.bin", content: Buffer.alloc(0) },
        ]),
      400,
      "file",
    );
    expect(empty.errors).toEqual({ file: EMPTY_FILE });
    await expectUploadRefused(
      () => upload({ firmwareVersion: "6.2.0", deviceTypeCode: "5001" }, file),
      400,
      "releaseNotes",
    );
    await expectUploadRefused(
      () =>
        upload({ ...fields, firmwareVersion: "6.2.0" }, [
          { field: "file", name: "big.bin", content: randomBytes(LIMIT + 1) },
        ]),
      413,
      "file",
    );
    await expectUploadRefused(() => upload({ ...fields, firmwareVersion: "6.3.0" }, file, "admin"), 403);
  });
});
