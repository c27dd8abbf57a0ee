/**
 * The service compiles each schema once per process (server/src/http/validation.ts,
 * serialization.ts): Fastify hands every app its own copy of a route's schema, so equal copies must
 * get the compiled function already made, not a new compilation.
 */
import type { FastifySchema } from "fastify";
import { describe, expect, it } from "vitest";
import { serializerCompiler } from "../../server/src/http/serialization";
import { validatorCompiler } from "../../server/src/http/validation";

// A route part's JSON schema, as Fastify hands it to the compilers.
const schema = () =>
  ({
    type: "object",
    properties: { name: { type: "string", maxLength: 10 }, count: { type: "integer" } },
    required: ["name"],
    additionalProperties: false,
  }) as FastifySchema;
const route = { method: "POST", url: "/x" } as const;

describe("schema compilers", () => {
  it("give an equal copy of a schema the validator already compiled, per part", () => {
    const body = validatorCompiler({ ...route, schema: schema(), httpPart: "body" });
    expect(validatorCompiler({ ...route, schema: schema(), httpPart: "body" })).toBe(body);
    // A query string coerces its text: its own validator, not the body's.
    const query = validatorCompiler({ ...route, schema: schema(), httpPart: "querystring" });
    expect(query).not.toBe(body);
    expect(body({ name: "ok", count: 1 })).toBe(true);
    expect(body({ name: "ok", count: "1" })).toBe(false);
  });

  it("give an equal copy of a response schema the serializer already built", () => {
    const serialize = serializerCompiler({ ...route, schema: schema(), httpStatus: "200" });
    expect(serializerCompiler({ ...route, schema: schema(), httpStatus: "200" })).toBe(serialize);
    expect(serialize({ name: "ok", count: 2, extra: true })).toBe('{"name":"ok","count":2}');
  });
});
