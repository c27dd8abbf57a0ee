import { describe, expect, it } from "vitest";
import {
  AUDITED_HEADERS,
  checkExchange,
  contractOf,
  documentedResponse,
  isAuditedPath,
  matchOperation,
  schemaRef,
  templateMatch,
  undocumentedHeaders,
  type Exchange,
  type OpenApiDocument,
} from "../e2e/apiContract";

/** The journeys' API auditor (tests/e2e/apiContract.ts): its rules, on a small document of the service's shape. */

const message = { type: "object", required: ["message"], properties: { message: { type: "string" } } };
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });

const business = {
  type: "object",
  required: ["id", "name", "ownerId", "createdAt"],
  properties: {
    id: { type: "string" },
    name: { type: "string", example: "Brilliant Gems London" },
    ownerId: { type: "string", nullable: true },
    createdAt: { type: "string", format: "date-time" },
  },
  additionalProperties: false,
  "x-access": "all roles",
};

const DOCUMENT: OpenApiDocument = {
  openapi: "3.0.3",
  paths: {
    "/api/businesses": {
      get: {
        responses: {
          "200": {
            headers: {
              "Content-Range": { schema: { type: "string" } },
              "X-Total-Count": { schema: { type: "integer" } },
            },
            ...json({ type: "array", items: business }),
          },
          "4XX": json(message),
        },
      },
      post: { responses: { "201": { headers: { Location: { schema: { type: "string" } } }, ...json(business) } } },
    },
    "/api/businesses/{id}": {
      get: { responses: { "200": json(business), "404": json(message) } },
      delete: { responses: { "204": { description: "Deleted" }, default: json(message) } },
    },
    "/api/businesses/export.csv": {
      get: {
        responses: {
          "200": {
            headers: { "content-disposition": { schema: { type: "string" } } },
            content: { "text/csv": { schema: { type: "string" } } },
          },
        },
      },
    },
    "/api/tests/{id}/{fileId}": { get: { responses: { "200": json({ type: "string" }) } } },
    "/api/tests/download/{id}": { get: { responses: { "200": json({ type: "integer" }) } } },
    "/api/tests/facets": { get: { responses: { "200": json({ type: "object" }) } } },
    "/api/tests/{id}": { get: { responses: { "200": json({ type: "array" }) } }, delete: { responses: {} } },
    "/api/files/{fileId}/thumbnails/{width}.webp": { get: { responses: { "200": { description: "a photo" } } } },
    "/api/health": { get: { responses: { "200": { description: "no body documented" } } } },
  },
};

const contract = contractOf(DOCUMENT);

const LONDON = { id: "b1", name: "Brilliant Gems London", ownerId: null, createdAt: "2023-03-02T09:00:00.000Z" };

const exchange = (partial: Partial<Exchange>): Exchange => ({
  method: "GET",
  pathname: "/api/businesses",
  status: 200,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: JSON.stringify([LONDON]),
  ...partial,
});

const problemsOf = (partial: Partial<Exchange>, checkHeaders = true) =>
  checkExchange(contract, exchange(partial), checkHeaders).map((found) => found.problem);

describe("which answers are audited", () => {
  it("the service's /api answers, not its documentation", () => {
    expect(isAuditedPath("/api/businesses")).toBe(true);
    expect(isAuditedPath("/api/docs")).toBe(false);
    expect(isAuditedPath("/api/docs/openapi.json")).toBe(false);
    expect(isAuditedPath("/api/documents")).toBe(true);
    expect(isAuditedPath("/users/1")).toBe(false);
    expect(isAuditedPath("/api")).toBe(false);
  });
});

describe("path templates", () => {
  it("a parameter is one non-empty segment; literals must be equal, percent-decoded or not", () => {
    expect(templateMatch("/api/businesses/{id}", "/api/businesses/b1")).toEqual([2, 2, 2, 0]);
    expect(templateMatch("/api/businesses/{id}", "/api/businesses/")).toBeNull();
    expect(templateMatch("/api/businesses/{id}", "/api/businesses/b1/extra")).toBeNull();
    expect(templateMatch("/api/businesses/{id}", "/api/business/b1")).toBeNull();
    expect(templateMatch("/api/businesses/export.csv", "/api/businesses/export%2Ecsv")).toEqual([2, 2, 2, 2]);
    expect(templateMatch("/api/files/{fileId}/thumbnails/{width}.webp", "/api/files/f1/thumbnails/320.webp")).toEqual([
      2, 2, 2, 0, 2, 1,
    ]);
    expect(templateMatch("/api/files/{fileId}/thumbnails/{width}.webp", "/api/files/f1/thumbnails/320.png")).toBeNull();
  });

  it("the most literal template wins, left to right, among those with the method", () => {
    const templateOf = (method: string, path: string) => matchOperation(DOCUMENT, method, path)?.template ?? null;
    expect(templateOf("GET", "/api/tests/facets")).toBe("/api/tests/facets");
    expect(templateOf("GET", "/api/tests/t1")).toBe("/api/tests/{id}");
    expect(templateOf("GET", "/api/tests/download/t1")).toBe("/api/tests/download/{id}");
    expect(templateOf("GET", "/api/tests/t1/f1")).toBe("/api/tests/{id}/{fileId}");
    expect(templateOf("GET", "/api/businesses/export.csv")).toBe("/api/businesses/export.csv");
    expect(templateOf("GET", "/api/businesses/b1")).toBe("/api/businesses/{id}");
    // No DELETE on /api/tests/facets: the router answers it with /api/tests/{id}'s.
    expect(templateOf("delete", "/api/tests/facets")).toBe("/api/tests/{id}");
    expect(matchOperation(DOCUMENT, "PUT", "/api/businesses/b1")).toBeNull();
    expect(matchOperation(DOCUMENT, "GET", "/api/nothing")).toBeNull();
  });
});

describe("documented statuses", () => {
  const list = DOCUMENT.paths["/api/businesses"]!.get!;
  const one = DOCUMENT.paths["/api/businesses/{id}"]!;
  it("the status itself, else its range, else default, else nothing", () => {
    expect(documentedResponse(list, 200)?.key).toBe("200");
    expect(documentedResponse(list, 403)?.key).toBe("4XX");
    expect(documentedResponse(list, 500)).toBeNull();
    expect(documentedResponse(list, 201)).toBeNull();
    expect(documentedResponse(one.get!, 404)?.key).toBe("404");
    expect(documentedResponse(one.get!, 409)).toBeNull();
    expect(documentedResponse(one.delete!, 204)?.key).toBe("204");
    expect(documentedResponse(one.delete!, 409)?.key).toBe("default");
    expect(documentedResponse({ responses: { "5xx": {} } }, 503)?.key).toBe("5xx");
  });
});

describe("documented headers", () => {
  const listed = DOCUMENT.paths["/api/businesses"]!.get!.responses!["200"]!;
  it("every audited header sent must be listed, whatever its case", () => {
    expect(AUDITED_HEADERS).toEqual([
      "content-range",
      "x-total-count",
      "location",
      "retry-after",
      "content-disposition",
    ]);
    expect(undocumentedHeaders(listed, { "content-range": "businesses 0-0/1", "x-total-count": "1" })).toEqual([]);
    expect(
      undocumentedHeaders(listed, { "Content-Range": "businesses 0-0/1", location: "/api/businesses/b1" }),
    ).toEqual(["location"]);
    expect(undocumentedHeaders({}, { "retry-after": "30", "content-disposition": "attachment" })).toEqual([
      "retry-after",
      "content-disposition",
    ]);
  });
  it("other headers are not audited", () => {
    expect(
      undocumentedHeaders({}, { "content-type": "application/json", "cache-control": "no-store", etag: "x" }),
    ).toEqual([]);
  });
});

describe("schema references", () => {
  it("escape the template and the media type as JSON pointer tokens in a URI fragment", () => {
    expect(schemaRef("/api/businesses/{id}", "get", "200", "application/json")).toBe(
      "openapi#/paths/~1api~1businesses~1%7Bid%7D/get/responses/200/content/application~1json/schema",
    );
  });
});

describe("an exchange against the document", () => {
  it("a documented answer whose body validates is fine (nullable, formats, unknown keywords)", () => {
    expect(
      problemsOf({
        headers: { "content-type": "application/json", "content-range": "businesses 0-0/1", "x-total-count": "1" },
      }),
    ).toEqual([]);
    expect(
      problemsOf({
        method: "POST",
        status: 201,
        body: JSON.stringify(LONDON),
        headers: { "content-type": "application/json", location: "/api/businesses/b1" },
      }),
    ).toEqual([]);
    expect(
      problemsOf({ method: "DELETE", pathname: "/api/businesses/b1", status: 204, headers: {}, body: "" }),
    ).toEqual([]);
    expect(
      problemsOf({ status: 403, body: JSON.stringify({ message: "You do not have permission to do this." }) }),
    ).toEqual([]);
  });

  it("an operation the document does not have", () => {
    expect(problemsOf({ method: "PATCH", pathname: "/api/businesses/b1" })).toEqual([
      "operation not documented (no path template has this method)",
    ]);
    expect(problemsOf({ pathname: "/api/businesses/b1/owner" })).toHaveLength(1);
  });

  it("a status the operation does not document", () => {
    expect(problemsOf({ status: 500, body: JSON.stringify({ message: "boom" }) })).toEqual([
      "status 500 not documented (documented: 200, 4XX)",
    ]);
  });

  it("a body that does not validate, each fault named once with where it is", () => {
    const rows = [
      { ...LONDON, ownerId: 7 },
      { ...LONDON, id: "b2", ownerId: 8, extra: true },
    ];
    const problems = problemsOf({ body: JSON.stringify(rows) });
    expect(problems).toContainEqual(
      expect.stringMatching(/^body does not match the schema of 200: \/\*\/ownerId must be string/),
    );
    expect(problems).toContainEqual(
      "body does not match the schema of 200: /* must NOT have additional properties (extra)",
    );
    expect(problems).toHaveLength(2);
    expect(problemsOf({ body: JSON.stringify([{ ...LONDON, createdAt: "yesterday" }]) })).toEqual([
      expect.stringMatching(/\/\*\/createdAt must match format "date-time"/),
    ]);
    expect(
      problemsOf({ status: 404, pathname: "/api/businesses/b9", body: JSON.stringify({ error: "gone" }) }),
    ).toEqual([
      expect.stringMatching(/^body does not match the schema of 404: \(body\) must have required property 'message'/),
    ]);
  });

  it("a JSON answer the documented response gives no JSON schema for, and a body that is not JSON", () => {
    expect(problemsOf({ pathname: "/api/health", body: JSON.stringify({ status: "Ok" }) })).toEqual([
      "a application/json body, but 200 documents no body",
    ]);
    expect(
      problemsOf({
        pathname: "/api/businesses/export.csv",
        headers: { "content-type": "application/json", "content-disposition": "attachment" },
      }),
    ).toEqual(["a application/json body, but 200 documents no schema for it (only text/csv)"]);
    expect(problemsOf({ body: "<html>" })).toEqual([expect.stringMatching(/^the application\/json body is not JSON/)]);
  });

  it("a body that could not be read is not judged; its status and headers still are", () => {
    expect(problemsOf({ body: null })).toEqual([]);
    expect(problemsOf({ body: null, headers: { "content-type": "application/json", location: "/x" } })).toEqual([
      "header location not documented for 200",
    ]);
  });

  it("an audited header the documented response does not list, unless the header check is off", () => {
    const headers = { "content-type": "application/json", "retry-after": "60" };
    expect(problemsOf({ headers })).toEqual(["header retry-after not documented for 200"]);
    expect(problemsOf({ headers }, false)).toEqual([]);
    // The range's documented response has no headers: a 429's Retry-After must be listed there.
    expect(problemsOf({ status: 429, headers, body: JSON.stringify({ message: "Slow down" }) })).toEqual([
      "header retry-after not documented for 4XX",
    ]);
  });

  it("other answers than JSON are not parsed", () => {
    expect(
      problemsOf({
        pathname: "/api/businesses/export.csv",
        headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": "attachment" },
        body: "id,name\n",
      }),
    ).toEqual([]);
  });
});

describe("documents", () => {
  it("$ref into components resolves, and OpenAPI 3.1's schemas are JSON Schema 2020-12", () => {
    const document = {
      openapi: "3.1.0",
      components: {
        schemas: {
          Business: { type: "object", required: ["ownerId"], properties: { ownerId: { type: ["string", "null"] } } },
        },
      },
      paths: {
        "/api/businesses/{id}": {
          get: { responses: { "200": json({ $ref: "#/components/schemas/Business" }) } },
        },
      },
    } as OpenApiDocument;
    const withRefs = contractOf(document);
    const check = (body: unknown) =>
      checkExchange(withRefs, exchange({ pathname: "/api/businesses/b1", body: JSON.stringify(body) })).map(
        (found) => found.problem,
      );
    expect(check({ ownerId: null })).toEqual([]);
    expect(check({ ownerId: "u1" })).toEqual([]);
    expect(check({ ownerId: 1 })).toEqual([expect.stringMatching(/\/ownerId must be string,null/)]);
    expect(check({})).toEqual([expect.stringMatching(/must have required property 'ownerId'/)]);
  });

  it("a documented schema ajv cannot compile is a fault of its own, never a pass", () => {
    const broken = contractOf({
      openapi: "3.0.3",
      paths: { "/api/x": { get: { responses: { "200": json({ $ref: "#/components/schemas/Missing" }) } } } },
    });
    const problems = checkExchange(broken, exchange({ pathname: "/api/x", body: "{}" })).map((found) => found.problem);
    expect(problems).toEqual([expect.stringMatching(/^the documented schema of 200 cannot be compiled/)]);
  });
});
