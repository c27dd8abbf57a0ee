/**
 * The OpenAPI document (GET /api/docs/openapi.json) and its page (GET /api/docs) are generated
 * from the routes' own schemas: every route the app registers under /api must be in it, with a
 * summary, tags and a success answer, so a route cannot be added without documenting it.
 */
import { readFileSync } from "node:fs";
import type { FastifyInstance, RouteOptions } from "fastify";
import type { OpenAPIV3 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/src/app";
import { renderDocsPage } from "../../server/src/docs/page";
import { RECORD_EXAMPLES } from "../../server/src/docs/examples";
import { operationIdOf, TAGS } from "../../server/src/docs/openapi";
import { CONTRACTS } from "../../src/api/contract";
import { filterKeysOf, sortsOf } from "../../src/api/contract/declare";
import { FILE_CONTENT_TYPES } from "../../server/src/files/routes";
import { seedTestId } from "../../server/src/db/seedTests";
import type { ApiTest } from "../../src/api/tests";
import { bearer, copyTestFiles, freshIp, login, openTestDatabase, signIn } from "./helpers";
import { A } from "./records";
import { loadConfig } from "../../server/src/config";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  name: string;
  version: string;
};

/** Text that must never reach the page as markup. */
const EVIL = `<script>alert("docs")</script><img src=x onerror=alert(1)>`;
const EVIL_URL = "/api/escape-check/:evil";

interface Registered {
  method: string;
  url: string;
  access: unknown;
}

let app: FastifyInstance;
let dispose: () => Promise<void>;
const routes: Registered[] = [];
let document: OpenAPIV3.Document;

beforeAll(async () => {
  const database = await openTestDatabase();
  const files = await copyTestFiles();
  dispose = async () => {
    await database.handle.close();
    await database.dispose();
    await files.remove();
  };
  const config = loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL ?? "silent", DATA_DIR: files.dataDir });
  app = buildApp({ db: database.handle.db, config });
  // Every route, as Fastify registers it (HEAD twins of GET routes aside).
  app.addHook("onRoute", (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.push({ method, url: route.url, access: route.config?.access });
    }
  });
  // A route whose documentation carries markup: the page must show it as text. (In a plugin, so
  // that it is registered after @fastify/swagger, like the app's own routes.)
  app.register(async (scope) =>
    scope.get(
      EVIL_URL,
      {
        config: { access: "public" },
        schema: {
          summary: EVIL,
          description: EVIL,
          tags: [EVIL],
          params: { type: "object", properties: { evil: { type: "string", description: EVIL } } },
          response: { 200: { type: "object", description: EVIL, properties: { [EVIL]: { type: "string" } } } },
        },
      },
      async () => ({}),
    ),
  );
  await app.ready();
  const response = await app.inject({ method: "GET", url: "/api/docs/openapi.json" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  document = JSON.parse(response.body) as OpenAPIV3.Document;
});

afterAll(async () => {
  await app.close();
  await dispose();
});

/** `/api/tests/:id/:fileId` → `/api/tests/{id}/{fileId}` */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

const apiRoutes = () => routes.filter((route) => route.url.startsWith("/api/") && !route.url.startsWith("/api/docs"));

function operationOf(route: Registered): OpenAPIV3.OperationObject & { "x-access"?: string } {
  const item = document.paths[openapiPath(route.url)];
  const operation = item?.[route.method.toLowerCase() as OpenAPIV3.HttpMethods];
  if (!operation) throw new Error(`${route.method} ${route.url} is not in the document`);
  return operation;
}

describe("GET /api/docs/openapi.json", () => {
  it("is an OpenAPI 3 document named and versioned after package.json, with a bearer scheme", () => {
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info).toMatchObject({ title: pkg.name, version: pkg.version });
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("lists every /api route with a summary, a description, tags, who may call it and a success answer", () => {
    // The collection itself works: the routes of each feature are there.
    expect(apiRoutes().length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const route of apiRoutes()) {
      const name = `${route.method} ${route.url}`;
      let operation;
      try {
        operation = operationOf(route);
      } catch (error) {
        problems.push((error as Error).message);
        continue;
      }
      if (!operation.summary?.trim()) problems.push(`${name} has no summary`);
      if (!operation.description?.trim()) problems.push(`${name} has no description`);
      if (!operation.tags?.length) problems.push(`${name} has no tags`);
      if (!Object.keys(operation.responses ?? {}).some((status) => /^2(\d\d|XX)$/.test(status))) {
        problems.push(`${name} declares no 2xx answer`);
      }
      if (!operation["x-access"]) problems.push(`${name} does not say who may call it`);
      const bearer = (operation.security ?? []).some((requirement) => "bearerAuth" in requirement);
      if (route.access !== "public" && !bearer) problems.push(`${name} needs a token but declares no bearer security`);
    }
    expect(problems).toEqual([]);
  });

  it("holds nothing but the app's routes, and not the docs' own", () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((key) => ["get", "put", "post", "delete", "patch"].includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = new Set(apiRoutes().map((route) => `${route.method} ${openapiPath(route.url)}`));
    expect(documented.filter((operation) => !registered.has(operation))).toEqual([]);
    expect(Object.keys(document.paths).filter((path) => path.startsWith("/api/docs"))).toEqual([]);
  });

  it("resolves every $ref it uses", () => {
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (typeof node === "object" && node !== null) {
        for (const [key, value] of Object.entries(node)) {
          if (key === "$ref" && typeof value === "string") refs.push(value);
          else walk(value);
        }
      }
    };
    walk(document);
    const unresolved = refs.filter((ref) => {
      if (!ref.startsWith("#/")) return true;
      const target = ref
        .slice(2)
        .split("/")
        .map((part) => decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~"))
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      return target === undefined;
    });
    expect(unresolved).toEqual([]);
  });

  it("documents the shared shapes, fields the console reads included", () => {
    const test = operationOf({ method: "GET", url: "/api/v3/tests/:id", access: "signedIn" });
    const answer = (test.responses["200"] as OpenAPIV3.ResponseObject).content?.["application/json"]?.schema as
      OpenAPIV3.SchemaObject | undefined;
    expect(Object.keys(answer?.properties ?? {})).toEqual(expect.arrayContaining(["id", "name", "files", "notes"]));
    const login = operationOf({ method: "POST", url: "/api/v2/auth/login", access: "public" });
    expect(login.requestBody).toBeDefined();
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "429"]));
  });
});

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

interface Documented {
  method: string;
  path: string;
  name: string;
  op: OpenAPIV3.OperationObject;
}

/** Every operation of the document, the test's own markup route aside. */
function operations(): Documented[] {
  return Object.entries(document.paths)
    .filter(([path]) => path !== openapiPath(EVIL_URL))
    .flatMap(([path, item]) =>
      METHODS.filter((method) => item?.[method]).map((method) => ({
        method,
        path,
        name: `${method.toUpperCase()} ${path}`,
        op: item![method]!,
      })),
    );
}

const answer = (op: OpenAPIV3.OperationObject, status: string) =>
  op.responses[status] as OpenAPIV3.ResponseObject | undefined;

/** A list in ra-data-simple-rest's manner: it takes `range` and its 200 is a JSON array. */
function isList(op: OpenAPIV3.OperationObject): boolean {
  const takesRange = (op.parameters ?? []).some((p) => (p as OpenAPIV3.ParameterObject).name === "range");
  const schema = answer(op, "200")?.content?.["application/json"]?.schema as OpenAPIV3.SchemaObject | undefined;
  return takesRange && schema?.type === "array";
}

describe("the document's operations", () => {
  it("each have an operationId: present, camelCase, unique, derived from the method and path alone", () => {
    const seen = new Map<string, string[]>();
    const problems: string[] = [];
    for (const { method, path, name, op } of operations()) {
      const id = op.operationId;
      if (!id) {
        problems.push(`${name} has no operationId`);
        continue;
      }
      if (!/^[a-z][A-Za-z0-9]*$/.test(id)) problems.push(`${name}: ${id} is not camelCase`);
      if (id !== operationIdOf(method, path)) problems.push(`${name}: ${id} is not derived from its method and path`);
      seen.set(id, [...(seen.get(id) ?? []), name]);
    }
    const shared = [...seen].filter(([, names]) => names.length > 1).map(([id, names]) => `${id}: ${names.join(", ")}`);
    expect({ problems, shared }).toEqual({ problems: [], shared: [] });
    expect(seen.size).toBeGreaterThan(100);
  });

  it("derives the same operationId from a Fastify URL and its OpenAPI path", () => {
    expect(operationIdOf("GET", "/api/accounts/:id")).toBe("getAccountsById");
    expect(operationIdOf("get", "/api/accounts/{id}")).toBe("getAccountsById");
    expect(operationIdOf("DELETE", "/api/tests/:id/:fileId")).toBe("deleteTestsByIdByFileId");
    expect(operationIdOf("GET", "/api/accounts/export.csv")).toBe("getAccountsExportCsv");
    expect(operationIdOf("POST", "/api/v2/auth/login")).toBe("postV2AuthLogin");
    expect(operationIdOf("GET", "/api/bulk-downloads/:id/file")).toBe("getBulkDownloadsByIdFile");
  });

  it("are tagged with declared tags only, each declared once with a description, none unused", () => {
    const declared = (document.tags ?? []).map((tag) => tag.name);
    expect(declared).toEqual(TAGS.map((tag) => tag.name));
    expect(new Set(declared).size).toBe(declared.length);
    expect((document.tags ?? []).filter((tag) => !tag.description?.trim())).toEqual([]);
    const used = new Set(operations().flatMap(({ op }) => op.tags ?? []));
    expect([...used].filter((tag) => !declared.includes(tag))).toEqual([]);
    expect(declared.filter((tag) => !used.has(tag))).toEqual([]);
  });

  it("name the service they are on: a relative server, so that clients and Try it call this origin", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: "/" })]);
  });

  it("document the refusals any body or path can meet: 413 and 415 where a body is read, 400 where a path has a parameter", async () => {
    const problems: string[] = [];
    for (const { name, method, path, op } of operations()) {
      const expected = [
        ...(["post", "put", "patch", "delete"].includes(method) ? ["413", "415"] : []),
        ...(path.includes("{") ? ["400"] : []),
      ];
      const missing = expected.filter((status) => op.responses[status] === undefined);
      if (missing.length > 0) problems.push(`${name}: ${missing.join(", ")}`);
    }
    expect(problems).toEqual([]);
    // And they are what is answered: a JSON body past the limit, a NUL in an id.
    const { accessToken } = await signIn(app, "superadmin@example.com");
    const tooLarge = await app.inject({
      method: "PUT",
      url: "/api/users/30000000-0000-4000-8000-000000000003",
      headers: { ...bearer(accessToken), "content-type": "application/json" },
      payload: JSON.stringify({ firstName: "x".repeat(1024 * 1024 + 1) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    const nul = await app.inject({ method: "GET", url: "/api/bulk-downloads/a%00b", headers: bearer(accessToken) });
    expect(nul.statusCode).toBe(400);
  });

  it("answer a 204 without any body", () => {
    const with204 = operations().filter(({ op }) => answer(op, "204"));
    expect(with204.map(({ name }) => name)).toEqual(expect.arrayContaining(["DELETE /api/saved-queries/{id}"]));
    expect(with204.filter(({ op }) => answer(op, "204")!.content !== undefined).map(({ name }) => name)).toEqual([]);
  });
});

/** What a list's `sort` and `filter` parameters say it takes: the sort fields and the filter keys, as named. */
function listParameters(op: OpenAPIV3.OperationObject) {
  const described = (name: string) =>
    ((op.parameters ?? []) as OpenAPIV3.ParameterObject[]).find((p) => p.name === name)?.description ?? "";
  const named = (text: string) => [...text.matchAll(/`(\w+)`/g)].map((match) => match[1]!);
  return {
    sorts: named(/field one of (.*?); order/.exec(described("sort"))?.[1] ?? ""),
    filters: [...described("filter").matchAll(/`(\w+)` \(/g)].map((match) => match[1]!),
  };
}

describe("the lists' parameters", () => {
  let token: string;
  beforeAll(async () => {
    token = (await signIn(app, "superadmin@example.com")).accessToken;
  });

  it("name the sorts and filter keys of each declared resource's list as its contract declares them (the console's)", () => {
    const problems: string[] = [];
    for (const contract of Object.values(CONTRACTS)) {
      const op = document.paths[`/api/${contract.name}`]?.get;
      if (!op) continue;
      const { sorts, filters } = listParameters(op);
      if (sorts.join() !== sortsOf(contract).join()) problems.push(`${contract.name} sorts: ${sorts.join()}`);
      if ([...filters].sort().join() !== filterKeysOf(contract).sort().join()) {
        problems.push(`${contract.name} filters: ${filters.join()}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("are what the service takes: every documented sort both ways and every documented filter key, and no other", async () => {
    const lists = operations().filter(({ method, path, op }) => method === "get" && !path.includes("{") && isList(op));
    const described = lists.filter(({ op }) => listParameters(op).sorts.length > 0);
    // Every declared resource's list and the gallery say what they take.
    expect(described.length).toBeGreaterThanOrEqual(Object.keys(CONTRACTS).length);
    const get = (path: string, query: Record<string, unknown>) =>
      app.inject({
        method: "GET",
        url: path,
        query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])),
        headers: bearer(token),
      });
    const problems: string[] = [];
    for (const { path, op } of described) {
      const { sorts, filters } = listParameters(op);
      for (const field of sorts) {
        for (const order of ["ASC", "DESC"]) {
          const answer = await get(path, { sort: [field, order], range: [0, 4] });
          if (answer.statusCode !== 200) problems.push(`${path} sort ${field} ${order}: ${answer.statusCode}`);
        }
      }
      // The parameters' own examples, sent as they are, are taken.
      const examples = Object.fromEntries(
        ((op.parameters ?? []) as OpenAPIV3.ParameterObject[]).map((p) => [p.name, String(p.example)]),
      );
      const exampled = await app.inject({ method: "GET", url: path, query: examples, headers: bearer(token) });
      if (exampled.statusCode !== 200) problems.push(`${path}: its examples answer ${exampled.statusCode}`);
      if ((await get(path, { sort: ["undocumented", "ASC"] })).statusCode !== 400) {
        problems.push(`${path}: an undocumented sort is not refused`);
      }
      // How this list refuses a key it does not take (each list words it its own way).
      const unknown = await get(path, { filter: { undocumented: "x" } });
      const unknownMessage = String(unknown.json().message);
      if (unknown.statusCode !== 400 || !unknownMessage.includes("undocumented")) {
        problems.push(`${path}: an undocumented filter key answers ${unknown.statusCode} ${unknown.body}`);
      }
      for (const key of filters) {
        // A value no key takes: refused for its value (400), never as a key the list does not take.
        const answer = await get(path, { filter: { [key]: { no: "value" } } });
        if (answer.statusCode !== 400 || answer.json().message === unknownMessage.replace("undocumented", key)) {
          problems.push(`${path} filter ${key}: ${answer.statusCode} ${answer.body}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("the documented response headers", () => {
  let token: string;
  beforeAll(async () => {
    token = (await signIn(app, "superadmin@example.com")).accessToken;
  });

  it("are on every list's 200: Content-Range and X-Total-Count, and on no other answer", () => {
    const problems: string[] = [];
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        const headers = Object.keys((response as OpenAPIV3.ResponseObject).headers ?? {});
        const expected = status === "200" && isList(op) ? ["Content-Range", "X-Total-Count"] : [];
        const totals = headers.filter((header) => ["Content-Range", "X-Total-Count"].includes(header));
        if (totals.join() !== expected.join()) problems.push(`${name} ${status}: [${totals.join()}]`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("are sent by every list: X-Total-Count is Content-Range's total (absent when that is `*`), Content-Range exposed", async () => {
    const lists = operations().filter(({ method, path, op }) => method === "get" && !path.includes("{") && isList(op));
    expect(lists.length).toBeGreaterThan(15);
    const problems: string[] = [];
    for (const { path } of lists) {
      const response = await app.inject({ method: "GET", url: path, headers: bearer(token) });
      const range = String(response.headers["content-range"]);
      const total = /\/(\d+)$/.exec(range)?.[1];
      const sent = { status: response.statusCode, total: response.headers["x-total-count"] };
      const exposed = response.headers["access-control-expose-headers"];
      if (
        sent.status !== 200 ||
        !/^\S+ (\d+-\d+|\*)\/(\d+|\*)$/.test(range) ||
        sent.total !== total ||
        exposed !== "Content-Range"
      ) {
        problems.push(
          `${path}: ${sent.status} content-range ${range}, x-total-count ${sent.total}, exposed ${exposed}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it("say where a created record is: Location on the resources' creates, sent and readable", async () => {
    // Every 201 says where its record is, but two: a saved query has no address of its own; an uploaded file is read through its signed link.
    const withoutLocation = ["POST /api/saved-queries", "POST /api/v2/tests/file"];
    const creates = operations().filter(({ op }) => answer(op, "201"));
    const documented = creates.filter(({ op }) => answer(op, "201")!.headers?.Location).map(({ name }) => name);
    expect(documented).toEqual(
      expect.arrayContaining(["POST /api/accounts", "POST /api/devices", "POST /api/discounts", "POST /api/users"]),
    );
    const undocumented = creates.map(({ name }) => name).filter((name) => !documented.includes(name));
    expect(undocumented.sort()).toEqual(withoutLocation.sort());

    const created = await app.inject({
      method: "POST",
      url: "/api/devices",
      headers: bearer(token),
      payload: { serialNumber: "GT-OPENAPI-LOCATION", typeCode: 6501, accountId: A.brilliantGems },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect(created.headers.location).toBe(`/api/devices/${id}`);
    const read = await app.inject({ method: "GET", url: String(created.headers.location), headers: bearer(token) });
    expect({ status: read.statusCode, id: read.json<{ id: string }>().id }).toEqual({ status: 200, id });
  });

  it("say how long to wait on every 429: Retry-After, documented on each and sent by the sign-in throttle", async () => {
    const refusing = operations().filter(({ op }) => answer(op, "429"));
    const documented = refusing.filter(({ op }) => answer(op, "429")!.headers?.["Retry-After"]).map(({ name }) => name);
    expect(documented).toEqual(
      expect.arrayContaining([
        "POST /api/v2/auth/login",
        "POST /api/users/password/check",
        "POST /api/users/me/password",
        "POST /api/delete-request",
        "POST /api/forgot-password",
        "POST /api/register",
      ]),
    );
    // Every 429 carries it (issue 24 item 7), the guest flows' included.
    expect(refusing.map(({ name }) => name)).toEqual(documented);
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await login(app, "user@example.com", "wrong password", ip)).statusCode).toBe(401);
    }
    const refused = await login(app, "user@example.com", "wrong password", ip);
    expect(refused.statusCode).toBe(429);
    const minutes = Number(/in (\d+) minute/.exec(refused.json<{ message: string }>().message)?.[1]);
    expect(refused.headers["retry-after"]).toBe(String(minutes * 60));
  });

  it("mark downloads: Content-Disposition on every zip, CSV and octet-stream answer, and the export sends it", async () => {
    const problems: string[] = [];
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        const { content, headers } = response as OpenAPIV3.ResponseObject;
        const types = Object.keys(content ?? {});
        const download = types.some((type) =>
          ["application/zip", "text/csv", "application/octet-stream"].includes(type),
        );
        if (download && !headers?.["Content-Disposition"]) problems.push(`${name} ${status}`);
      }
    }
    expect(problems).toEqual([]);
    const exported = await app.inject({ method: "GET", url: "/api/accounts/export.csv", headers: bearer(token) });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-disposition"]).toMatch(/^attachment; filename="accounts-[\d-]+\.csv"$/);
  });

  it("GET /api/files/{fileId}: documents the media types a file is answered with, and sends one of them", async () => {
    const file = operationOf({ method: "GET", url: "/api/files/:fileId", access: "public" });
    const types = Object.keys(answer(file, "200")?.content ?? {});
    expect(types.sort()).toEqual([...FILE_CONTENT_TYPES].sort());
    expect(types).toEqual(expect.arrayContaining(["image/png", "image/jpeg", "application/pdf"]));
    expect(types).not.toContain("application/octet-stream");
    expect(answer(file, "200")?.headers?.["Content-Disposition"]).toBeDefined();

    // A seeded test with a JPEG, PNG photos and a PDF report.
    const test = await app.inject({ method: "GET", url: `/api/v3/tests/${seedTestId(3)}`, headers: bearer(token) });
    expect(test.statusCode).toBe(200);
    const sent = new Map<string, string | undefined>();
    for (const { link } of test.json<ApiTest>().files) {
      const response = await app.inject({ method: "GET", url: link });
      expect(response.statusCode).toBe(200);
      const type = String(response.headers["content-type"]);
      sent.set(type, response.headers["content-disposition"] as string | undefined);
    }
    expect([...sent.keys()].filter((type) => !types.includes(type))).toEqual([]);
    expect([...sent.keys()]).toEqual(expect.arrayContaining(["image/jpeg", "image/png", "application/pdf"]));
    expect(sent.get("application/pdf")).toMatch(/^attachment; /);
    expect(sent.get("image/png")).toBeUndefined();
  });

  it("GET /api/users/{id}/avatar/{key}: documents both media types an avatar is answered with", () => {
    const avatar = operationOf({ method: "GET", url: "/api/users/:id/avatar/:key", access: "public" });
    expect(Object.keys(answer(avatar, "200")?.content ?? {}).sort()).toEqual(["image/jpeg", "image/png"]);
  });
});

describe("the documented examples", () => {
  it("show the main resources' records from the demo seed, with the fields and types the service answers", async () => {
    const token = (await signIn(app, "superadmin@example.com")).accessToken;
    const problems: string[] = [];
    for (const [resource, example] of Object.entries(RECORD_EXAMPLES)) {
      const one = operationOf({ method: "GET", url: `/api/${resource}/:id`, access: "signedIn" });
      const list = operationOf({ method: "GET", url: `/api/${resource}`, access: "signedIn" });
      const create = operationOf({ method: "POST", url: `/api/${resource}`, access: "signedIn" });
      const shown = (op: OpenAPIV3.OperationObject, status: string) =>
        answer(op, status)?.content?.["application/json"]?.example as unknown;
      expect({ one: shown(one, "200"), list: shown(list, "200"), create: shown(create, "201") }).toEqual({
        one: example,
        list: [example],
        create: example,
      });
      const response = await app.inject({
        method: "GET",
        url: `/api/${resource}/${String(example.id)}`,
        headers: bearer(token),
      });
      expect(response.statusCode, `${resource} ${String(example.id)}`).toBe(200);
      const real = response.json<Record<string, unknown>>();
      const kind = (value: unknown) => (value === null ? "null" : typeof value);
      for (const key of new Set([...Object.keys(real), ...Object.keys(example)])) {
        const [expected, shownKind] = [kind(real[key]), kind(example[key])];
        if (!(key in example) || !(key in real))
          problems.push(`${resource}.${key}: only in ${key in real ? "the answer" : "the example"}`);
        else if (expected !== shownKind && expected !== "null" && shownKind !== "null") {
          problems.push(`${resource}.${key}: ${shownKind} in the example, ${expected} in the answer`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("GET /api/docs", () => {
  it("is an HTML page naming every path, who may call it, in the document's groups", async () => {
    const response = await app.inject({ method: "GET", url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
    const page = response.body;
    const missing = apiRoutes()
      .map((route) => `<code>${openapiPath(route.url)}</code>`)
      .filter((path) => !page.includes(path));
    expect(missing).toEqual([]);
    const tags = ["Session", "Tests", "AI", "Bulk downloads", "Files", "Health"];
    expect(tags.filter((tag) => !page.includes(`<h2>${tag}</h2>`))).toEqual([]);
    expect(page.includes("any signed-in user") && page.includes("anybody (no token)")).toBe(true);
  });

  it("shows each operation's operationId and the headers its answers document", async () => {
    const page = (await app.inject({ method: "GET", url: "/api/docs" })).body;
    const shown = ["getAccounts", "postAccounts", "getFilesByFileId"].filter((id) =>
      page.includes(`<code>${id}</code>`),
    );
    expect(shown).toEqual(["getAccounts", "postAccounts", "getFilesByFileId"]);
    const headers = ["Content-Range", "X-Total-Count", "Location", "Retry-After", "Content-Disposition"];
    expect(headers.filter((name) => !page.includes(`Header <code>${name}</code>`))).toEqual([]);
  });

  it("shows markup from the document as text, never as markup", async () => {
    const page = (await app.inject({ method: "GET", url: "/api/docs" })).body;
    const escaped = "&lt;script&gt;alert(&quot;docs&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;";
    expect({ script: page.includes("<script"), img: page.includes("<img"), escaped: page.includes(escaped) }).toEqual({
      script: false,
      img: false,
      escaped: true,
    });
  });

  it("renders from any document: a summary cannot inject a script", () => {
    const page = renderDocsPage({
      openapi: "3.0.3",
      info: { title: "<b>t</b>", version: "1" },
      paths: {
        "/x": { get: { summary: "</script><script>alert(1)</script>", responses: { "200": { description: "<i>" } } } },
      },
    });
    expect(page).not.toMatch(/<script|<b>t|<i>/);
  });
});
