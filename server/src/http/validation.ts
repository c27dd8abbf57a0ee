/**
 * Request validation: two Ajv instances and readable messages.
 *
 * Bodies are validated strictly (no type coercion: `{"password": 123}` is an error, not "123").
 * Query strings and path parameters are text by nature, so they may be coerced to numbers.
 * Unknown properties are rejected rather than silently dropped (Fastify's default), so a client
 * with a typo learns about it.
 *
 * Every route's schema is hardened as it is compiled (`hardenSchema`), so no route can forget a rule
 * (docs/decisions.md "Input validation"): every string must be well-formed text (no NUL, no lone
 * surrogate), a string with a minimum length must reach it once trimmed (a name of spaces is
 * refused; passwords are taken as typed), every integer lies within PostgreSQL's integer unless its
 * schema says less, every number is finite, and every date names a day (and time) that exists, in
 * the years 1900–9999 (http/calendar.ts).
 */
import { Ajv, type ErrorObject, type Options, type SchemaValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { FastifySchemaCompiler, FastifySchema } from "fastify";
import { TRIMMED_MIN_LENGTH } from "../../../src/api/schemas/common";
import { characterCount } from "../../../src/api/rules";
import { calendarProblem } from "./calendar";
import { fieldError, HttpError, notFound } from "./errors";
import { ILL_FORMED_TEXT, INT32_MAX, INT32_MIN, isWellFormedText } from "./text";

const sharedOptions: Options = {
  removeAdditional: false,
  useDefaults: true,
  // With allErrors, a crafted body can make validation expensive; the first error is enough.
  allErrors: false,
};

/**
 * The formats `date` and `date-time` check the shape only (RFC 3339: a date-time has a zone). Whether
 * the numbers name a moment that exists is CALENDAR_DATE's question, asked after the format's, so
 * that 2024-02-30 is refused as a date that does not exist (422), not as a malformed one (400).
 */
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_SHAPE = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/;

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ ...sharedOptions, ...options });
  addFormats(ajv, ["email", "uuid", "uri"]);
  ajv.addFormat("date", { type: "string", validate: (text) => DATE_SHAPE.test(text) });
  ajv.addFormat("date-time", { type: "string", validate: (text) => DATE_TIME_SHAPE.test(text) });
  // Reports why (params.problem), so the message can say it.
  const existingDate: SchemaValidateFunction = (on: boolean, text: string) => {
    const problem = on ? calendarProblem(text) : undefined;
    existingDate.errors = problem === undefined ? undefined : [{ keyword: CALENDAR_DATE, params: { problem } }];
    return problem === undefined;
  };
  ajv.addKeyword({
    keyword: CALENDAR_DATE,
    type: "string",
    schemaType: "boolean",
    errors: true,
    validate: existingDate,
  });
  // Ajv coerces a query's or path's "1e309" to Infinity and then skips minimum and maximum, which
  // only look at finite numbers: without this, Infinity reached SQL. Any data type: it runs after
  // the type keyword has coerced the text.
  ajv.addKeyword({
    keyword: FINITE,
    schemaType: "boolean",
    errors: false,
    validate: (on: boolean, data: unknown) => !on || typeof data !== "number" || Number.isFinite(data),
  });
  ajv.addKeyword({
    keyword: WELL_FORMED,
    type: "string",
    schemaType: "boolean",
    errors: false,
    validate: (on: boolean, text: string) => !on || isWellFormedText(text),
  });
  // Reports its limit (params.limit), so the message can say it.
  const trimmedMinLength: SchemaValidateFunction = (limit: number, text: string) => {
    const ok = characterCount(text.trim()) >= limit;
    trimmedMinLength.errors = ok ? undefined : [{ keyword: TRIMMED_MIN_LENGTH, params: { limit } }];
    return ok;
  };
  ajv.addKeyword({
    keyword: TRIMMED_MIN_LENGTH,
    type: "string",
    schemaType: "number",
    errors: true,
    validate: trimmedMinLength,
  });
  return ajv;
}

/** The keywords hardenSchema adds (named so the document's readers see what they mean). */
const WELL_FORMED = "x-wellFormedText";
const FINITE = "x-finite";

/**
 * A string schema's mark that its value, when it has the shape of an ISO 8601 date or date-time,
 * must name a moment that exists in the years 1900–9999 (http/calendar.ts), else 422 naming the
 * field. Every `date` and `date-time` gets it; a field that takes either (a discount's validFrom)
 * says it itself.
 */
export const CALENDAR_DATE = "x-calendarDate";

/** Fields whose value is taken exactly as typed, spaces included. */
const AS_TYPED = /password/i;

/**
 * A string schema's mark (`"x-ownBlankRefusal": true`) that its route refuses a blank value itself,
 * in its own words (register's "Enter a name, not only spaces.", a card's 422 per field, a forced
 * reset's message): the trimmed minimum is then left to the handler.
 */
export const OWN_BLANK_REFUSAL = "x-ownBlankRefusal";

type Schema = Record<string, unknown>;

/** A copy of a route schema with the rules every input obeys (see the top of this file). */
export function hardenSchema(schema: unknown, name = ""): unknown {
  if (Array.isArray(schema)) return schema.map((item) => hardenSchema(item, name));
  if (schema === null || typeof schema !== "object") return schema;
  const source = schema as Schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === OWN_BLANK_REFUSAL) continue;
    if (key === "properties" && value && typeof value === "object") {
      out[key] = Object.fromEntries(Object.entries(value).map(([prop, inner]) => [prop, hardenSchema(inner, prop)]));
    } else if (
      ["items", "anyOf", "oneOf", "allOf", "additionalProperties", "not", "then", "else", "if"].includes(key)
    ) {
      out[key] = hardenSchema(value, name);
    } else {
      out[key] = value;
    }
  }
  const types = [source.type].flat();
  if (types.includes("string") && source.format !== "binary") {
    out[WELL_FORMED] = true;
    const min = source.minLength;
    if (typeof min === "number" && min > 0 && !AS_TYPED.test(name) && source[OWN_BLANK_REFUSAL] !== true)
      out[TRIMMED_MIN_LENGTH] = min;
  }
  if (types.includes("string") && (source.format === "date" || source.format === "date-time"))
    out[CALENDAR_DATE] = true;
  if (types.includes("integer") || types.includes("number")) out[FINITE] = true;
  if (types.includes("integer")) {
    if (typeof source.maximum !== "number" && typeof source.exclusiveMaximum !== "number") out.maximum = INT32_MAX;
    if (typeof source.minimum !== "number" && typeof source.exclusiveMinimum !== "number") out.minimum = INT32_MIN;
  }
  return out;
}

const bodyAjv = makeAjv({ coerceTypes: false });
const textAjv = makeAjv({ coerceTypes: "array" });

/**
 * One compiled validator per schema, by its text, for the whole process: Fastify hands each app
 * its own copy of a route's schema, so Ajv's cache (by schema object) missed and every app built in
 * one process (the service's tests build one per file) compiled all of them again (~0.25 s an app).
 */
const compiled = new Map<string, ReturnType<Ajv["compile"]>>();

export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  const coerced = httpPart !== "body";
  const key = `${coerced ? "text" : "body"} ${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = (coerced ? textAjv : bodyAjv).compile(hardenSchema(schema) as object);
    compiled.set(key, validate);
  }
  return validate;
};

type HttpPart = "body" | "params" | "querystring" | "headers";

const PART_NAMES: Record<HttpPart, string> = {
  body: "Request body",
  params: "Path",
  querystring: "Query string",
  headers: "Headers",
};

const TYPE_NAMES: Record<string, string> = {
  object: "an object",
  array: "a list",
  string: "a string",
  integer: "a whole number",
  number: "a number",
  boolean: "true or false",
  null: "null",
};

const FORMAT_NAMES: Record<string, string> = {
  email: "a valid email address",
  uuid: "a valid id",
  "date-time": "a date and time (ISO 8601, with a time zone)",
  date: "a date (YYYY-MM-DD)",
  uri: "a valid URL",
};

/** "/owner/email" → "owner.email"; "" → the part itself. */
function fieldName(instancePath: string, part: HttpPart): string {
  if (instancePath === "") return PART_NAMES[part];
  return instancePath.slice(1).split("/").join(".");
}

const join = (parent: string, child: string, part: HttpPart) =>
  parent === PART_NAMES[part] ? child : `${parent}.${child}`;

function typeName(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((t) => TYPE_NAMES[String(t)] ?? String(t)).join(" or ");
}

/** One sentence naming the offending field, e.g. "email must be a valid email address". */
export function describeValidationError(error: ErrorObject, part: HttpPart): string {
  const field = fieldName(error.instancePath, part);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `${join(field, String(params.missingProperty), part)} is required`;
    case "additionalProperties":
      return `${join(field, String(params.additionalProperty), part)} is not an allowed field`;
    case "type":
      if (error.instancePath === "" && part === "body") return "Request body must be a JSON object";
      return `${field} must be ${typeName(params.type)}`;
    case "format":
      return `${field} must be ${FORMAT_NAMES[String(params.format)] ?? `a valid ${String(params.format)}`}`;
    case "minLength":
      return params.limit === 1
        ? `${field} must not be empty`
        : `${field} must be at least ${String(params.limit)} characters long`;
    case "maxLength":
      return `${field} must be at most ${String(params.limit)} characters long`;
    case "enum":
      return `${field} must be one of: ${(params.allowedValues as unknown[]).map(String).join(", ")}`;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `${field} must be ${String(params.comparison)} ${String(params.limit)}`;
    case "pattern":
      return `${field} is not in the expected format`;
    case WELL_FORMED:
      return `${field} ${ILL_FORMED_TEXT}`;
    case FINITE:
      return `${field} must be a finite number`;
    case CALENDAR_DATE:
      return `${field}: ${String(params.problem)}`;
    case TRIMMED_MIN_LENGTH:
      return params.limit === 1
        ? `${field} must not be empty`
        : `${field} must be at least ${String(params.limit)} characters long, spaces aside`;
    default:
      return `${field} ${error.message ?? "is invalid"}`;
  }
}

/** Fastify's `schemaErrorFormatter`: turns Ajv's errors into the error the handler answers. */
export function schemaErrorFormatter(errors: ErrorObject[], dataVar: string): Error {
  const [first] = errors;
  const part = (dataVar in PART_NAMES ? dataVar : "body") as HttpPart;
  // A date that does not exist is well-formed input whose meaning is wrong: 422 on its field, as the
  // handlers' own meaning checks answer.
  if (first?.keyword === CALENDAR_DATE)
    return fieldError(422, fieldName(first.instancePath, part), String((first.params as { problem: unknown }).problem));
  // A path segment longer than any id (or code, or key) names nothing: not found, as an unknown one
  // (docs/api-resources.md "Ids": never 400).
  if (part === "params" && first?.keyword === "maxLength") return notFound("Not found.");
  if (!first) return new Error(`${PART_NAMES[part]} is invalid`);
  const message = describeValidationError(first, part);
  const field = refusedBodyField(first, part);
  // A body field's refusal also names the field in `errors`, as the handlers' own checks do
  // (fieldError), so a form shows it under that field rather than as a notice.
  return field === undefined ? new Error(message) : new HttpError(400, message, { errors: { [field]: message } });
}

/**
 * The body field a schema refusal is about ("owner.email"), or undefined when it is about the body
 * as a whole or a field no form has (an unknown one).
 */
function refusedBodyField(error: ErrorObject, part: HttpPart): string | undefined {
  if (part !== "body" || error.keyword === "additionalProperties") return undefined;
  const field = fieldName(error.instancePath, part);
  if (error.keyword === "required")
    return join(field, String((error.params as { missingProperty: unknown }).missingProperty), part);
  return error.instancePath === "" ? undefined : field;
}
