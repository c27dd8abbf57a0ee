/**
 * Turns the OpenAPI document into malformed requests: for every operation, each path parameter,
 * query parameter, header and body field broken in turn (the rest left plausible so the broken one
 * is what the service meets), whole bodies that are not JSON, broken multipart forms, and lists'
 * sort, range and filter with prototype keys and out-of-range numbers; and the edge classes of
 * edges.ts in full, each as every caller.
 */
import type { OpenAPIV3 } from "openapi-types";
import { EDGE_KINDS, edgeCasesOf, setPath, type EdgeKind } from "./edges";
import type { Prng } from "./prng";
import {
  ALL_BAD_VALUES,
  BAD_NUMBERS,
  BAD_RANGES,
  BAD_SORTS,
  BAD_STRINGS,
  badFilters,
  plausible,
  type JsonSchema,
} from "./values";

export type Access = "public" | "signedIn";

export interface FuzzRequest {
  /** The route as the document names it, e.g. "POST /api/accounts/{id}". */
  route: string;
  /** The first segment of the path after /api (version segments skipped): the report's family. */
  family: string;
  access: Access;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was broken, for the failure report. */
  what: string;
  /** The edge class it belongs to (edges.ts), if any. */
  kind?: EdgeKind;
  /** Who sends it, as an index into the runner's callers; undefined: the runner's own rotation. */
  caller?: number;
}

/** Percent-encodes UTF-8 bytes (encodeURIComponent throws on a lone surrogate; this does not). */
export function encode(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out +=
        "%ED%" +
        (0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase() +
        "%" +
        (0x80 | (code & 0x3f)).toString(16).toUpperCase();
    else if (/[A-Za-z0-9_.~-]/.test(char)) out += char;
    else out += [...Buffer.from(char, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  }
  return out;
}

/** Path segments as they arrive already encoded: broken UTF-8, NUL, a lone %. */
const RAW_PATH_VALUES = ["%00", "%ED%A0%80", "%C0%80", "%FF", "%", "%2e%2e%2f%2e%2e", "a%00b", "..", "%20%20"];

const PATH_BAD_STRINGS = BAD_STRINGS.filter((value) => value.length < 1000);

export const familyOf = (path: string) =>
  path
    .replace(/^\/api\//, "")
    .split("/")
    .find((segment) => !/^v\d+$/.test(segment)) ?? "api";

interface Operation {
  method: string;
  path: string;
  access: Access;
  parameters: OpenAPIV3.ParameterObject[];
  jsonBody?: JsonSchema;
  multipart?: JsonSchema;
}

export function operationsOf(document: OpenAPIV3.Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ["get", "post", "put", "patch", "delete"] as const) {
      const operation = item?.[method];
      if (!operation) continue;
      const access = (operation as { "x-access"?: string })["x-access"]?.startsWith("anybody") ? "public" : "signedIn";
      const content = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        access,
        parameters: (operation.parameters ?? []) as OpenAPIV3.ParameterObject[],
        jsonBody: content["application/json"]?.schema as JsonSchema | undefined,
        multipart: content["multipart/form-data"]?.schema as JsonSchema | undefined,
      });
    }
  }
  return operations;
}

/** Every path of a body down to `depth`: ["name"], ["card","number"], ["items",0,"resource"]. */
function fieldPaths(
  schema: JsonSchema | undefined,
  depth = 3,
  prefix: (string | number)[] = [],
): (string | number)[][] {
  if (!schema || depth === 0) return [];
  const inner = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
  const paths: (string | number)[][] = [];
  if (inner.type === "object" && inner.properties) {
    for (const [key, child] of Object.entries(inner.properties)) {
      paths.push([...prefix, key]);
      paths.push(...fieldPaths(child, depth - 1, [...prefix, key]));
    }
  } else if (inner.type === "array" && inner.items) {
    paths.push(...fieldPaths(inner.items, depth - 1, [...prefix, 0]));
  }
  return paths;
}

/** Broken bodies for a JSON route, whatever its schema. */
const BROKEN_JSON: readonly string[] = [
  "{",
  '{"a":',
  "[",
  "nul",
  "\u0000",
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  JSON.stringify("x".repeat(1024 * 1024)),
  "[".repeat(5000) + "]".repeat(5000),
  "1e999999",
  "\ufeff{}",
];

export interface CaseOptions {
  random: Prng;
  /** A real id for a field named like one (GET routes find real records; writes are kept off them). */
  realId: (name: string) => string;
  /** An id that exists nowhere: writes with otherwise valid input must not touch real records. */
  missingId: string;
  /** Every filter key a list might know (collected from the sources). */
  filterKeys: readonly string[];
  /** How many malformed values each body field gets. */
  valuesPerField: number;
  /** How many callers the runner has (each role, a foreign token, none); the first may call every route. */
  callers: number;
  /** The list's own filter keys that take dates, and its others, by the list's path. */
  filterKeysOf: (path: string) => { dates: readonly string[]; others: readonly string[] };
  /** A body the route was seen to take (bodyCandidates), for the edge classes to break. */
  acceptedBodyOf?: (route: string) => unknown;
}

export function casesOf(operation: Operation, options: CaseOptions): FuzzRequest[] {
  const { random } = options;
  const route = `${operation.method} ${operation.path}`;
  const family = familyOf(operation.path);
  const write = operation.method !== "GET";
  const idFor = (name: string) => (write ? options.missingId : options.realId(name));
  const bodyIdFor = (name: string) => options.realId(name);

  const pathParams = operation.parameters.filter((p) => p.in === "path");
  const queryParams = operation.parameters.filter((p) => p.in === "query");
  const headerParams = operation.parameters.filter((p) => p.in === "header");

  const basePath: Record<string, string> = {};
  // An {id} is named by the segment before it (/ai/test/{id}: a test's), so a read finds a real record.
  const idHint = (name: string) => {
    if (name !== "id") return name.endsWith("Id") ? name : `${name}Id`;
    const segments = operation.path.split("/");
    return `${segments[segments.indexOf("{id}") - 1] ?? ""}Id`;
  };
  for (const p of pathParams) basePath[p.name] = String(plausible(p.schema as JsonSchema, idHint(p.name), idFor));
  const baseQuery: Record<string, string> = {};
  for (const p of queryParams)
    if (p.required) baseQuery[p.name] = String(plausible(p.schema as JsonSchema, p.name, options.realId));
  const baseHeaders: Record<string, string> = {};
  for (const p of headerParams) baseHeaders[p.name] = String(plausible(p.schema as JsonSchema, p.name, options.realId));
  const baseBody = operation.jsonBody ? plausible(operation.jsonBody, "body", bodyIdFor) : undefined;

  const build = (
    what: string,
    parts: {
      path?: Record<string, string>;
      query?: Record<string, string> | string;
      headers?: Record<string, string>;
      payload?: string | Buffer;
      contentType?: string;
    },
  ): FuzzRequest => {
    const pathValues = { ...basePath, ...parts.path };
    const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? "x");
    const query =
      typeof parts.query === "string"
        ? parts.query
        : Object.entries({ ...baseQuery, ...parts.query })
            .map(([k, v]) => `${encode(k)}=${encode(v)}`)
            .join("&");
    let payload = parts.payload;
    let contentType = parts.contentType;
    if (payload === undefined && baseBody !== undefined) {
      payload = JSON.stringify(baseBody);
      contentType = "application/json";
    }
    return {
      route,
      family,
      access: operation.access,
      method: operation.method,
      url: query ? `${url}?${query}` : url,
      headers: { ...baseHeaders, ...parts.headers, ...(contentType ? { "content-type": contentType } : {}) },
      payload,
      what,
    };
  };

  const cases: FuzzRequest[] = [];
  // The route as a client would call it, once: a baseline that must not be a 5xx either.
  cases.push(build("plausible values", {}));

  for (const p of pathParams) {
    // The raw encodings and NUL every time; the rest a seeded sample (the same for a seed).
    const values = [
      ...RAW_PATH_VALUES.map((value) => ({ what: `${value} (raw)`, sent: value })),
      ...[...PATH_BAD_STRINGS, ...BAD_NUMBERS.map(String)].map((value) => ({
        what: JSON.stringify(value).slice(0, 40),
        sent: encode(value),
      })),
    ];
    const chosen = [
      ...values.slice(0, RAW_PATH_VALUES.length + 3),
      ...random.sample(values.slice(RAW_PATH_VALUES.length + 3), 12),
    ];
    for (const { what, sent } of chosen) cases.push(build(`path ${p.name}=${what}`, { path: { [p.name]: sent } }));
    cases.push(build(`path ${p.name} 10k long`, { path: { [p.name]: "9".repeat(10_000) } }));
  }

  const names = queryParams.map((p) => p.name);
  const isList = names.includes("sort") && names.includes("range") && names.includes("filter");
  if (isList) {
    for (const sort of BAD_SORTS) cases.push(build(`sort=${sort.slice(0, 60)}`, { query: { sort } }));
    for (const range of BAD_RANGES) cases.push(build(`range=${range}`, { query: { range } }));
    for (const filter of badFilters(random.sample(options.filterKeys, 7), random))
      cases.push(build(`filter=${filter.slice(0, 80)}`, { query: { filter } }));
    cases.push(
      build("sort given twice", { query: "sort=%5B%22id%22%2C%22ASC%22%5D&sort=%5B%22id%22%2C%22DESC%22%5D" }),
    );
  }
  for (const p of queryParams) {
    if (isList && ["sort", "range", "filter"].includes(p.name)) continue;
    for (const value of random.sample([...BAD_STRINGS, ...BAD_NUMBERS.map(String)], 14))
      cases.push(build(`query ${p.name}=${JSON.stringify(value).slice(0, 40)}`, { query: { [p.name]: value } }));
    cases.push(build(`query ${p.name} broken UTF-8`, { query: `${encode(p.name)}=%ED%A0%80%00` }));
  }
  for (const key of ["__proto__", "constructor", "toString", "x"])
    cases.push(build(`query key ${key}`, { query: { [key]: "1" } }));
  for (const p of headerParams)
    for (const value of ["", "not-a-uuid", "0000", "x".repeat(5000)])
      cases.push(build(`header ${p.name}=${value.slice(0, 20)}`, { headers: { [p.name]: value } }));

  if (operation.jsonBody) {
    for (const text of BROKEN_JSON)
      cases.push(
        build(`body ${JSON.stringify(text.slice(0, 30))}`, { payload: text, contentType: "application/json" }),
      );
    for (const shape of [null, [], "text", 1, true, [baseBody]])
      cases.push(
        build(`body ${JSON.stringify(shape)?.slice(0, 30)}`, {
          payload: JSON.stringify(shape),
          contentType: "application/json",
        }),
      );
    cases.push(build("body as text/plain", { payload: JSON.stringify(baseBody), contentType: "text/plain" }));
    cases.push(build("body as form", { payload: "a=b", contentType: "application/x-www-form-urlencoded" }));
    cases.push(
      build("body content-type with charset junk", {
        payload: JSON.stringify(baseBody),
        contentType: "application/json; charset=utf-7",
      }),
    );
    for (const path of fieldPaths(operation.jsonBody)) {
      for (const value of random.sample(ALL_BAD_VALUES, options.valuesPerField)) {
        const body = setPath(baseBody, path, value);
        cases.push(
          build(`body ${path.join(".")}=${JSON.stringify(value)?.slice(0, 40)}`, {
            payload: JSON.stringify(body),
            contentType: "application/json",
          }),
        );
      }
    }
    for (const key of ["__proto__", "constructor", "toString"]) {
      const text = JSON.stringify(baseBody).replace(/^\{/, `{"${key}":{"x":1},`);
      cases.push(build(`body key ${key}`, { payload: text, contentType: "application/json" }));
    }
  } else if (!operation.multipart && write) {
    cases.push(build("unexpected JSON body", { payload: '{"x":1}', contentType: "application/json" }));
    cases.push(build("broken JSON body", { payload: "{", contentType: "application/json" }));
  }

  if (operation.multipart)
    cases.push(
      ...multipartCases(
        operation.multipart,
        (what, payload, contentType) => build(what, { payload, contentType }),
        options,
      ),
    );

  // The edge classes: every case by the first caller (who may call every route, so the input
  // reaches validation and the handler) and by one of the others in turn (a class with fewer cases
  // than callers goes round again), so that each operation meets each class from every caller. An
  // odd multipart part goes to the upload routes from every caller: a plain User's 500 started it.
  const filterKeys = isList ? options.filterKeysOf(operation.path) : { dates: [], others: [] };
  const edges = edgeCasesOf(
    {
      path: operation.path,
      pathParams: pathParams.map((p) => p.name),
      queryParams: queryParams.map((p) => p.name).filter((name) => !(isList && LIST_PARAMS.includes(name))),
      isList,
      jsonBody: operation.jsonBody,
      multipart: operation.multipart,
    },
    {
      dateFilterKeys: filterKeys.dates,
      otherFilterKeys: filterKeys.others,
      baseBody: options.acceptedBodyOf?.(route) ?? baseBody,
      form: operation.multipart ? plausibleForm(operation.multipart, options) : undefined,
    },
  );
  const others = options.callers - 1;
  for (const kind of EDGE_KINDS) {
    const ofKind = edges.filter((edge) => edge.kind === kind).map((edge) => build(edge.what, edge));
    for (const request of ofKind) cases.push({ ...request, kind, caller: 0 });
    if (kind === "multipart parts") {
      for (const request of ofKind)
        for (let caller = 1; caller <= others; caller += 1) cases.push({ ...request, kind, caller });
      continue;
    }
    const rounds = ofKind.length === 0 ? 0 : Math.max(ofKind.length, others);
    for (let turn = 0; turn < rounds; turn += 1)
      cases.push({ ...ofKind[turn % ofKind.length]!, kind, caller: 1 + (turn % others) });
  }
  return cases;
}

const LIST_PARAMS = ["sort", "range", "filter"];

/**
 * Bodies to try on a create, in turn, until the service takes one: the required fields alone (the
 * plausible body), then with each optional field, then with all of them. A route that refuses the
 * plausible body for its meaning (a percent discount needs its percentOff) then gets a body that
 * reaches its INSERT, where the edge classes' values once failed in SQL.
 */
export function bodyCandidates(schema: JsonSchema, idFor: (name: string) => string): unknown[] {
  const base = plausible(schema, "body", idFor);
  if (base === null || typeof base !== "object" || Array.isArray(base)) return [base];
  const optional = Object.entries(schema.properties ?? {}).filter(([key]) => !(schema.required ?? []).includes(key));
  const withField = ([key, property]: [string, JsonSchema]) => ({ [key]: plausible(property, key, idFor) });
  return [
    base,
    ...optional.map((field) => ({ ...base, ...withField(field) })),
    Object.assign({}, base, ...optional.map(withField)),
  ];
}

/** How the fuzz writes a multipart form for a route's documented form schema. */
function formWriter(schema: JsonSchema, options: CaseOptions) {
  const boundary = "----fuzzboundary1234";
  const fieldNames = Object.keys(schema.properties ?? {});
  const fileField = fieldNames.find((name) => schema.properties?.[name]?.format === "binary") ?? "file";
  const textFields = fieldNames.filter((name) => name !== fileField);
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const filePart = (filename: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n`;
  const plausibleFields = (override: Record<string, string> = {}) =>
    textFields
      .map((name) => part(name, override[name] ?? String(plausible(schema.properties?.[name], name, options.realId))))
      .join("");
  return { boundary, fileField, textFields, part, filePart, plausibleFields };
}

/** A plausible form's fields and file part, between which edges.ts puts its odd parts. */
function plausibleForm(schema: JsonSchema, options: CaseOptions) {
  const { boundary, filePart, plausibleFields } = formWriter(schema, options);
  return { boundary, fields: plausibleFields(), file: filePart("photo.jpg", "\xff\xd8\xff\xe0fuzz") };
}

/** Broken multipart forms, and well-formed ones whose fields are malformed. */
function multipartCases(
  schema: JsonSchema,
  build: (what: string, payload: string | Buffer, contentType: string) => FuzzRequest,
  options: CaseOptions,
): FuzzRequest[] {
  const { boundary, part, filePart, plausibleFields, textFields } = formWriter(schema, options);
  const type = `multipart/form-data; boundary=${boundary}`;
  const whole = (fields: string, file = filePart("photo.jpg", "\xff\xd8\xff\xe0fuzz")) =>
    `${fields}${file}--${boundary}--\r\n`;
  const good = whole(plausibleFields());

  const cases: FuzzRequest[] = [
    build("multipart without boundary", good, "multipart/form-data"),
    build("multipart with an empty boundary", good, "multipart/form-data; boundary="),
    build("multipart with another boundary", good, "multipart/form-data; boundary=other"),
    build("multipart truncated in the file", good.slice(0, good.length - 30), type),
    build("multipart truncated in a header", good.slice(0, 40), type),
    build("multipart truncated after the file's header", good.slice(0, good.indexOf("\xff")), type),
    build("multipart body empty", "", type),
    build("multipart body not multipart", "hello", type),
    build("multipart with a 200-character boundary", good, `multipart/form-data; boundary=${"b".repeat(200)}`),
    build("multipart/mixed", good, `multipart/mixed; boundary=${boundary}`),
    build("multipart part without disposition", `--${boundary}\r\n\r\nvalue\r\n--${boundary}--\r\n`, type),
    build(
      "multipart part header with NUL",
      `--${boundary}\r\nContent-Disposition: form-data; name="a\u0000"\r\n\r\nv\r\n--${boundary}--\r\n`,
      type,
    ),
    build("multipart 1 MB field", whole(plausibleFields() + part("notes", "A".repeat(1024 * 1024))), type),
    build("multipart 200 fields", whole(Array.from({ length: 200 }, (_, i) => part(`f${i}`, "x")).join("")), type),
    build(
      "multipart __proto__ field",
      whole(plausibleFields() + part("__proto__", "x") + part("constructor", "y")),
      type,
    ),
    build("multipart two files", whole(plausibleFields(), filePart("a.jpg", "x") + filePart("b.jpg", "y")), type),
    build("multipart file name with NUL", whole(plausibleFields(), filePart("a\u0000.jpg", "x")), type),
    build("multipart file name ../", whole(plausibleFields(), filePart("../../etc/passwd", "x")), type),
    build("multipart file name surrogate", whole(plausibleFields(), filePart("\ud800.png", "x")), type),
    build("multipart no file", whole(plausibleFields(), ""), type),
    build("multipart as JSON", JSON.stringify({ file: "x" }), "application/json"),
  ];
  for (const name of textFields) {
    for (const value of options.random.sample(BAD_STRINGS, options.valuesPerField))
      cases.push(
        build(
          `multipart ${name}=${JSON.stringify(value).slice(0, 40)}`,
          whole(plausibleFields({ [name]: value })),
          type,
        ),
      );
  }
  return cases;
}
