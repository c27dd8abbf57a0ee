/**
 * The classes of malformed input that once answered 500 (issue 24), each sent to every operation
 * it applies to, in full rather than sampled, and as every caller (each role, a foreign token and
 * none): multipart parts without a name or with odd headers, NUL and lone surrogates at any depth
 * of a JSON body, calendar edges, and numbers that are not finite or are huge, in path, query,
 * list parameters and body.
 */
import { freshen, type JsonSchema } from "./values";

export const EDGE_KINDS = ["multipart parts", "deep text", "calendar", "numbers"] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

/** Dates that do not exist or lie outside the years taken, beside ones that do (leap days, the last instant). */
export const CALENDAR_EDGES: readonly string[] = [
  "0000-01-01",
  "0000-01-01T00:00:00Z",
  "0000-12-31T23:59:59.999Z",
  "10000-01-01",
  "1899-12-31T23:59:59Z",
  "1900-01-01T00:00:00+01:00",
  "2024-02-30",
  "2024-02-30T12:00:00Z",
  "2023-02-29",
  "1900-02-29",
  "2100-02-29T00:00:00Z",
  "2024-02-29",
  "2000-02-29T23:59:59Z",
  "2024-04-31",
  "2024-06-31T00:00:00+01:00",
  "2024-13-01",
  "2024-00-10",
  "2024-01-00",
  "2024-01-01T24:00:00Z",
  "2024-01-01T24:00:00",
  "2024-01-01 24:00",
  "2024-01-01T23:60:00Z",
  "2024-12-31T23:59:60Z",
  "2024-01-01T00:00:00+24:00",
  "2024-01-01T00:00:00-23:60",
  "9999-12-31T23:59:59.999Z",
];

/** Numbers as a path or query carries them: not finite once coerced, beyond any column, or odd spellings. */
export const NUMBER_EDGES: readonly string[] = [
  "1e309",
  "-1e309",
  "Infinity",
  "-Infinity",
  "NaN",
  "1e20",
  "-1e20",
  "9".repeat(400),
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "1e-400",
  "-0",
  "0x10",
  "0b11",
  "1_000",
  "1.5",
  "1e3",
  " 1",
  "+1",
  "00000000000000000001",
];

/** Numbers a JSON body can carry as text but JSON.stringify cannot write (it writes Infinity as null). */
const RAW_JSON_NUMBERS: readonly string[] = ["1e999", "-1e999", "1e400", "123456789012345678901234567890", "-0"];

/** Ill-formed text, and how deep it is hidden. */
const DEEP_BAD: readonly string[] = ["\u0000", "a\u0000b", "\ud800", "\udfff\ud800"];
const DEPTHS: readonly number[] = [1, 2, 5, 20, 200];
const KEY_DEPTHS: readonly number[] = [1, 4, 60];

/** `value` inside `depth` levels of alternating objects and lists: {"d":[{"d":[value]}]}. */
export function nest(value: unknown, depth: number): unknown {
  let out = value;
  for (let level = 0; level < depth; level += 1) out = level % 2 === 0 ? [out] : { d: out };
  return out;
}

/** An object whose key, `depth` levels down, holds a NUL. */
const nestKey = (depth: number) => nest({ "k\u0000": 1, "\ud800": 2 }, depth);

export interface EdgeOperation {
  path: string;
  pathParams: readonly string[];
  /** Query parameters other than a list's sort, range and filter. */
  queryParams: readonly string[];
  isList: boolean;
  jsonBody?: JsonSchema;
  multipart?: JsonSchema;
}

export interface EdgeContext {
  /** The list's own filter keys that take dates, and the others (from the contracts or the sources). */
  dateFilterKeys: readonly string[];
  otherFilterKeys: readonly string[];
  /** The body the other cases send, plausible throughout. */
  baseBody: unknown;
  /** A plausible multipart form's fields (before the file), its file part, and how a part is written. */
  form?: { fields: string; file: string; boundary: string };
}

/** One edge case, before the operation's plumbing (path values, query, headers) is added. */
export interface EdgeCase {
  kind: EdgeKind;
  what: string;
  path?: Record<string, string>;
  query?: Record<string, string>;
  payload?: string | Buffer;
  contentType?: string;
}

/** Paths (as key lists) of the objects in a body schema where a key of any name may be put. */
function objectPaths(schema: JsonSchema | undefined, depth = 4, prefix: (string | number)[] = []) {
  const paths: (string | number)[][] = [];
  if (!schema || depth === 0) return paths;
  const inner = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
  const types = [inner.type].flat();
  if (types.includes("object")) {
    paths.push(prefix);
    for (const [key, child] of Object.entries(inner.properties ?? {}))
      paths.push(...objectPaths(child, depth - 1, [...prefix, key]));
  } else if (types.includes("array") && inner.items) {
    paths.push(...objectPaths(inner.items, depth - 1, [...prefix, 0]));
  }
  return paths;
}

/** Paths of a body schema's fields of a numeric type. */
function numberPaths(schema: JsonSchema | undefined, depth = 4, prefix: (string | number)[] = []) {
  const paths: (string | number)[][] = [];
  if (!schema || depth === 0) return paths;
  const inner = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
  const types = [inner.type].flat();
  if (types.includes("integer") || types.includes("number")) paths.push(prefix);
  for (const [key, child] of Object.entries(inner.properties ?? {}))
    paths.push(...numberPaths(child, depth - 1, [...prefix, key]));
  if (types.includes("array") && inner.items) paths.push(...numberPaths(inner.items, depth - 1, [...prefix, 0]));
  return paths;
}

/** A field's name that says it holds a date or a time, whatever its schema says. */
const DATE_NAME = /(date|time|At|From|To|Until|Since|day)$/;

/** Paths of a body schema's string fields that take a date (by their format, their mark or their name). */
function datePaths(schema: JsonSchema | undefined, depth = 4, prefix: (string | number)[] = []) {
  const paths: (string | number)[][] = [];
  if (!schema || depth === 0) return paths;
  const inner = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
  const marked = (inner as Record<string, unknown>)["x-calendarDate"] === true;
  const named = [inner.type].flat().includes("string") && DATE_NAME.test(String(prefix.at(-1) ?? ""));
  if (inner.format === "date" || inner.format === "date-time" || marked || named) paths.push(prefix);
  for (const [key, child] of Object.entries(inner.properties ?? {}))
    paths.push(...datePaths(child, depth - 1, [...prefix, key]));
  if ([inner.type].flat().includes("array") && inner.items)
    paths.push(...datePaths(inner.items, depth - 1, [...prefix, 0]));
  return paths;
}

/** A copy of `value` with `replacement` at `path` (objects and lists made along the way). */
export function setPath(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (typeof head === "number") {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = setPath(list[head], rest, replacement);
    return list;
  }
  const object = value && typeof value === "object" && !Array.isArray(value) ? { ...(value as object) } : {};
  Object.defineProperty(object, head, {
    value: setPath((object as Record<string, unknown>)[head], rest, replacement),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return object;
}

const where = (path: readonly (string | number)[]) => (path.length === 0 ? "body" : path.join("."));

/** A body as JSON text with a raw number (that JSON.stringify cannot write) at `path`. */
function withRawNumber(body: unknown, path: readonly (string | number)[], raw: string): string {
  const marker = "__fuzz_raw_number__";
  return JSON.stringify(setPath(body, path, marker)).replace(`"${marker}"`, raw);
}

/** Odd multipart parts: no name, an empty one, a file without a file name, and headers busboy reads oddly. */
function oddParts(boundary: string, fileField: string): [string, string][] {
  const part = (headers: string, body = "xx") => `--${boundary}\r\n${headers}\r\n\r\n${body}\r\n`;
  return [
    ["file part without a name", part('Content-Disposition: form-data; filename="a.jpg"\r\nContent-Type: image/jpeg')],
    ["field part without a name", part("Content-Disposition: form-data")],
    ["part with an empty name", part('Content-Disposition: form-data; name=""')],
    ["part with an empty name and a file name", part('Content-Disposition: form-data; name=""; filename="a.jpg"')],
    [
      "file part without a file name",
      part(`Content-Disposition: form-data; name="${fileField}"\r\nContent-Type: application/octet-stream`),
    ],
    ["file part with an empty file name", part(`Content-Disposition: form-data; name="${fileField}"; filename=""`)],
    ["attachment disposition", part('Content-Disposition: attachment; name="a"')],
    ["inline disposition with a file", part('Content-Disposition: inline; filename="a.jpg"')],
    ["no disposition", part("Content-Type: text/plain")],
    ["no headers at all", `--${boundary}\r\n\r\nxx\r\n`],
    ["RFC 5987 name", part("Content-Disposition: form-data; name*=UTF-8''%E2%82%AC")],
    [
      "RFC 5987 file name with a lone surrogate",
      part(`Content-Disposition: form-data; name="${fileField}"; filename*=UTF-8''%ED%A0%80.jpg`),
    ],
    [
      "RFC 5987 file name in an unknown charset",
      part(`Content-Disposition: form-data; name="${fileField}"; filename*=x-bogus''a.jpg`),
    ],
    [
      "UTF-16 field",
      part('Content-Disposition: form-data; name="f"\r\nContent-Type: text/plain; charset=utf-16le', "\0\0"),
    ],
    [
      "unknown charset field",
      part('Content-Disposition: form-data; name="f"\r\nContent-Type: text/plain; charset=x-bogus'),
    ],
    [
      "base64 transfer encoding",
      part('Content-Disposition: form-data; name="f"\r\nContent-Transfer-Encoding: base64', "AA=="),
    ],
    ["two dispositions", part('Content-Disposition: form-data; name="a"\r\nContent-Disposition: form-data; name="b"')],
    ["header without a colon", part('Content-Disposition form-data name="a"')],
    ["header of 100 KB", part(`Content-Disposition: form-data; name="${"a".repeat(100_000)}"`)],
    [
      "3,000 headers",
      part(
        `${Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`).join("\r\n")}\r\nContent-Disposition: form-data; name="a"`,
      ),
    ],
    ["name with NUL", part('Content-Disposition: form-data; name="a\u0000b"')],
    ["name with Latin-1 bytes", part('Content-Disposition: form-data; name="\xff\xfe"')],
    ["file named __proto__", part('Content-Disposition: form-data; name="__proto__"; filename="a.jpg"')],
    ["field named hasOwnProperty", part('Content-Disposition: form-data; name="hasOwnProperty"')],
    ["unquoted parameters", part(`Content-Disposition: form-data; name=${fileField}; filename=a.jpg`)],
    [
      "empty file Content-Type",
      part(`Content-Disposition: form-data; name="${fileField}"; filename="a.jpg"\r\nContent-Type: ;;;`),
    ],
    [
      "file Content-Type without a subtype",
      part(`Content-Disposition: form-data; name="${fileField}"; filename="a.jpg"\r\nContent-Type: image`),
    ],
    [
      "part header folded over two lines",
      part(`Content-Disposition: form-data;\r\n name="${fileField}"; filename="a.jpg"`),
    ],
  ];
}

/** Every edge case of every class that applies to the operation. */
export function edgeCasesOf(operation: EdgeOperation, context: EdgeContext): EdgeCase[] {
  const cases: EdgeCase[] = [];
  const json = (kind: EdgeKind, what: string, payload: string): EdgeCase => ({
    kind,
    what,
    payload,
    contentType: "application/json",
  });
  // Each body case's plausible strings its own (values.ts freshen), so none is refused as a duplicate.
  let serial = 0;
  const fresh = () => {
    serial += 1;
    return freshen(context.baseBody, serial);
  };

  // Numbers in the path, in every query parameter, and in a list's range and numeric filters.
  for (const name of operation.pathParams)
    for (const value of NUMBER_EDGES)
      cases.push({
        kind: "numbers",
        what: `path ${name}=${value.slice(0, 30)}`,
        path: { [name]: encodeURIComponent(value) },
      });
  for (const name of operation.queryParams)
    for (const value of NUMBER_EDGES)
      cases.push({ kind: "numbers", what: `query ${name}=${value.slice(0, 30)}`, query: { [name]: value } });
  if (operation.isList) {
    for (const range of [
      "[0,1e309]",
      "[1e309,1e309]",
      "[-1e309,0]",
      `[0,${"9".repeat(400)}]`,
      "[-0,9]",
      "[0,-0]",
      "[1e-400,9]",
    ])
      cases.push({ kind: "numbers", what: `range=${range.slice(0, 40)}`, query: { range } });
    for (const key of [...context.otherFilterKeys, ...context.dateFilterKeys])
      for (const raw of [...RAW_JSON_NUMBERS, '"1e309"', "[1e999]"])
        cases.push({
          kind: "numbers",
          what: `filter ${key}=${raw.slice(0, 30)}`,
          query: { filter: `{"${key}":${raw}}` },
        });
    for (const key of context.dateFilterKeys)
      for (const date of CALENDAR_EDGES)
        cases.push({
          kind: "calendar",
          what: `filter ${key}=${date}`,
          query: { filter: JSON.stringify({ [key]: date }) },
        });
  }
  for (const name of operation.queryParams)
    for (const date of CALENDAR_EDGES)
      cases.push({ kind: "calendar", what: `query ${name}=${date}`, query: { [name]: date } });

  if (operation.jsonBody) {
    for (const path of numberPaths(operation.jsonBody))
      for (const raw of RAW_JSON_NUMBERS)
        cases.push(json("numbers", `body ${where(path)}=${raw.slice(0, 30)}`, withRawNumber(fresh(), path, raw)));
    for (const path of datePaths(operation.jsonBody))
      for (const date of CALENDAR_EDGES)
        cases.push(json("calendar", `body ${where(path)}=${date}`, JSON.stringify(setPath(fresh(), path, date))));
    // Ill-formed text hidden at every depth: under a new key of each object of the body (where a
    // schema left an object open, as a saved query's filter, this is what reached SQL), in place of
    // each field, and as keys.
    for (const path of objectPaths(operation.jsonBody)) {
      for (const bad of DEEP_BAD)
        for (const depth of DEPTHS)
          cases.push(
            json(
              "deep text",
              `body ${where([...path, "fuzz"])}=${JSON.stringify(bad)} ${depth} deep`,
              JSON.stringify(setPath(fresh(), [...path, "fuzz"], nest(bad, depth))),
            ),
          );
      for (const depth of KEY_DEPTHS)
        cases.push(
          json(
            "deep text",
            `body ${where([...path, "fuzz"])} key with NUL ${depth} deep`,
            JSON.stringify(setPath(fresh(), [...path, "fuzz"], nestKey(depth))),
          ),
        );
    }
    for (const path of objectPaths(operation.jsonBody).flatMap((object) => {
      const schema = object.reduce<JsonSchema | undefined>(
        (inner, key) => (typeof key === "number" ? inner?.items : inner?.properties?.[key]),
        operation.jsonBody,
      );
      return Object.keys(schema?.properties ?? {}).map((key) => [...object, key]);
    }))
      for (const [index, bad] of DEEP_BAD.entries())
        cases.push(
          json(
            "deep text",
            `body ${where(path)}=${JSON.stringify(bad)} nested`,
            JSON.stringify(setPath(fresh(), path, nest(bad, index + 1))),
          ),
        );
  }

  if (operation.multipart && context.form) {
    const { fields, file, boundary } = context.form;
    const fileField = Object.keys(operation.multipart.properties ?? {}).find(
      (name) => operation.multipart?.properties?.[name]?.format === "binary",
    );
    for (const [what, odd] of oddParts(boundary, fileField ?? "file")) {
      const contentType = `multipart/form-data; boundary=${boundary}`;
      const end = `--${boundary}--\r\n`;
      cases.push({
        kind: "multipart parts",
        what: `multipart ${what}`,
        payload: Buffer.from(odd + end, "latin1"),
        contentType,
      });
      cases.push({
        kind: "multipart parts",
        what: `multipart ${what}, among a plausible form`,
        payload: Buffer.from(fields + odd + file + end, "latin1"),
        contentType,
      });
    }
  }
  return cases;
}
