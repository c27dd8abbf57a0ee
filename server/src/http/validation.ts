/**
 * Request validation: two Ajv instances and readable messages.
 *
 * Bodies are validated strictly (no type coercion: `{"password": 123}` is an error, not "123").
 * Query strings and path parameters are text by nature, so they may be coerced to numbers.
 * Unknown properties are rejected rather than silently dropped (Fastify's default), so a client
 * with a typo learns about it.
 */
import { Ajv, type ErrorObject, type Options } from "ajv";
import addFormats from "ajv-formats";
import type { FastifySchemaCompiler, FastifySchema } from "fastify";

const sharedOptions: Options = {
  removeAdditional: false,
  useDefaults: true,
  // With allErrors, a crafted body can make validation expensive; the first error is enough.
  allErrors: false,
};

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ ...sharedOptions, ...options });
  addFormats(ajv, ["email", "uuid", "date-time", "date", "uri"]);
  return ajv;
}

const bodyAjv = makeAjv({ coerceTypes: false });
const textAjv = makeAjv({ coerceTypes: "array" });

export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) =>
  (httpPart === "body" ? bodyAjv : textAjv).compile(schema);

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
  "date-time": "a date and time (ISO 8601)",
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
    default:
      return `${field} ${error.message ?? "is invalid"}`;
  }
}

/** Fastify's `schemaErrorFormatter`: turns Ajv's errors into the error the handler answers. */
export function schemaErrorFormatter(errors: ErrorObject[], dataVar: string): Error {
  const [first] = errors;
  const part = (dataVar in PART_NAMES ? dataVar : "body") as HttpPart;
  return new Error(first ? describeValidationError(first, part) : `${PART_NAMES[part]} is invalid`);
}
