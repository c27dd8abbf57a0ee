/**
 * What the fuzz sends: a plausible value for a JSON schema (so that the other fields of a request
 * pass and the one being broken is what the service meets), and the catalogue of malformed values.
 */
import type { Prng } from "./prng";

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  nullable?: boolean;
  items?: JsonSchema;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

const MEGABYTE = "A".repeat(1024 * 1024);

/** Strings that have broken services: NUL, lone surrogates, huge, SQL, dates out of range. */
export const BAD_STRINGS: readonly string[] = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "\udfff\ud800",
  MEGABYTE,
  "",
  "   ",
  "' OR '1'='1",
  "'); drop table users; --",
  "1; select pg_sleep(5)",
  "%_\\",
  "0000-01-01",
  "0000-01-01T00:00:00Z",
  "-0001-01-01",
  "99999-01-01T00:00:00Z",
  "2024-02-30",
  "9999999999999999999999",
  "-1",
  "NaN",
  "__proto__",
  "constructor",
  "<script>alert(1)</script>",
  "\u202e\ufeff",
];

export const BAD_NUMBERS: readonly number[] = [
  -1,
  0,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e20,
  -1e20,
  1e308,
  Number.MAX_SAFE_INTEGER,
];

/** Values of the wrong type for anything. */
export const BAD_SHAPES: readonly unknown[] = [
  null,
  true,
  [],
  {},
  [[]],
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: {} } },
  ["\u0000"],
];

export const ALL_BAD_VALUES: readonly unknown[] = [...BAD_STRINGS, ...BAD_NUMBERS, ...BAD_SHAPES];

const PROTO_KEYS = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype"];

/** Malformed `sort` parameters (ra-data-simple-rest's ["field","ASC"]). */
export const BAD_SORTS: readonly string[] = [
  ...PROTO_KEYS.map((key) => JSON.stringify([key, "ASC"])),
  JSON.stringify(["id; drop table users", "ASC"]),
  JSON.stringify(["id", "ASC; drop table users"]),
  JSON.stringify(["id", "asc nulls first"]),
  JSON.stringify(["\u0000", "ASC"]),
  JSON.stringify(["\ud800", "DESC"]),
  JSON.stringify([1, "ASC"]),
  JSON.stringify(["id"]),
  JSON.stringify({ field: "id" }),
  JSON.stringify("id"),
  '["id","ASC"',
  "null",
  "",
];

/** Malformed `range` parameters. */
export const BAD_RANGES: readonly string[] = [
  "[0,1e20]",
  "[1e20,1e20]",
  "[1e300,1e300]",
  "[-5,5]",
  "[5,-5]",
  "[0.5,3]",
  '["0","9"]',
  "[0]",
  "[0,1,2]",
  "[2147483647,2147483660]",
  "[9007199254740993,9007199254740999]",
  "{}",
  "[null,null]",
  "[0,",
];

/** Malformed `filter` parameters; the list's own keys are added by the caller. */
export const badFilters = (keys: readonly string[], random: Prng): string[] => {
  const filters: unknown[] = [
    ...PROTO_KEYS.map((key) => JSON.parse(`{"${key}": "x"}`) as unknown),
    JSON.parse('{"__proto__": {"status": "active"}}'),
    { constructor: { name: "x" } },
    { q: "\u0000" },
    { q: "\ud800" },
    { q: "%' or 1=1 --" },
    { q: MEGABYTE.slice(0, 19_000) },
    { id: ["\u0000"] },
    { id: [1e300] },
    { id: Array.from({ length: 1001 }, (_, i) => String(i)) },
    [],
    "x",
    null,
  ];
  for (const key of keys) {
    for (const value of random.sample(ALL_BAD_VALUES, 6)) filters.push({ [key]: value });
  }
  return [...filters.map((filter) => JSON.stringify(filter)).filter((text) => text.length <= 20_000), "{", "{'a':1}"];
};

/** A valid-looking value for a schema; `idFor` answers a real id for a field named like one. */
export function plausible(schema: JsonSchema | undefined, name: string, idFor: (name: string) => string): unknown {
  if (!schema) return "x";
  if (schema.anyOf?.[0]) return plausible(schema.anyOf[0], name, idFor);
  if (schema.oneOf?.[0]) return plausible(schema.oneOf[0], name, idFor);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, (_, i) =>
        plausible(schema.items, `${name}${i}`, idFor),
      );
    case "object": {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = plausible(schema.properties?.[key], key, idFor);
      return out;
    }
    default:
      break;
  }
  switch (schema.format) {
    case "email":
      return "fuzz@example.com";
    case "uuid":
      return "7f1d6c4e-8f7b-4a3e-9d2c-000000000000";
    case "date-time":
      return "2024-01-01T00:00:00.000Z";
    case "date":
      return "2024-01-01";
    case "uri":
      return "https://example.com/";
    default:
      break;
  }
  if (/id$|ids$/i.test(name)) return idFor(name);
  if (schema.pattern === "^[A-Za-z0-9._-]+$" || schema.pattern === "^[A-Za-z0-9_-]+$") return "FUZZ-1";
  // Upper-case letters and a hyphen: also what a code or a SKU takes, so that more bodies get past
  // the handlers' own checks to what runs after them.
  const length = Math.max(schema.minLength ?? 1, 8);
  return PLAUSIBLE_TEXT.padEnd(length, "X").slice(0, schema.maxLength ?? length);
}

const PLAUSIBLE_TEXT = "FUZZ-VALUE";

/**
 * A copy of a plausible body whose plausible strings end in `serial`: a route that refuses a second
 * record of the same name or code (a saved query's label, a discount's code) then takes each case,
 * and the broken value reaches what runs after that check.
 */
export function freshen(value: unknown, serial: number): unknown {
  if (typeof value === "string") {
    if (!value.startsWith("FUZZ-") || value.length < 6) return value;
    const suffix = serial
      .toString(36)
      .toUpperCase()
      .slice(-(value.length - 5));
    return value.slice(0, value.length - suffix.length) + suffix;
  }
  if (Array.isArray(value)) return value.map((item) => freshen(item, serial));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, freshen(inner, serial)]));
  return value;
}
