/**
 * Malformed input that used to reach a handler or SQL and answer 500, or be stored changed
 * (issue 24): multipart parts without a name or a file name, NUL and lone surrogates deep inside a
 * JSON body, dates that do not exist, numbers that are not finite, and bodies the service cannot
 * decode. Each is refused with a 4xx naming what is wrong, and nothing is written.
 */
import type { InjectOptions } from "fastify";
import type { OpenAPIV3 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_KIND } from "../../src/api/tests";
import { NAMELESS_FILE, UNNAMED_PART } from "../../server/src/http/multipart";
import { schemaErrorFormatter, validatorCompiler } from "../../server/src/http/validation";
import { watchDatabase, type DbWatch } from "./dbWatch";
import { bearer, createTestApp, messageOf, signIn, type TestApp } from "./helpers";
import { insertTest } from "./records";

let t: TestApp;
let superToken: string;
let userToken: string;
let testId: string;
let writes: DbWatch;
beforeAll(async () => {
  t = await createTestApp();
  superToken = (await signIn(t.app, "superadmin@example.com")).accessToken;
  userToken = (await signIn(t.app, "user@example.com")).accessToken;
  testId = (await insertTest(t.db, t.storage, { photos: 1 })).id;
  writes = await watchDatabase(t.db, new Set());
});
afterAll(() => t.close());

/** Sends a request and checks that it wrote to no table (failed sign-ins included). */
async function unchanged(request: InjectOptions) {
  await writes.reset();
  const response = await t.app.inject(request);
  expect(await writes.writtenTables(), response.body).toEqual([]);
  return response;
}

describe("multipart parts the upload routes cannot read", () => {
  const boundary = "----edgeboundary";
  const type = `multipart/form-data; boundary=${boundary}`;
  const part = (headers: string, body = "xx") => `--${boundary}\r\n${headers}\r\n\r\n${body}\r\n`;
  const photo = (field: string) =>
    part(`Content-Disposition: form-data; name="${field}"; filename="a.jpg"\r\nContent-Type: image/jpeg`, "\xff\xd8");
  // Each route as the least role that may call it: a plain User may upload avatars and test files.
  const routes = [
    { url: "/api/users/me/avatar", fileField: "file", token: () => userToken },
    { url: "/api/v2/tests/file", fileField: "files", token: () => userToken },
    { url: "/api/firmware", fileField: "file", token: () => superToken },
  ];
  const send = (url: string, token: string, body: string) =>
    unchanged({
      method: "POST",
      url,
      headers: { ...bearer(token), "content-type": type },
      payload: Buffer.from(`${body}--${boundary}--\r\n`, "latin1"),
    });

  it.each([
    [
      "a file part without a name",
      part('Content-Disposition: form-data; filename="a.jpg"\r\nContent-Type: image/jpeg'),
    ],
    ["a field part without a name", part("Content-Disposition: form-data")],
    ["a part with an empty name", part('Content-Disposition: form-data; name=""')],
  ])("refuses %s with 400 on every upload route", async (what, unnamed) => {
    for (const { url, token } of routes) {
      const response = await send(url, token(), unnamed);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      // The avatar's form takes no field at all: its limit refuses a field part before it is read.
      const message = url === "/api/users/me/avatar" && what !== "a file part without a name" ? /fields/ : UNNAMED_PART;
      expect(messageOf(response), url).toMatch(message);
    }
  });

  it("refuses an unnamed part after a file the route has already stored, leaving nothing behind", async () => {
    const unnamed = part("Content-Disposition: form-data");
    const response = await send("/api/firmware", superToken, photo("file") + unnamed);
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toBe(UNNAMED_PART);
  });

  it("refuses a file part without a file name (a Content-Type that is not text) with 400 naming the field", async () => {
    for (const { url, fileField, token } of routes) {
      const body = part(
        `Content-Disposition: form-data; name="${fileField}"\r\nContent-Type: application/octet-stream`,
      );
      const response = await send(url, token(), body);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(messageOf(response), url).toBe(`${fileField}: ${NAMELESS_FILE}`);
    }
  });

  it("still takes a well-formed upload", async () => {
    const kind = part(
      `Content-Disposition: form-data; name="${t.config.productKey}TestFileType"`,
      String(FILE_KIND.Other),
    );
    const body = part('Content-Disposition: form-data; name="testId"', testId) + kind + photo("files");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/tests/file",
      headers: { ...bearer(userToken), "content-type": type },
      payload: Buffer.from(`${body}--${boundary}--\r\n`, "latin1"),
    });
    // Past the form reader: the two bytes are no photo, which is the route's own refusal.
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toBe("The file's content is not a .jpg file.");
  });
});

describe("NUL and lone surrogates at any depth of a JSON body", () => {
  const savedQuery = (filter: unknown) => ({
    resource: "accounts",
    label: "Edge cases",
    value: { filter, sort: { field: "id", order: "ASC" }, perPage: 10 },
  });
  const save = (payload: unknown) =>
    unchanged({ method: "POST", url: "/api/saved-queries", headers: bearer(superToken), payload: payload as object });

  it.each([
    ["NUL in a filter's value", { q: "a\u0000b" }, "value.filter.q"],
    ["a lone surrogate in a list inside the filter", { country: ["BE", "\ud800"] }, "value.filter.country.1"],
    ["NUL three objects down", { a: { b: { c: "\u0000" } } }, "value.filter.a.b.c"],
  ])("refuses %s with 400 naming where it is", async (_what, filter, where) => {
    const response = await save(savedQuery(filter));
    expect(response.statusCode, response.body).toBe(400);
    const message = `${where} must not contain NUL or unpaired surrogate characters`;
    expect(response.json()).toEqual({ message, errors: { [where]: message } });
  });

  it("refuses a key with NUL, naming the object that holds it", async () => {
    const response = await save(savedQuery({ nested: { "a\u0000": 1 } }));
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toBe(
      "A field name in value.filter.nested must not contain NUL or unpaired surrogate characters",
    );
  });

  it("finds one 500 levels down, past any recursion limit", async () => {
    let deep: unknown = "\udc00";
    for (let level = 0; level < 500; level += 1) deep = [deep];
    const response = await save(savedQuery({ deep }));
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toMatch(/^value\.filter\.deep(\.0){500} must not contain NUL/);
  });

  it("checks a body the handler reads itself (no schema), and a JSON escape's NUL as well", async () => {
    const response = await unchanged({
      method: "POST",
      url: `/api/ai/test/${testId}/group/0/trigger`,
      headers: { ...bearer(superToken), "content-type": "application/json" },
      payload: '{"aiModel":"\\u0000"}',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toBe("aiModel must not contain NUL or unpaired surrogate characters");
  });

  it("still saves a filter of well-formed text, surrogate pairs included", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/saved-queries",
      headers: bearer(superToken),
      payload: savedQuery({ q: "Gems 💎", nested: { list: ["a", "b"] } }),
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe("dates that do not exist", () => {
  let serial = 0;
  const discount = (dates: Record<string, string>) => {
    serial += 1;
    return { code: `EDGE-${serial}`, kind: "percent", percentOff: 10, ...dates };
  };
  const create = (dates: Record<string, string>) =>
    unchanged({ method: "POST", url: "/api/discounts", headers: bearer(superToken), payload: discount(dates) });

  it.each([
    ["validFrom", "0000-01-01", "Use a year from 1900 to 9999."],
    ["validFrom", "0000-01-01T00:00:00Z", "Use a year from 1900 to 9999."],
    ["validFrom", "2024-02-30", "No such date: February 2024 has 29 days."],
    ["validFrom", "2023-02-29", "No such date: February 2023 has 28 days."],
    ["validTo", "1900-02-29", "No such date: February 1900 has 28 days."],
    ["validTo", "2025-04-31T10:00:00Z", "No such date: April has 30 days."],
    ["validTo", "2025-13-01", "No such date: there is no month 13."],
    ["validTo", "2025-01-00", "No such date: days start at 01."],
    ["validTo", "2025-01-01T24:00:00Z", "No such time: hours go from 00 to 23 (24:00 is 00:00 of the next day)."],
    ["validTo", "2025-01-01T23:60:00Z", "No such time: minutes go from 00 to 59."],
    ["validTo", "2025-01-01T23:59:60Z", "No such time: seconds go from 00 to 59."],
    ["validTo", "2025-01-01T10:00:00+25:00", "No such time zone: an offset goes up to 23:59."],
  ])("refuses a discount's %s %s with 422 naming the field", async (field, date, problem) => {
    const response = await create({ [field]: date });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message: `${field}: ${problem}`, errors: { [field]: problem } });
  });

  it("refuses them on an update too, keeping the record as it was", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/discounts",
      headers: bearer(superToken),
      payload: discount({}),
    });
    const { id, code } = created.json<{ id: string; code: string }>();
    const response = await unchanged({
      method: "PUT",
      url: `/api/discounts/${id}`,
      headers: bearer(superToken),
      payload: { code, kind: "percent", percentOff: 10, version: 1, validFrom: "2024-02-30" },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(messageOf(response)).toBe("validFrom: No such date: February 2024 has 29 days.");
  });

  it("takes leap days and the last instant of a day as they are", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/discounts",
      headers: bearer(superToken),
      payload: discount({ validFrom: "2000-02-29", validTo: "2100-02-28T23:59:59.999Z" }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      validFrom: "2000-02-29T00:00:00.000Z",
      validTo: "2100-02-28T23:59:59.999Z",
    });
  });

  it("refuses them in a list's date filters with the lists' 400, instead of rolling them into March", async () => {
    for (const [list, filter] of [
      ["accounts", { createdAt_gte: "2024-02-30" }],
      ["accounts", { createdAt_lte: "2024-02-29T24:00:00Z" }],
      ["tests", { from: "2023-02-29" }],
    ] as const) {
      const url = `/api/${list}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
      const response = await unchanged({ method: "GET", url, headers: bearer(superToken) });
      expect(response.statusCode, `${list} ${JSON.stringify(filter)}: ${response.body}`).toBe(400);
    }
    const fine = await t.app.inject({
      method: "GET",
      url: `/api/accounts?filter=${encodeURIComponent(JSON.stringify({ createdAt_gte: "2024-02-29T23:59:59Z" }))}`,
      headers: bearer(superToken),
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it("is one rule of the shared validation: every date and date-time field of any route gets it", () => {
    const schema = {
      type: "object",
      properties: { day: { type: "string", format: "date" }, at: { type: "string", format: "date-time" } },
    };
    const validate = validatorCompiler({
      schema: schema as object,
      method: "POST",
      url: "/x",
      httpPart: "body",
    }) as unknown as {
      (data: unknown): boolean;
      errors: Parameters<typeof schemaErrorFormatter>[0];
    };
    const refusal = (data: unknown) => {
      expect(validate(data)).toBe(false);
      return schemaErrorFormatter(validate.errors, "body") as Error & { statusCode?: number };
    };
    const notADay = refusal({ day: "2026-02-29" });
    expect([notADay.statusCode, notADay.message]).toEqual([422, "day: No such date: February 2026 has 28 days."]);
    const notATime = refusal({ at: "2026-01-01T24:00:00Z" });
    expect(notATime.statusCode).toBe(422);
    // What is no date at all stays a malformed request.
    const malformed = refusal({ day: "yesterday" });
    expect([malformed.statusCode, malformed.message]).toEqual([400, "day must be a date (YYYY-MM-DD)"]);
    expect(validate({ day: "2028-02-29", at: "2026-01-01T23:59:59+14:00" })).toBe(true);
  });

  it("is documented: every operation that takes a date answers 422 in the document", () => {
    const document = t.app.swagger() as unknown as OpenAPIV3.Document;
    const takesDates: string[] = [];
    const hasDate = (schema: unknown): boolean => {
      if (schema === null || typeof schema !== "object") return false;
      const s = schema as Record<string, unknown>;
      if (s.format === "date" || s.format === "date-time" || s["x-calendarDate"] === true) return true;
      return Object.values(s).some((inner) => hasDate(inner));
    };
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of ["get", "post", "put", "patch", "delete"] as const) {
        const operation = item?.[method];
        if (!operation) continue;
        const body = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content;
        if (!hasDate(body) && !hasDate(operation.parameters)) continue;
        takesDates.push(`${method} ${path}`);
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain("422");
      }
    }
    expect(takesDates).toEqual(expect.arrayContaining(["post /api/discounts", "put /api/discounts/{id}"]));
  });
});

describe("numbers that are not finite, and huge ones, in a path", () => {
  it.each([
    ["1e309", "group must be a finite number"],
    ["Infinity", "group must be a finite number"],
    ["-Infinity", "group must be a finite number"],
    ["1e20", "group must be <= 9999"],
    ["99999999999999999999999", "group must be <= 9999"],
    ["-1e400", "group must be a finite number"],
  ])("GET …/group/%s/result answers 400: %s", async (group, message) => {
    const response = await unchanged({
      method: "GET",
      url: `/api/ai/test/${testId}/group/${group}/result`,
      headers: bearer(superToken),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it("answers the same on another route's read and write", async () => {
    const get = await unchanged({ method: "GET", url: "/api/box-type-settings/1e309", headers: bearer(superToken) });
    expect(get.statusCode, get.body).toBe(400);
    expect(messageOf(get)).toBe("typeCode must be a finite number");
    const put = await unchanged({
      method: "PUT",
      url: `/api/box-type-settings/Infinity`,
      headers: bearer(superToken),
      payload: {},
    });
    expect(put.statusCode, put.body).toBe(400);
    expect(messageOf(put)).toBe("typeCode must be a finite number");
  });

  it("refuses 1e999 in a JSON body (JSON.parse makes it Infinity) as no whole number", async () => {
    const response = await unchanged({
      method: "POST",
      url: "/api/discounts",
      headers: { ...bearer(superToken), "content-type": "application/json" },
      payload: '{"code":"INF-1","kind":"percent","percentOff":1e999}',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toBe("percentOff must be a whole number or null");
  });
});

describe("bodies the service cannot decode", () => {
  const login = { email: "superadmin@example.com", password: "demo1234" };
  const post = (headers: Record<string, string>, payload: string | Buffer = JSON.stringify(login)) =>
    unchanged({ method: "POST", url: "/api/v2/auth/login", headers, payload });

  it.each(["gzip", "deflate", "br", "GZIP", "gzip, identity", "x-unknown"])(
    "answers 415 to Content-Encoding %s, naming it",
    async (encoding) => {
      const response = await post({ "content-type": "application/json", "content-encoding": encoding });
      expect(response.statusCode, response.body).toBe(415);
      expect(response.json()).toEqual({
        message: `Content-Encoding ${encoding.toLowerCase()} is not supported: send the body uncompressed.`,
      });
    },
  );

  it.each(["utf-16", "UTF-16LE", "iso-8859-1", '"utf-7"'])("answers 415 to charset=%s, naming it", async (charset) => {
    const response = await post(
      { "content-type": `application/json; charset=${charset}` },
      Buffer.from(JSON.stringify(login), "utf16le"),
    );
    expect(response.statusCode, response.body).toBe(415);
    expect(messageOf(response)).toBe(
      `charset=${charset.replaceAll('"', "").toLowerCase()} is not supported: send the body in UTF-8.`,
    );
  });

  it("refuses a compressed multipart upload too, before reading it", async () => {
    const response = await unchanged({
      method: "POST",
      url: "/api/users/me/avatar",
      headers: { ...bearer(userToken), "content-type": "multipart/form-data; boundary=x", "content-encoding": "gzip" },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(response.statusCode, response.body).toBe(415);
  });

  it("takes UTF-8 however it is named, identity, and a GET's stray header", async () => {
    for (const headers of [
      { "content-type": "application/json; charset=utf-8" },
      { "content-type": 'application/json; charset="UTF-8"' },
      { "content-type": "application/json;charset=utf8" },
      { "content-type": "application/json", "content-encoding": "identity" },
    ]) {
      const response = await t.app.inject({ method: "POST", url: "/api/v2/auth/login", headers, payload: login });
      expect(response.statusCode, `${JSON.stringify(headers)}: ${response.body}`).toBe(200);
    }
    const get = await t.app.inject({
      method: "GET",
      url: "/api/saved-queries?resource=accounts",
      headers: { ...bearer(superToken), "content-encoding": "gzip" },
    });
    expect(get.statusCode, get.body).toBe(200);
  });

  it("leaves a path no route takes to its 404 or 405, whatever its body", async () => {
    const headers = { "content-type": "application/json", "content-encoding": "gzip" };
    const unknown = await t.app.inject({ method: "POST", url: "/api/no-such-route", headers, payload: "{}" });
    expect(unknown.statusCode, unknown.body).toBe(404);
    const wrongMethod = await t.app.inject({ method: "POST", url: "/api/health", headers, payload: "{}" });
    expect(wrongMethod.statusCode, wrongMethod.body).toBe(405);
  });

  it("asks for the token first: no token and a gzip body on a signed-in route is 401", async () => {
    const response = await unchanged({
      method: "POST",
      url: "/api/saved-queries",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: "{}",
    });
    expect(response.statusCode).toBe(401);
  });

  it("is documented: every operation that reads a body may answer 415", () => {
    const document = t.app.swagger() as unknown as OpenAPIV3.Document;
    let checked = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of ["post", "put", "patch", "delete"] as const) {
        const operation = item?.[method];
        if (!operation) continue;
        checked += 1;
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain("415");
      }
      expect(Object.keys(item?.get?.responses ?? {}), `get ${path}`).not.toContain("415");
    }
    expect(checked).toBeGreaterThan(50);
  });
});
