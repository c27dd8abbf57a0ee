import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DataProvider } from "react-admin";
import type { ApiTest, BulkDownload } from "../../src/api/tests";
import { withTestRecords } from "../../src/dataProvider/testRecordsProvider";
import { tokenExpiringIn } from "./helpers/jwt";
import { signedInDataProvider, TEST_API_BASE, TEST_NOW } from "./helpers/signedInDataProvider";

const BASE = TEST_API_BASE;
const TOKEN = tokenExpiringIn(3600, TEST_NOW);
const BEARER = `Bearer ${TOKEN}`;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const setup = () => signedInDataProvider(TOKEN, "User").dataProvider;

const TEST = { id: "t 1", name: "Solitaire ring", notes: ["a", "b"], sku: "SKU-1" } as unknown as ApiTest;
const FIELDS = {
  name: "Emerald pendant",
  sku: "SKU-2",
  customer: "Jane",
  vendorName: "Gems",
  description: "1.2 ct",
  notes: "one\ntwo",
};

interface Seen {
  method: string;
  url: string;
  auth: string | null;
  body?: unknown;
}

/** Answers every request with `answer`, recording what was asked. */
function record(answer: (request: Request) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      const text = await request.clone().text();
      seen.push({
        method: request.method,
        url: request.url.slice(BASE.length),
        auth: request.headers.get("authorization"),
        ...(text ? { body: JSON.parse(text) } : {}),
      });
      return answer(request);
    }),
  );
  return seen;
}

describe("react-admin's standard methods on the test records' paths (spec §7)", () => {
  it('getOne("tests") reads GET v3/tests/{id} with the bearer, and the public one without it', async () => {
    const seen = record(() => HttpResponse.json(TEST));
    const dataProvider = setup();
    await expect(dataProvider.getOne("tests", { id: "t 1", meta: { publicView: false } })).resolves.toEqual({
      data: TEST,
    });
    await expect(dataProvider.getOne("tests", { id: "t 1" })).resolves.toEqual({ data: TEST });
    await expect(dataProvider.getOne("tests", { id: "t 1", meta: { publicView: true } })).resolves.toEqual({
      data: TEST,
    });
    expect(seen).toEqual([
      { method: "GET", url: "/v3/tests/t%201", auth: BEARER },
      { method: "GET", url: "/v3/tests/t%201", auth: BEARER },
      { method: "GET", url: "/v3/tests/public/t%201", auth: null },
    ]);
  });

  it('getOne("tests") rejects with the service\'s message', async () => {
    record(() => HttpResponse.json({ message: "Test not found" }, { status: 404 }));
    await expect(setup().getOne("tests", { id: "nope" })).rejects.toMatchObject({
      status: 404,
      message: "Test not found",
    });
  });

  it('update("tests") PUTs exactly the six fields to v2/tests/{id}; with no answer body, the record is the previous one with them', async () => {
    const seen = record(() => new HttpResponse(null, { status: 204 }));
    const result = await setup().update("tests", {
      id: "t 1",
      data: { ...FIELDS, id: "t 1", files: [], sku: null },
      previousData: TEST,
    });
    expect(seen).toEqual([{ method: "PUT", url: "/v2/tests/t%201", auth: BEARER, body: { ...FIELDS, sku: "" } }]);
    expect(result).toEqual({ data: { ...TEST, ...FIELDS, sku: "", id: "t 1" } });
  });

  it('update("tests") takes the service\'s record when it answers one', async () => {
    const saved = { ...TEST, ...FIELDS, notes: ["one", "two"] };
    record(() => HttpResponse.json(saved));
    const result = await setup().update("tests", { id: "t 1", data: FIELDS, previousData: TEST });
    expect(result).toEqual({ data: saved });
  });

  it("keeps the test's validator (ETag) beside it, and sends it back as If-Match on the edit of that version", async () => {
    const ifMatch: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/v3/tests/:id`, () => HttpResponse.json(TEST, { headers: { ETag: '"v1"' } })),
      http.put(`${BASE}/v2/tests/:id`, async ({ request }) => {
        ifMatch.push(request.headers.get("if-match"));
        const body = (await request.json()) as Record<string, string>;
        return HttpResponse.json({ ...TEST, ...body, notes: ["one", "two"] }, { headers: { ETag: '"v2"' } });
      }),
    );
    const dataProvider = setup();
    const { data: read } = await dataProvider.getOne("tests", { id: "t 1" });
    expect(read).toEqual({ ...TEST, etag: '"v1"' });
    const { data: saved } = await dataProvider.update("tests", { id: "t 1", data: FIELDS, previousData: read });
    expect(saved).toMatchObject({ ...FIELDS, notes: ["one", "two"], etag: '"v2"' });
    // A version held without a validator (a service that gives none): no If-Match, as spec §7 has it.
    await dataProvider.update("tests", { id: "t 1", data: FIELDS, previousData: TEST });
    expect(ifMatch).toEqual(['"v1"', null]);
  });

  it("drops a validator the answer does not renew, and rejects a 412 with its status and message", async () => {
    record((request) =>
      request.headers.get("if-match") === '"stale"'
        ? HttpResponse.json({ message: "This test was changed by someone else." }, { status: 412 })
        : new HttpResponse(null, { status: 204 }),
    );
    const dataProvider = setup();
    await expect(
      dataProvider.update("tests", { id: "t 1", data: FIELDS, previousData: { ...TEST, etag: '"stale"' } }),
    ).rejects.toMatchObject({ status: 412, message: "This test was changed by someone else." });
    const { data } = await dataProvider.update("tests", {
      id: "t 1",
      data: FIELDS,
      previousData: { ...TEST, etag: '"fresh"' },
    });
    expect(data).not.toHaveProperty("etag");
  });

  it('delete("tests") sends DELETE tests/{id} and answers the deleted record', async () => {
    const seen = record(() => new HttpResponse(null, { status: 204 }));
    await expect(setup().delete("tests", { id: "t 1", previousData: TEST })).resolves.toEqual({ data: TEST });
    await expect(setup().delete("tests", { id: "t 2" })).resolves.toEqual({ data: { id: "t 2" } });
    expect(seen).toEqual([
      { method: "DELETE", url: "/tests/t%201", auth: BEARER },
      { method: "DELETE", url: "/tests/t%202", auth: BEARER },
    ]);
  });

  it('delete("tests") rejects with the status, for the page\'s 401 message', async () => {
    record(() => HttpResponse.json({ message: "Not allowed" }, { status: 401 }));
    await expect(setup().delete("tests", { id: "t 1" })).rejects.toMatchObject({ status: 401 });
  });

  it('create("bulk-downloads") POSTs the test ids; getOne("bulk-downloads") reads it without the bearer', async () => {
    const download: BulkDownload = {
      id: "bd-1",
      status: "pending",
      testCount: 2,
      progress: 0,
      estimatedSeconds: 4,
      createdAt: "2026-01-01T00:00:00.000Z",
      fileUrl: null,
      error: null,
      expiresAt: null,
    };
    const seen = record(() => HttpResponse.json(download, { status: 201 }));
    const dataProvider = setup();
    await expect(dataProvider.create("bulk-downloads", { data: { testIds: ["t-1", "t-2"] } })).resolves.toEqual({
      data: download,
    });
    await expect(dataProvider.getOne("bulk-downloads", { id: "bd-1" })).resolves.toEqual({ data: download });
    expect(seen).toEqual([
      { method: "POST", url: "/bulk-downloads", auth: BEARER, body: { testIds: ["t-1", "t-2"] } },
      { method: "GET", url: "/bulk-downloads/bd-1", auth: null },
    ]);
  });

  it('leaves the gallery\'s getList("tests") and every other resource to ra-data-simple-rest', async () => {
    const seen = record((request) =>
      new URL(request.url).pathname.endsWith("/tests")
        ? HttpResponse.json([{ id: "t-1" }], { headers: { "Content-Range": "tests 0-0/1" } })
        : HttpResponse.json({ id: "d1", name: "Box" }),
    );
    const dataProvider = setup();
    await expect(
      dataProvider.getList("tests", { pagination: { page: 1, perPage: 10 }, sort: { field: "date", order: "DESC" } }),
    ).resolves.toMatchObject({ data: [{ id: "t-1" }], total: 1 });
    await expect(dataProvider.getOne("devices", { id: "d1" })).resolves.toEqual({ data: { id: "d1", name: "Box" } });
    await expect(
      dataProvider.update("devices", { id: "d1", data: { name: "Box" }, previousData: { id: "d1" } }),
    ).resolves.toEqual({ data: { id: "d1", name: "Box" } });
    expect(seen.map(({ method, url }) => `${method} ${url.split("?")[0]}`)).toEqual([
      "GET /tests",
      "GET /devices/d1",
      "PUT /devices/d1",
    ]);
  });
});

describe("withTestRecords", () => {
  it("hands other resources' calls to the wrapped provider as they are", async () => {
    const calls: [string, string, unknown][] = [];
    const answer = (method: string) => (resource: string, params: unknown) => {
      calls.push([method, resource, params]);
      return Promise.resolve({ data: { id: "x" } });
    };
    const rest = {
      getOne: answer("getOne"),
      update: answer("update"),
      delete: answer("delete"),
      create: answer("create"),
      getList: answer("getList"),
    } as unknown as DataProvider;
    const wrapped = withTestRecords(rest, {} as never);
    await wrapped.getOne("devices", { id: "d1" });
    await wrapped.update("devices", { id: "d1", data: { a: 1 }, previousData: { id: "d1" } });
    await wrapped.delete("bulk-downloads", { id: "bd-1" });
    await wrapped.create("tests", { data: { name: "x" } });
    await wrapped.getList("tests", {});
    expect(calls).toEqual([
      ["getOne", "devices", { id: "d1" }],
      ["update", "devices", { id: "d1", data: { a: 1 }, previousData: { id: "d1" } }],
      ["delete", "bulk-downloads", { id: "bd-1" }],
      ["create", "tests", { data: { name: "x" } }],
      ["getList", "tests", {}],
    ]);
  });
});
