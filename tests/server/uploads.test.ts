import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZipFile } from "yazl";
import type { ApiTest, UploadResponse } from "../../src/api/tests";
import { testFiles } from "../../server/src/db/schema";
import { demoPdf } from "../../server/src/db/seedPhotos";
import { CONTRACT, FORMATS, type JsonAnswer } from "../fixtures/contract";
import { bearer, createTestApp, expectAnswer, type TestApp } from "./helpers";
import { photoBytes } from "./photoBytes";
import { A, B, get, insertTest, multipart, snapshot, tokens, U, type Who } from "./records";

let t: TestApp;
let token: (who: Who) => Promise<string>;
let testId: string;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
  testId = (await insertTest(t.db, t.storage)).id;
});
afterAll(() => t.close());

// Real photos: the service decodes every photo it accepts (its thumbnails are made from it).
const JPEG = await photoBytes("jpeg");
const PNG = await photoBytes("png");
const WEBP = await photoBytes("webp");
const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512, 0)]);
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(256, 0x90)]);

function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

async function upload(
  files: { name: string; content: Buffer; field?: string }[],
  fields: Record<string, string> = { testId, gemtestTestFileType: "-1" },
  who: Who = "user",
) {
  const { payload, headers } = multipart(fields, files);
  return t.app.inject({
    method: "POST",
    url: "/api/v2/tests/file",
    headers: { ...headers, ...bearer(await token(who)) },
    payload,
  });
}

describe("POST /api/v2/tests/file", () => {
  it.each([
    { name: "photo.jpg", content: JPEG, type: "image", contentType: "image/jpeg" },
    { name: "PHOTO.JPEG", content: JPEG, type: "image", contentType: "image/jpeg" },
    { name: "photo.png", content: PNG, type: "image", contentType: "image/png" },
    { name: "photo.webp", content: WEBP, type: "image", contentType: "image/webp" },
    { name: "report.pdf", content: demoPdf("Upload"), type: "document", contentType: "application/pdf" },
    { name: "old.doc", content: DOC, type: "document", contentType: "application/msword" },
  ] as const)("stores $name as an Other $type and answers 201 {file}", async ({ name, content, type, contentType }) => {
    const response = await upload([{ name, content }]);
    const { file } = expectAnswer<UploadResponse>(response, CONTRACT.upload.ok);
    expect(file).toMatchObject({ name, type, group: 0, gemtestTestFileType: -1 });
    expect(file.link).toMatch(FORMATS.signedFileLink);
    const [row] = await t.db.select().from(testFiles).where(eq(testFiles.id, file._id));
    expect(row).toMatchObject({ testId, kind: -1, size: content.length, contentType });
    // The stored bytes are the uploaded ones, served through the file's link.
    const served = await get(t.app, file.link);
    expect(served.rawPayload).toEqual(content);
    // And the test now lists it.
    const test = (await get(t.app, `/api/v3/tests/${testId}`, await token("user"))).json<ApiTest>();
    expect(test.files.map((f) => f._id)).toContain(file._id);
  });

  it("accepts a .docx whose zip holds word/document.xml", async () => {
    const docx = await zipOf({ "[Content_Types].xml": "<Types/>", "word/document.xml": "<w:document/>" });
    const response = await upload([{ name: "letter.docx", content: docx }]);
    expect(expectAnswer<UploadResponse>(response, CONTRACT.upload.ok).file.type).toBe("document");
  });

  /**
   * The upload must be refused with this status and a message like this (or exactly the contract's
   * refusal), leaving no row and no blob.
   */
  async function expectRefused(
    send: () => ReturnType<typeof upload>,
    ...[status, message]: [number, RegExp] | [JsonAnswer<{ message: string }>]
  ) {
    const before = await snapshot(t);
    const response = await send();
    if (typeof status === "number") {
      expect(response.statusCode).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(message!);
    } else expectAnswer(response, status);
    expect(await snapshot(t)).toEqual(before);
  }

  it("refuses a wrong extension", async () => {
    await expectRefused(() => upload([{ name: "tool.exe", content: EXE }]), CONTRACT.upload.wrongExtension);
    await expectRefused(
      () => upload([{ name: "notes.txt", content: Buffer.from("hello") }]),
      CONTRACT.upload.wrongExtension,
    );
    await expectRefused(() => upload([{ name: "no-extension", content: PNG }]), CONTRACT.upload.wrongExtension);
  });

  it("refuses a renamed executable, and content that does not match its extension", async () => {
    await expectRefused(() => upload([{ name: "x.png", content: EXE }]), 400, /not a \.png file/);
    await expectRefused(() => upload([{ name: "x.jpg", content: PNG }]), 400, /not a \.jpg file/);
    await expectRefused(() => upload([{ name: "x.pdf", content: EXE }]), 400, /not a \.pdf file/);
    await expectRefused(() => upload([{ name: "x.doc", content: EXE }]), 400, /not a \.doc file/);
  });

  it("refuses an empty file as empty, whatever its extension", async () => {
    for (const name of ["empty.png", "empty.jpg", "empty.webp", "empty.pdf", "empty.docx", "empty.doc"]) {
      await expectRefused(() => upload([{ name, content: Buffer.alloc(0) }]), CONTRACT.upload.empty);
    }
  });

  it("refuses a zip without word/document.xml named .docx", async () => {
    const zip = await zipOf({ "payload.exe": "MZ..." });
    await expectRefused(() => upload([{ name: "x.docx", content: zip }]), 400, /not a \.docx file/);
  });

  it("refuses a file over 20 MiB with 413", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024 + 1 - PNG.length, 7)]);
    await expectRefused(() => upload([{ name: "big.png", content: big }]), CONTRACT.upload.tooLarge);
  });

  it("accepts a file of exactly 20 MiB", async () => {
    const limit = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024 - PNG.length, 7)]);
    expect((await upload([{ name: "limit.png", content: limit }])).statusCode).toBe(201);
  });

  it("refuses two files with 400", async () => {
    await expectRefused(
      () =>
        upload([
          { name: "a.png", content: PNG },
          { name: "b.png", content: PNG },
        ]),
      CONTRACT.upload.oneFileOnly,
    );
  });

  it("refuses a form without a file, without testId, or with another kind", async () => {
    await expectRefused(() => upload([]), 400, /files is required/);
    await expectRefused(
      () => upload([{ name: "a.png", content: PNG }], { gemtestTestFileType: "-1" }),
      400,
      /testId is required/,
    );
    await expectRefused(
      () => upload([{ name: "a.png", content: PNG }], { testId }),
      400,
      /gemtestTestFileType is required/,
    );
    await expectRefused(
      () => upload([{ name: "a.png", content: PNG }], { testId, gemtestTestFileType: "1" }),
      400,
      /gemtestTestFileType must be -1/,
    );
    await expectRefused(() => upload([{ name: "a.png", content: PNG, field: "file" }]), 400, /field "files"/);
  });

  it("refuses a JSON body", async () => {
    const before = await snapshot(t);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/tests/file",
      headers: bearer(await token("user")),
      payload: { testId },
    });
    expect(response.statusCode).toBe(400);
    expect(await snapshot(t)).toEqual(before);
  });

  it("answers 404 for another account's test, a deleted test, and an unknown one", async () => {
    const lapis = await insertTest(t.db, t.storage, {
      accountId: A.lapisTraders,
      businessId: B.lapisMain,
      createdBy: U.pastDueAdmin,
    });
    const deleted = await insertTest(t.db, t.storage, { deletedAt: new Date() });
    for (const id of [lapis.id, deleted.id, "40000000-0000-4000-8000-999999999999"]) {
      await expectRefused(
        () => upload([{ name: "a.png", content: PNG }], { testId: id, gemtestTestFileType: "-1" }),
        CONTRACT.test.notFound,
      );
    }
  });

  it("needs a token", async () => {
    const { payload, headers } = multipart({ testId, gemtestTestFileType: "-1" }, [{ name: "a.png", content: PNG }]);
    const response = await t.app.inject({ method: "POST", url: "/api/v2/tests/file", headers, payload });
    expectAnswer(response, CONTRACT.token.missing);
  });
});
