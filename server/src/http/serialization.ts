/**
 * Answers are written by fast-json-stringify from each route's response schema, as Fastify does by
 * default (no shared schemas: the service declares none), with one serializer per schema, by its
 * text, for the whole process. Fastify builds one per route for every app; a process that builds
 * many apps (the service's tests, one per file) built them all again (~0.2 s an app).
 */
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";

const serializers = new Map<string, (data: unknown) => string>();

export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const key = JSON.stringify(schema);
  let serialize = serializers.get(key);
  if (!serialize) {
    serialize = fastJson(schema as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
    serializers.set(key, serialize);
  }
  return serialize;
};
