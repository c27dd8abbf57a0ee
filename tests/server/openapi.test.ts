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
import { copyTestFiles, openTestDatabase } from "./helpers";
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

  it("lists every /api route with a summary, tags, who may call it and a success answer", () => {
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
