/** AI analysis shapes (spec §3 "AI result polygon" and "AI job", §7 the three ai calls). */
import Type from "typebox";
import { AI_JOB_STATUSES, AI_MODELS, STONE_TYPES } from "../ai";
import { stringEnum } from "./common";

/** Device type codes are small positive numbers (spec §3); the bound only keeps junk out. */
export const MAX_DEVICE_TYPE = 999_999;
/** Groups are test runs, numbered from 0. */
export const MAX_GROUP = 9_999;

export const aiModelSchema = stringEnum(AI_MODELS);
export const aiJobStatusSchema = stringEnum(AI_JOB_STATUSES);

/**
 * One vertex, in the 3120 × 4192 canvas space (spec §9): [x, y] or {x, y}. Services send either
 * form; the console accepts both (aiOverlay/polygons.ts normalizes them). The pair is a plain
 * array of two numbers in the schema (an OpenAPI 3.0 document has no tuples).
 */
export const aiPointSchema = Type.Union([
  Type.Unsafe<readonly [number, number]>(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 })),
  Type.Unsafe<{ readonly x: number; readonly y: number }>(Type.Object({ x: Type.Number(), y: Type.Number() })),
]);

/** One detected stone (spec §3). Field names are the service's, capitalized as it sends them. */
export const aiPolygonSchema = Type.Object({
  Polygon: Type.Array(aiPointSchema),
  Type: stringEnum(STONE_TYPES),
  Confidence: Type.Number({ minimum: 0, maximum: 1, description: "0 to 1." }),
  Index: Type.Integer({ description: "Reading order: rows top to bottom, left to right." }),
});

const polygonsSchema = Type.Union([Type.Array(aiPolygonSchema), Type.Null()], {
  description: "The polygons once completed (empty when no stone was found); null otherwise.",
});

/** GET ai/test/{id}/group/{group}/result[?aiModel=…]; a 404 means no result yet. */
export const aiResultResponseSchema = Type.Object({
  status: aiJobStatusSchema,
  result: polygonsSchema,
  isGeneratedWithLatestVersion: Type.Boolean({
    description: "True when the result comes from the model's current version: the console then offers no Regenerate.",
  }),
  triggeredAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
    description: "When the job was triggered; a pending or in-progress job older than 5 minutes is stale.",
  }),
  _id: Type.String({ description: "The job's id, polled through ai/jobs/{jobId}/status while it runs." }),
});

const deviceTypeSchema = Type.Integer({
  minimum: 0,
  maximum: MAX_DEVICE_TYPE,
  description: "The device type code (spec §3).",
});

/**
 * POST ai/test/{id}/group/{group}/trigger: aiModel and deviceType, or only deviceType, or empty
 * (spec §7). Checked by the handler, since the body may also be missing altogether.
 */
export const aiTriggerRequestSchema = Type.Union(
  [
    Type.Object({ aiModel: aiModelSchema, deviceType: deviceTypeSchema }, { additionalProperties: false }),
    Type.Object({ deviceType: deviceTypeSchema }, { additionalProperties: false }),
    Type.Unsafe<Record<string, never>>(Type.Object({}, { additionalProperties: false })),
  ],
  { description: "Spec §7's three forms; no body at all counts as {}. Without aiModel the model is RAMI." },
);

export const aiTriggerResponseSchema = Type.Object({ jobId: Type.String() });

/** GET ai/jobs/{jobId}/status */
export const aiJobStatusResponseSchema = Type.Object({ status: aiJobStatusSchema, result: polygonsSchema });
