import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_TEXT_LENGTH } from "../../src/api/schemas/tests";
import type { ApiTest, ShareResponse } from "../../src/api/tests";
import { settings, testFiles, tests } from "../../server/src/db/schema";
import { seedTestId } from "../../server/src/db/seedTests";
import { fileLinks } from "../../server/src/files/links";
import { CONTRACT, FORMATS, type JsonAnswer } from "../fixtures/contract";
import { bearer, createTestApp, expectAnswer, nowSeconds, type TestApp } from "./helpers";
import { A, B, get, insertTest, readZip, snapshot, tokens, U, type Who } from "./records";

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
});
afterAll(() => t.close());

const getTest = async (id: string, who: Who = "admin") => get(t.app, `/api/v3/tests/${id}`, await token(who));

/** The request must be refused with this status and message, and change nothing. */
async function expectRefusal(
  send: () => Promise<{ statusCode: number; json: () => unknown }>,
  status: number,
  /** The message alone, a pattern of it, or the whole body. */
  message: string | RegExp | object,
) {
  const before = await snapshot(t);
  const response = await send();
  expect(response.statusCode).toBe(status);
  const body = response.json() as { message: string };
  if (typeof message === "string") expect(body).toEqual({ message });
  else if (message instanceof RegExp) expect(body.message).toMatch(message);
  else expect(body).toEqual(message);
  expect(await snapshot(t)).toEqual(before);
}

/** A refusal of the contract, as expectRefusal's status and body. */
const refusedAs = (answer: JsonAnswer<{ message: string }>) => [answer.status, answer.body] as const;

/** A seeded test of the given account (not deleted), by a query rather than a hard-coded id. */
async function seededTestOf(accountId: string, extra = isNotNull(tests.id)) {
  const [row] = await t.db
    .select()
    .from(tests)
    .where(and(eq(tests.accountId, accountId), extra, eq(tests.isCopied, false)))
    .orderBy(tests.id)
    .limit(1);
  return row!;
}

describe("GET /api/v3/tests/{id}", () => {
  it("answers the whole test: device, business, account, creator, files with signed links and their kind field", async () => {
    const seeded = await seededTestOf(A.brilliantGems);
    const response = await getTest(seeded.id);
    const test = expectAnswer<ApiTest>(response, CONTRACT.test.ok);
    expect(Object.keys(test).sort()).toEqual(
      [
        "id",
        "name",
        "device",
        "business",
        "account",
        "createdBy",
        "createdByDetails",
        "date",
        "description",
        "notes",
        "sku",
        "customer",
        "vendorName",
        "phoneType",
        "redFilterValues",
        "isCopied",
        "originalTest",
        "copiedAt",
        "files",
      ].sort(),
    );
    expect(test).toMatchObject({
      id: seeded.id,
      name: seeded.name,
      account: { id: A.brilliantGems, name: "Brilliant Gems Ltd" },
      createdBy: seeded.createdBy,
      date: seeded.date.toISOString(),
      isCopied: false,
      originalTest: null,
      copiedAt: null,
    });
    expect(typeof test.device.type).toBe("number");
    expect(test.business.owner).toMatch(/^30000000-/);
    expect(test.createdByDetails.name).toMatch(/^\S+ \S+$/);
    expect(test.files.length).toBeGreaterThan(5);
    for (const file of test.files) {
      // Photos also carry their thumbnails' links (optional: issue 13), documents not.
      const keys = ["_id", "gemtestTestFileType", "group", "link", "name", "type"];
      expect(Object.keys(file).sort()).toEqual((file.type === "image" ? [...keys, "thumbnails"] : keys).sort());
      expect(file.link).toMatch(FORMATS.signedFileLink);
      expect(file.link.startsWith(`/api/files/${file._id}?`)).toBe(true);
      expect(["image", "document"]).toContain(file.type);
    }
    expect(test.files.some((file) => file.gemtestTestFileType === 1)).toBe(true);
  });

  it("names the kind field after PRODUCT_KEY", async () => {
    const { buildApp } = await import("../../server/src/app");
    const other = buildApp({ db: t.db, config: { ...t.config, productKey: "jewelscan" } });
    try {
      const seeded = await seededTestOf(A.brilliantGems);
      const response = await other.inject({
        method: "GET",
        url: `/api/v3/tests/${seeded.id}`,
        headers: bearer(await token("admin")),
      });
      const [file] = response.json<ApiTest>().files;
      expect(file).toHaveProperty("jewelscanTestFileType");
      expect(file).not.toHaveProperty("gemtestTestFileType");
    } finally {
      await other.close();
    }
  });

  it("answers a copied test's original account and copy time", async () => {
    const [copied] = await t.db.select().from(tests).where(eq(tests.isCopied, true)).limit(1);
    const test = (await getTest(copied!.id)).json<ApiTest>();
    expect(test.isCopied).toBe(true);
    expect(test.originalTest).toEqual({ account: { name: "Lapis Traders" } });
    expect(test.copiedAt).toBe(copied!.copiedAt!.toISOString());
  });

  it("answers notes as stored: a list, or a string wrapping one", async () => {
    const notes = await Promise.all(
      [1, 2, 3, 5].map(async (n) => (await getTest(seedTestId(n), "superAdmin")).json<ApiTest>().notes),
    );
    expect(notes).toEqual(expect.arrayContaining(['["Customer wants a certificate","Polished in 2023"]', "[]", []]));
    expect(notes.some((value) => Array.isArray(value) && value.length > 0)).toBe(true);
  });

  it("lets a super admin read any account's test", async () => {
    const lapis = await seededTestOf(A.lapisTraders);
    expect((await getTest(lapis.id, "superAdmin")).statusCode).toBe(200);
  });

  it("answers 404 Test not found for another account's test, a deleted test and an unknown id", async () => {
    const lapis = await seededTestOf(A.lapisTraders);
    const deleted = await insertTest(t.db, t.storage, { deletedAt: new Date() });
    for (const [id, who] of [
      [lapis.id, "admin"],
      [lapis.id, "user"],
      [deleted.id, "admin"],
      [deleted.id, "superAdmin"],
      ["40000000-0000-4000-8000-999999999999", "admin"],
      ["not-a-uuid", "admin"],
    ] as const) {
      const response = await getTest(id, who);
      expectAnswer(response, CONTRACT.test.notFound);
    }
  });

  it("needs a token", async () => {
    const seeded = await seededTestOf(A.brilliantGems);
    expect((await get(t.app, `/api/v3/tests/${seeded.id}`)).statusCode).toBe(401);
  });
});

describe("GET /api/v3/tests/public/{id}", () => {
  it("answers a shared test without a token", async () => {
    const shared = await insertTest(t.db, t.storage, { sharedAt: new Date() });
    const response = await get(t.app, `/api/v3/tests/public/${shared.id}`);
    expect(expectAnswer(response, CONTRACT.test.ok)).toMatchObject({ id: shared.id });
    expect(response.json<ApiTest>().files).toHaveLength(2);
  });

  it("answers 404 for a test that was never shared, and for a shared test that was deleted", async () => {
    const unshared = await insertTest(t.db, t.storage);
    const deleted = await insertTest(t.db, t.storage, { sharedAt: new Date(), deletedAt: new Date() });
    for (const id of [unshared.id, deleted.id]) {
      const response = await get(t.app, `/api/v3/tests/public/${id}`);
      expectAnswer(response, CONTRACT.test.notFound);
    }
  });
});

describe("PUT /api/v2/tests/{id}", () => {
  const update = {
    name: "  Edited ring  ",
    sku: "SKU-NEW",
    customer: "New customer",
    vendorName: "New vendor",
    description: "A longer description.",
    notes: "First note\r\nSecond note\n\n  \nThird note",
  };
  const put = async (id: string, body: unknown, who: Who = "user") =>
    t.app.inject({
      method: "PUT",
      url: `/api/v2/tests/${id}`,
      headers: bearer(await token(who)),
      payload: body as object,
    });

  it("saves the fields, trims the name, stores notes one per line, and answers the updated test", async () => {
    const fixture = await insertTest(t.db, t.storage);
    const response = await put(fixture.id, update);
    expect(response.statusCode).toBe(200);
    expect(response.json<ApiTest>()).toMatchObject({
      id: fixture.id,
      name: "Edited ring",
      sku: "SKU-NEW",
      customer: "New customer",
      vendorName: "New vendor",
      description: "A longer description.",
      notes: ["First note", "Second note", "Third note"],
    });
    expect((await getTest(fixture.id)).json<ApiTest>().name).toBe("Edited ring");
  });

  it("accepts empty optional fields", async () => {
    const fixture = await insertTest(t.db, t.storage);
    const response = await put(fixture.id, {
      ...update,
      sku: "",
      customer: "",
      vendorName: "",
      description: "",
      notes: "",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ApiTest>().notes).toEqual([]);
  });

  it("refuses a name under 3 characters after trimming, naming the field, and changes nothing", async () => {
    const fixture = await insertTest(t.db, t.storage);
    await expectRefusal(
      () => put(fixture.id, { ...update, name: "  ab   " }),
      ...refusedAs(CONTRACT.updateTest.nameTooShort),
    );
    // Characters as a reader counts them: two diamonds (four UTF-16 units), two accented letters
    // typed as letter and accent (four code points).
    for (const name of ["💎💎", "e\u0301e\u0301"])
      await expectRefusal(() => put(fixture.id, { ...update, name }), ...refusedAs(CONTRACT.updateTest.nameTooShort));
  });

  it("refuses missing, mistyped, unknown and oversize fields", async () => {
    const fixture = await insertTest(t.db, t.storage);
    const { notes: _notes, ...withoutNotes } = update;
    await expectRefusal(() => put(fixture.id, withoutNotes), 400, {
      message: "notes is required",
      errors: { notes: "notes is required" },
    });
    await expectRefusal(() => put(fixture.id, { ...update, sku: 42 }), 400, /sku must be a string/);
    await expectRefusal(() => put(fixture.id, { ...update, colour: "red" }), 400, /colour is not an allowed field/);
    await expectRefusal(
      () => put(fixture.id, { ...update, description: "x".repeat(10_001) }),
      400,
      /description must be at most 10000/,
    );
  });

  it("answers 404 for another account's test and changes nothing", async () => {
    const lapis = await seededTestOf(A.lapisTraders);
    await expectRefusal(() => put(lapis.id, update, "admin"), 404, "Test not found");
  });

  it("refuses notes over the bound naming the field in errors, where the console shows it", async () => {
    const fixture = await insertTest(t.db, t.storage);
    await expectRefusal(
      () => put(fixture.id, { ...update, notes: "x".repeat(MAX_TEXT_LENGTH + 1) }),
      ...refusedAs(CONTRACT.updateTest.notesTooLong),
    );
    expect((await put(fixture.id, { ...update, notes: "x".repeat(MAX_TEXT_LENGTH) })).statusCode).toBe(200);
  });
});

describe("PUT /api/v2/tests/{id} with If-Match: two tabs editing one test", () => {
  const fields = { name: "Ring", sku: "SKU-1", customer: "Jane", vendorName: "Vendor", description: "", notes: "" };
  const put = async (id: string, body: object, ifMatch?: string) =>
    t.app.inject({
      method: "PUT",
      url: `/api/v2/tests/${id}`,
      headers: { ...bearer(await token("admin")), ...(ifMatch === undefined ? {} : { "if-match": ifMatch }) },
      payload: body,
    });
  const etagOf = (response: { headers: Record<string, unknown> }) => String(response.headers.etag);

  it("gives the test a quoted validator, the same while nothing is saved, exposed to a console on another origin", async () => {
    const fixture = await insertTest(t.db, t.storage);
    const first = await getTest(fixture.id);
    expect(etagOf(first)).toMatch(/^"[\w-]+"$/);
    expect(etagOf(await getTest(fixture.id))).toBe(etagOf(first));
    expect(String(first.headers["access-control-expose-headers"])).toMatch(/\bETag\b/i);
  });

  it("saves with the current validator (200) and answers the new one, which GET then gives", async () => {
    const fixture = await insertTest(t.db, t.storage);
    const read = etagOf(await getTest(fixture.id));
    const saved = await put(fixture.id, { ...fields, sku: "SKU-A" }, read);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ApiTest>().sku).toBe("SKU-A");
    expect(etagOf(saved)).not.toBe(read);
    expect(etagOf(await getTest(fixture.id))).toBe(etagOf(saved));
  });

  it("refuses the second tab's stale validator with 412 {message} and keeps the first tab's edit", async () => {
    const fixture = await insertTest(t.db, t.storage);
    const opened = etagOf(await getTest(fixture.id));
    // Tab A saves its SKU; tab B, opened at the same time, then saves its customer.
    expect((await put(fixture.id, { ...fields, sku: "SKU-A" }, opened)).statusCode).toBe(200);
    await expectRefusal(
      () => put(fixture.id, { ...fields, customer: "Tab B" }, opened),
      ...refusedAs(CONTRACT.updateTest.changed),
    );
    expect((await getTest(fixture.id)).json<ApiTest>()).toMatchObject({ sku: "SKU-A", customer: "Jane" });
  });

  it("saves without If-Match as before (spec §7), and with * on a test that exists", async () => {
    const fixture = await insertTest(t.db, t.storage);
    const opened = etagOf(await getTest(fixture.id));
    expect((await put(fixture.id, { ...fields, sku: "SKU-A" }, opened)).statusCode).toBe(200);
    const unconditional = await put(fixture.id, { ...fields, customer: "No validator" });
    expect(unconditional.statusCode).toBe(200);
    expect(unconditional.json<ApiTest>()).toMatchObject({ sku: "SKU-1", customer: "No validator" });
    expect((await put(fixture.id, { ...fields, sku: "Any" }, "*")).statusCode).toBe(200);
  });

  it("matches strongly: a weak copy of the current tag is refused, a list holding it is not", async () => {
    const fixture = await insertTest(t.db, t.storage);
    const current = etagOf(await getTest(fixture.id));
    await expectRefusal(() => put(fixture.id, fields, `W/${current}`), ...refusedAs(CONTRACT.updateTest.changed));
    expect((await put(fixture.id, fields, `"older", ${current}`)).statusCode).toBe(200);
  });
});

describe("DELETE /api/tests/{id}: the delete rule of spec §6", () => {
  const del = async (id: string, who: Who) =>
    t.app.inject({ method: "DELETE", url: `/api/tests/${id}`, headers: bearer(await token(who)) });

  // London is owned by the manager, Antwerp by the admin (seed).
  const allowed: [string, Who, Parameters<typeof insertTest>[2]][] = [
    ["an Admin of the account", "admin", { businessId: B.brilliantLondon, createdBy: U.user }],
    ["the creator (a User)", "user", { businessId: B.brilliantAntwerp, createdBy: U.user }],
    ["a Manager who owns the business", "manager", { businessId: B.brilliantLondon, createdBy: U.secondUser }],
    [
      "the creator who is a Manager of another business",
      "manager",
      { businessId: B.brilliantAntwerp, createdBy: U.manager },
    ],
  ];
  it.each(allowed)("lets %s soft-delete it (204), after which it is gone", async (_label, who, options) => {
    const fixture = await insertTest(t.db, t.storage, options);
    const response = await del(fixture.id, who);
    expectAnswer(response, CONTRACT.deleteTest.ok);
    const [row] = await t.db.select().from(tests).where(eq(tests.id, fixture.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // Soft: the row and its files stay, recoverable.
    expect(await t.db.select().from(testFiles).where(eq(testFiles.testId, fixture.id))).toHaveLength(2);
    expect((await getTest(fixture.id)).statusCode).toBe(404);
  });

  const refused: [string, Who, Parameters<typeof insertTest>[2]][] = [
    ["a Manager who does not own the business", "manager", { businessId: B.brilliantAntwerp, createdBy: U.secondUser }],
    ["a User who is not the creator", "user", { businessId: B.brilliantLondon, createdBy: U.secondUser }],
    ["a super admin of another account", "superAdmin", { businessId: B.brilliantLondon, createdBy: U.user }],
  ];
  it.each(refused)("refuses %s with 401 and changes nothing", async (_label, who, options) => {
    const fixture = await insertTest(t.db, t.storage, options);
    await expectRefusal(() => del(fixture.id, who), ...refusedAs(CONTRACT.deleteTest.refused));
  });

  it("answers 404 to an Admin of another account (who may not even see it) and changes nothing", async () => {
    const fixture = await insertTest(t.db, t.storage);
    await expectRefusal(() => del(fixture.id, "pastDueAdmin"), ...refusedAs(CONTRACT.deleteTest.notFound));
  });

  it("answers 404 for a test already deleted", async () => {
    const fixture = await insertTest(t.db, t.storage, { deletedAt: new Date() });
    await expectRefusal(() => del(fixture.id, "admin"), ...refusedAs(CONTRACT.deleteTest.notFound));
  });
});

describe("DELETE /api/tests/{id}/{fileId}", () => {
  const delFile = async (id: string, fileId: string, who: Who = "user") =>
    t.app.inject({ method: "DELETE", url: `/api/tests/${id}/${fileId}`, headers: bearer(await token(who)) });

  it("deletes the file's row and its blob when no other row uses it", async () => {
    const fixture = await insertTest(t.db, t.storage, { createdBy: U.secondUser });
    // Any user who can see the test may delete its photos (documented decision).
    const response = await delFile(fixture.id, fixture.fileIds[0]!, "user");
    expectAnswer(response, CONTRACT.deleteFile.ok);
    expect(await t.db.select().from(testFiles).where(eq(testFiles.id, fixture.fileIds[0]!))).toHaveLength(0);
    expect(await t.storage.size(fixture.storageKeys[0]!)).toBeNull();
    expect(await t.storage.size(fixture.storageKeys[1]!)).not.toBeNull();
  });

  it("keeps a blob that other rows still reference (the seed's shared photos)", async () => {
    const seeded = (await getTest(seedTestId(1), "superAdmin")).json<ApiTest>();
    const file = seeded.files[0]!;
    const [row] = await t.db.select().from(testFiles).where(eq(testFiles.id, file._id));
    const users = await t.db.select().from(testFiles).where(eq(testFiles.storageKey, row!.storageKey));
    expect(users.length).toBeGreaterThan(1);
    const [test] = await t.db
      .select()
      .from(tests)
      .where(eq(tests.id, seedTestId(1)));
    const who: Who = test!.accountId === A.brilliantGems ? "admin" : "superAdmin";
    expect((await delFile(seedTestId(1), file._id, who)).statusCode).toBe(204);
    expect(await t.storage.size(row!.storageKey)).not.toBeNull();
  });

  it("answers 404 for another account's test, an unknown file, or a file of another test, and changes nothing", async () => {
    const ours = await insertTest(t.db, t.storage);
    const other = await insertTest(t.db, t.storage);
    const lapis = await insertTest(t.db, t.storage, {
      accountId: A.lapisTraders,
      businessId: B.lapisMain,
      createdBy: U.pastDueAdmin,
    });
    await expectRefusal(() => delFile(lapis.id, lapis.fileIds[0]!, "admin"), 404, "Test not found");
    const fileNotFound = refusedAs(CONTRACT.deleteFile.notFound);
    await expectRefusal(() => delFile(ours.id, "50000000-0000-4000-8000-999999999999"), ...fileNotFound);
    await expectRefusal(() => delFile(ours.id, other.fileIds[0]!), ...fileNotFound);
  });
});

describe("POST /api/tests/download/{id}", () => {
  const download = async (id: string, fileIds: unknown, who: Who = "user") =>
    t.app.inject({
      method: "POST",
      url: `/api/tests/download/${id}`,
      headers: bearer(await token(who)),
      payload: { fileIds } as object,
    });

  it("streams a zip with exactly the chosen files, named {name}-{id}.zip", async () => {
    const fixture = await insertTest(t.db, t.storage, { name: "Zip ring", photos: 4 });
    const chosen = [fixture.fileIds[2]!, fixture.fileIds[0]!];
    const response = await download(fixture.id, chosen);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="Zip ring-${fixture.id}.zip"; filename*=UTF-8''Zip%20ring-${fixture.id}.zip`,
    );
    const entries = await readZip(response.rawPayload);
    expect([...entries.keys()]).toEqual(["photo-3.png", "photo-1.png"]);
    for (const [name, index] of [
      ["photo-3.png", 2],
      ["photo-1.png", 0],
    ] as const) {
      const stored = await new Response(
        t.storage.get(fixture.storageKeys[index]!) as unknown as ReadableStream,
      ).arrayBuffer();
      expect(entries.get(name)).toEqual(Buffer.from(stored));
    }
  });

  it("gives non-ASCII names an RFC 5987 filename*", async () => {
    const fixture = await insertTest(t.db, t.storage, { name: "Bague émeraude" });
    const response = await download(fixture.id, [fixture.fileIds[0]]);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="Bague _meraude-${fixture.id}.zip"; filename*=UTF-8''Bague%20%C3%A9meraude-${fixture.id}.zip`,
    );
  });

  it("refuses unknown file ids, files of another test, an empty list and duplicates with 400", async () => {
    const fixture = await insertTest(t.db, t.storage);
    const other = await insertTest(t.db, t.storage);
    await expectRefusal(
      () => download(fixture.id, [fixture.fileIds[0], "nope"]),
      400,
      /Unknown file ids for this test: nope/,
    );
    await expectRefusal(() => download(fixture.id, [other.fileIds[0]]), 400, /Unknown file ids/);
    await expectRefusal(() => download(fixture.id, []), 400, /fileIds/);
    await expectRefusal(() => download(fixture.id, [fixture.fileIds[0], fixture.fileIds[0]]), 400, /fileIds/);
  });

  it("answers 404 for another account's test", async () => {
    const lapis = await insertTest(t.db, t.storage, {
      accountId: A.lapisTraders,
      businessId: B.lapisMain,
      createdBy: U.pastDueAdmin,
    });
    await expectRefusal(() => download(lapis.id, lapis.fileIds, "admin"), 404, "Test not found");
  });
});

describe("POST /api/tests/share/{id}", () => {
  const share = async (id: string, who: Who = "user") =>
    t.app.inject({ method: "POST", url: `/api/tests/share/${id}`, headers: bearer(await token(who)) });

  it("marks the test shared, answers sharedAt, and is idempotent", async () => {
    const fixture = await insertTest(t.db, t.storage);
    expect((await get(t.app, `/api/v3/tests/public/${fixture.id}`)).statusCode).toBe(404);
    const first = await share(fixture.id);
    const { sharedAt } = expectAnswer<ShareResponse>(first, CONTRACT.share.ok);
    expect(sharedAt).toMatch(FORMATS.isoDate);
    expect(Date.parse(sharedAt)).toBeGreaterThan(Date.now() - 60_000);
    const second = await share(fixture.id, "admin");
    expect(second.json()).toEqual({ sharedAt });
    expect((await get(t.app, `/api/v3/tests/public/${fixture.id}`)).statusCode).toBe(200);
  });

  it("answers 404 for another account's test and changes nothing", async () => {
    const lapis = await seededTestOf(A.lapisTraders);
    await expectRefusal(() => share(lapis.id, "admin"), 404, "Test not found");
  });
});

describe("GET /api/files/{fileId}: signed links", () => {
  async function links() {
    const [row] = await t.db.select().from(settings).where(eq(settings.key, "jwt_secret"));
    return fileLinks(new TextEncoder().encode(row!.value));
  }

  it("serves the file with its content type and a private cache lifetime up to the link's expiry", async () => {
    const fixture = await insertTest(t.db, t.storage);
    const test = (await getTest(fixture.id)).json<ApiTest>();
    const file = test.files.find((f) => f._id === fixture.fileIds[0])!;
    const response = await get(t.app, file.link);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["content-disposition"]).toBeUndefined();
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(response.headers["cache-control"]))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(6 * 3600 - 5);
    expect(maxAge).toBeLessThanOrEqual(7 * 3600);
    expect(response.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it("serves documents as attachments", async () => {
    const seeded = (await getTest(seedTestId(1), "superAdmin")).json<ApiTest>();
    const pdf = seeded.files.find((file) => file.type === "document");
    if (!pdf) return;
    const response = await get(t.app, pdf.link);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="screening-report.pdf"/);
    expect(response.body.startsWith("%PDF-")).toBe(true);
  });

  it("refuses an expired, a tampered, a missing and another file's signature with 403", async () => {
    const fixture = await insertTest(t.db, t.storage);
    const signer = await links();
    const [fileId, otherId] = fixture.fileIds as [string, string];
    const expired = signer.link(fileId, nowSeconds() - 8 * 3600);
    const valid = signer.link(fileId);
    const tampered = valid.replace(/sig=(.)/, (_m, c: string) => `sig=${c === "A" ? "B" : "A"}`);
    const laterExpiry = valid.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 3600}`);
    const otherFile = signer.link(otherId).replace(otherId, fileId);
    expect((await get(t.app, valid)).statusCode).toBe(200);
    for (const url of [
      expired,
      tampered,
      laterExpiry,
      otherFile,
      `/api/files/${fileId}`,
      `/api/files/${fileId}?exp=abc&sig=x`,
    ]) {
      const response = await get(t.app, url);
      expectAnswer(response, CONTRACT.fileLink.invalid);
    }
  });

  it("answers 404 once the file's test is deleted", async () => {
    const fixture = await insertTest(t.db, t.storage);
    const link = (await links()).link(fixture.fileIds[0]!);
    await t.db.update(tests).set({ deletedAt: new Date() }).where(eq(tests.id, fixture.id));
    expect((await get(t.app, link)).statusCode).toBe(404);
  });
});
