/**
 * Bad input: every endpoint that takes a body answers 400 with a message naming the problem,
 * and nothing in the database changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenAPIV3 } from "openapi-types";
import { MAX_RANGE_START } from "../../server/src/resources/listQuery";
import { watchDatabase, type DbWatch } from "./dbWatch";
import { bearer, createTestApp, freshIp, signIn, type TestApp } from "./helpers";
import { A, U } from "./records";
import { listUrl } from "./resourceHelpers";

let t: TestApp;
let accessToken: string;
let superToken: string;
/** Every write to any table, failed sign-ins included: a refused input changes nothing at all. */
let writes: DbWatch;
beforeAll(async () => {
  t = await createTestApp();
  accessToken = (await signIn(t.app, "admin@example.com")).accessToken;
  superToken = (await signIn(t.app, "superadmin@example.com")).accessToken;
  writes = await watchDatabase(t.db, new Set());
});
afterAll(() => t.close());

interface Endpoint {
  url: string;
  needsToken: boolean;
  valid: Record<string, unknown>;
}

const endpoints: Record<string, Endpoint> = {
  login: { url: "/api/v2/auth/login", needsToken: false, valid: { email: "admin@example.com", password: "demo1234" } },
  refresh: { url: "/api/v2/auth/refresh", needsToken: false, valid: { refreshToken: "abc" } },
  logout: { url: "/api/v2/auth/logout", needsToken: false, valid: { refreshToken: "abc" } },
  passwordCheck: { url: "/api/users/password/check", needsToken: true, valid: { password: "demo1234" } },
};

/** A request body as sent: raw text and its content type (undefined: no Content-Type header). */
interface BadBody {
  name: string;
  payload: string | undefined;
  contentType: string | undefined;
  /** What the message must say. */
  message: RegExp;
}

const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: "application/json" });

function badBodies(endpoint: Endpoint): BadBody[] {
  const fields = Object.keys(endpoint.valid);
  const cases: BadBody[] = [
    {
      name: "no body at all",
      payload: undefined,
      contentType: undefined,
      message: /^Request body must be a JSON object$/,
    },
    {
      name: "empty JSON body",
      payload: "",
      contentType: "application/json",
      message: /^Request body must be a JSON object$/,
    },
    {
      name: "malformed JSON",
      payload: '{"a": ',
      contentType: "application/json",
      message: /^Request body is not valid JSON$/,
    },
    { name: "JSON array", ...json([endpoint.valid]), message: /^Request body must be a JSON object$/ },
    { name: "JSON string", ...json("hello"), message: /^Request body must be a JSON object$/ },
    { name: "JSON null", ...json(null), message: /^Request body must be a JSON object$/ },
    {
      name: "text/plain",
      payload: JSON.stringify(endpoint.valid),
      contentType: "text/plain",
      message: /^Content-Type must be application\/json$/,
    },
    {
      name: "form encoded",
      payload: "a=b",
      contentType: "application/x-www-form-urlencoded",
      message: /Content-Type must be application\/json/,
    },
    { name: "empty object", ...json({}), message: new RegExp(`^${fields[0]} is required$`) },
    {
      name: "extra field",
      ...json({ ...endpoint.valid, role: "SuperAdmin" }),
      message: /^role is not an allowed field$/,
    },
  ];
  for (const field of fields) {
    const without = { ...endpoint.valid };
    delete without[field];
    cases.push({ name: `missing ${field}`, ...json(without), message: new RegExp(`^${field} is required$`) });
    for (const wrong of [42, true, null, ["x"], { x: 1 }]) {
      cases.push({
        name: `${field} = ${JSON.stringify(wrong)}`,
        ...json({ ...endpoint.valid, [field]: wrong }),
        message: new RegExp(`^${field} must be a string$`),
      });
    }
    cases.push({
      name: `${field} empty`,
      ...json({ ...endpoint.valid, [field]: "" }),
      message: new RegExp(`^${field} must`),
    });
    cases.push({
      name: `${field} oversize`,
      ...json({ ...endpoint.valid, [field]: field === "email" ? `${"a".repeat(300)}@example.com` : "a".repeat(1000) }),
      message: new RegExp(`^${field} must be at most \\d+ characters long$`),
    });
  }
  if (fields.includes("email")) {
    for (const email of ["not-an-email", "a@", "@example.com", "a b@example.com"]) {
      cases.push({
        name: `email ${email}`,
        ...json({ ...endpoint.valid, email }),
        message: /^email must be a valid email address$/,
      });
    }
  }
  return cases;
}

describe.each(Object.entries(endpoints))("malformed bodies for %s", (_name, endpoint) => {
  it.each(badBodies(endpoint))("$name → 400", async ({ payload, contentType, message }) => {
    await writes.reset();
    const headers: Record<string, string> = endpoint.needsToken ? bearer(accessToken) : {};
    if (contentType !== undefined) headers["content-type"] = contentType;
    const response = await t.app.inject({
      method: "POST",
      url: endpoint.url,
      headers,
      payload,
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await writes.writtenTables()).toEqual([]);
  });
});

describe("the guard comes before validation", () => {
  it("answers 401, not 400, to a malformed body without a token", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/users/password/check", payload: { nonsense: 1 } });
    expect(response.statusCode).toBe(401);
  });
});

describe("malformed URLs", () => {
  it("answers 400 {message} for broken percent-encoding", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/users/%E0%A4%A", headers: bearer(accessToken) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The URL is not valid" });
  });
});

describe("oversize requests", () => {
  it("answers 413 {message} for a body over the limit", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@example.com", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "Request body is too large" });
  });
});

/**
 * The rules every route schema gets as it is compiled (server/src/http/validation.ts hardenSchema),
 * checked on routes of different features: each refusal is a 400 naming the field, and changes nothing.
 */
describe("rules every route's input obeys", () => {
  const send = async (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, token = superToken) => {
    await writes.reset();
    const response = await t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    expect(await writes.writtenTables()).toEqual([]);
    return response;
  };
  const business = { name: "Fuzz Gems", address: "1 Main St", city: "Antwerp", country: "BE" };

  it.each([
    ["NUL", "Gems\u0000Co"],
    ["a lone high surrogate", "Gems \ud800"],
    ["a lone low surrogate", "\udc00Gems"],
  ])("refuses %s in a body string, naming the field", async (_what, name) => {
    const response = await send("POST", "/api/businesses", { ...business, name });
    expect(response.statusCode).toBe(400);
    const message = "name must not contain NUL or unpaired surrogate characters";
    // On its field, for the form it came from (outside review: a NUL pasted into a test's notes
    // showed above the form, the field unmarked).
    expect(response.json()).toEqual({ message, errors: { name: message } });
  });

  it("refuses NUL in a nested field, a path parameter and a query parameter", async () => {
    const nested = await send("PUT", "/api/bookmarks", { items: [{ resource: "accounts", recordId: "a\u0000" }] });
    expect(nested.statusCode).toBe(400);
    expect(nested.json<{ message: string }>().message).toBe(
      "items.0.recordId must not contain NUL or unpaired surrogate characters",
    );
    const path = await send("GET", "/api/accounts/a%00b");
    expect(path.statusCode).toBe(400);
    expect(path.json()).toEqual({ message: "id must not contain NUL or unpaired surrogate characters" });
    const query = await send("GET", "/api/phones/model?brand=Apple%00&model=x&period=7d");
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ message: "brand must not contain NUL or unpaired surrogate characters" });
  });

  it("trims a name before its minimum length: a name of spaces is refused, not stored empty", async () => {
    const created = await send("POST", "/api/businesses", { ...business, name: "   " });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json()).toEqual({ message: "name must not be empty", errors: { name: "name must not be empty" } });
    const edited = await send("PUT", `/api/users/${U.user}`, { firstName: " \t ", lastName: "Lee", version: 1 });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json()).toEqual({
      message: "firstName must not be empty",
      errors: { firstName: "firstName must not be empty" },
    });
  });

  it("names the refused field in `errors` when the schema refuses one, and only then", async () => {
    const { name: _name, ...nameless } = business;
    const refusals = {
      missing: await send("POST", "/api/businesses", nameless),
      mistyped: await send("POST", "/api/businesses", { ...business, city: 7 }),
      nested: await send("PUT", "/api/bookmarks", { items: [{ resource: "accounts", recordId: 7 }] }),
      unknown: await send("POST", "/api/businesses", { ...business, colour: "red" }),
      notAnObject: await send("POST", "/api/businesses", [business]),
    };
    const bodies = Object.fromEntries(Object.entries(refusals).map(([what, response]) => [what, response.json()]));
    expect(bodies).toEqual({
      missing: { message: "name is required", errors: { name: "name is required" } },
      mistyped: { message: "city must be a string", errors: { city: "city must be a string" } },
      nested: {
        message: "items.0.recordId must be a string",
        errors: { "items.0.recordId": "items.0.recordId must be a string" },
      },
      // No form has an unknown field, nor a field for the body as a whole: the message alone.
      unknown: { message: "colour is not an allowed field" },
      notAnObject: { message: "Request body must be a JSON object" },
    });
    expect(Object.values(refusals).map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400]);
  });

  it("takes a password as typed: spaces count", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/users/password/check",
      headers: bearer(superToken),
      payload: { password: "        " },
    });
    expect(response.statusCode, response.body).not.toBe(400);
  });

  it("keeps integers within the column's range when the schema says no bound", async () => {
    for (const amount of [2 ** 31, 1e20, -(2 ** 31) - 1]) {
      const response = await send("POST", "/api/payments/x/refund", { version: 1, amount, reason: "fuzz" });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/^amount must be [<>]= -?214748364[78]$/);
    }
    const version = await send("POST", `/api/accounts/${A.gemtestHq}/restore`, { version: 2 ** 40 });
    expect(version.statusCode).toBe(400);
    expect(version.json()).toEqual({
      message: "version must be <= 2147483647",
      errors: { version: "version must be <= 2147483647" },
    });
  });

  it("refuses a date in year 0000 (or outside 1900–9999) in list filters", async () => {
    for (const date of ["0000-01-01", "0000-01-01T00:00:00Z", "1899-12-31T23:00:00Z", "10000-01-01"]) {
      const response = await send("GET", listUrl("accounts", { filter: { createdAt_gte: date } }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: "filter: createdAt_gte must be a date (ISO 8601)" });
    }
    const fine = await send("GET", listUrl("accounts", { filter: { createdAt_gte: "1900-01-01" } }));
    expect(fine.statusCode).toBe(200);
  });

  it("bounds a list's range: integers only, the first row at most MAX_RANGE_START", async () => {
    const deep = await send("GET", listUrl("accounts", { range: [MAX_RANGE_START + 1, MAX_RANGE_START + 10] }));
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ message: `range: the first row must be at most ${MAX_RANGE_START}` });
    const last = await send("GET", listUrl("accounts", { range: [MAX_RANGE_START, MAX_RANGE_START + 9] }));
    expect(last.statusCode).toBe(200);
    for (const range of ["[1e300,1e300]", "[-1,5]", "[0.5,3]"]) {
      const response = await send("GET", `/api/accounts?range=${encodeURIComponent(range)}`);
      expect(response.statusCode, range).toBe(400);
    }
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"])(
    "looks sort and filter keys up among the list's own fields only: %s is unknown",
    async (key) => {
      for (const resource of ["accounts", "users", "devices", "tests", "phones", "activity"]) {
        const sort = await send("GET", `/api/${resource}?sort=${encodeURIComponent(JSON.stringify([key, "ASC"]))}`);
        expect(sort.statusCode, `${resource} sort`).toBe(400);
        // The gallery's wording lists its sorts rather than naming the one it refused.
        if (resource !== "tests") expect(sort.json<{ message: string }>().message, resource).toContain(key);
        const filter = await send("GET", `/api/${resource}?filter=${encodeURIComponent(`{"${key}":"x"}`)}`);
        expect(filter.statusCode, `${resource} filter`).toBe(400);
        expect(filter.json<{ message: string }>().message, resource).toContain(key);
      }
    },
  );

  it("refuses NUL and lone surrogates that JSON escapes put in a list's sort or filter", async () => {
    for (const [part, text] of [
      ["filter", '{"q":"a\\u0000b"}'],
      ["filter", '{"country":"\\ud800"}'],
      ["sort", '["name\\u0000","ASC"]'],
      ["filter", '{"id":["\\u0000"]}'],
    ] as const) {
      const response = await send("GET", `/api/accounts?${part}=${encodeURIComponent(text)}`);
      expect(response.statusCode, text).toBe(400);
      expect(response.json(), text).toEqual({
        message: `${part} must not contain NUL or unpaired surrogate characters`,
      });
    }
  });
});

describe("malformed multipart on every upload route", () => {
  /** The document's multipart routes and the field each takes its file in. */
  const uploadRoutes = () => {
    const document = t.app.swagger() as unknown as OpenAPIV3.Document;
    const routes: { url: string; fileField: string }[] = [];
    for (const [url, item] of Object.entries(document.paths)) {
      const body = item?.post?.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      const schema = body?.content["multipart/form-data"]?.schema as OpenAPIV3.SchemaObject | undefined;
      if (!schema) continue;
      const properties = Object.entries(schema.properties ?? {}) as [string, OpenAPIV3.SchemaObject][];
      const fileField = properties.find(([, property]) => property.format === "binary")?.[0] ?? "file";
      routes.push({ url, fileField });
    }
    return routes;
  };
  const boundary = "----validationboundary";
  const form = (fileField: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.jpg"\r\n` +
    `Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0 some bytes of a photo\r\n--${boundary}--\r\n`;
  const type = `multipart/form-data; boundary=${boundary}`;
  const malformed: [string, string, (body: string) => string][] = [
    ["no boundary", "multipart/form-data", (body) => body],
    ["an empty boundary", "multipart/form-data; boundary=", (body) => body],
    ["a body truncated in the file", type, (body) => body.slice(0, body.length - 40)],
    ["a body truncated in a part header", type, (body) => body.slice(0, 30)],
    ["a 300-character boundary", `multipart/form-data; boundary=${"b".repeat(300)}`, (body) => body],
  ];

  it("has upload routes to check", () => {
    expect(uploadRoutes().map((route) => route.url)).toEqual(
      expect.arrayContaining(["/api/v2/tests/file", "/api/firmware", "/api/users/me/avatar"]),
    );
  });

  it.each(malformed)("answers 400 to %s on each of them, changing nothing", async (_what, contentType, cut) => {
    for (const { url, fileField } of uploadRoutes()) {
      await writes.reset();
      const response = await t.app.inject({
        method: "POST",
        url,
        headers: { ...bearer(superToken), "content-type": contentType },
        payload: cut(form(fileField)),
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(await writes.writtenTables(), url).toEqual([]);
    }
  });

  it("refuses NUL in a form's field value, naming the field", async () => {
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="testId"\r\n\r\nx\u0000y\r\n` + form("files");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/tests/file",
      headers: { ...bearer(superToken), "content-type": type },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "testId must not contain NUL or unpaired surrogate characters" });
  });
});
