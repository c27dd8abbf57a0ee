/**
 * AI analysis shapes (spec §3 "AI result polygon" and "AI job", §7 the three ai calls), shared by
 * the console's data provider, the reference service and the tests. The request and answer shapes
 * are the static types of the TypeBox schemas in ./schemas/ai.ts (type-only imports: the console
 * bundle never loads TypeBox).
 */
import type { Static } from "typebox";
import type {
  aiJobStatusResponseSchema,
  aiPointSchema,
  aiPolygonSchema,
  aiResultResponseSchema,
  aiTriggerRequestSchema,
  aiTriggerResponseSchema,
} from "./schemas/ai";

/** Spec §3: the model names, in the order the console offers them (the first is the default). */
export const AI_MODELS = ["RAMI", "NAOMI", "YORI"] as const;
export type AiModel = (typeof AI_MODELS)[number];

export const isAiModel = (value: unknown): value is AiModel =>
  typeof value === "string" && (AI_MODELS as readonly string[]).includes(value);

/** Spec §3: the stone types a polygon can carry. */
export const STONE_TYPES = ["N", "CVD", "HPHT", "CZ", "M"] as const;
export type StoneType = (typeof STONE_TYPES)[number];

export const isStoneType = (value: unknown): value is StoneType =>
  typeof value === "string" && (STONE_TYPES as readonly string[]).includes(value);

export const AI_JOB_STATUSES = ["pending", "in-progress", "completed", "failed"] as const;

/**
 * Spec §4, §9: a pending or in-progress job triggered more than 5 minutes ago is stale (exactly
 * 5 minutes is not). The console then triggers a new job instead of polling it; the service does
 * not hand it out to a new trigger.
 */
export const AI_STALE_JOB_MS = 5 * 60 * 1000;

/**
 * One vertex, in the 3120 × 4192 canvas space (spec §9). Services send either form; the console
 * accepts both (aiOverlay/polygons.ts normalizes them).
 */
export type AiPoint = Static<typeof aiPointSchema>;

/** One detected stone (spec §3). Field names are the service's, capitalized as it sends them. */
export type AiPolygon = Static<typeof aiPolygonSchema>;

/** GET ai/test/{id}/group/{group}/result[?aiModel=…]; a 404 means no result yet. */
export type AiResultResponse = Static<typeof aiResultResponseSchema>;

/**
 * POST ai/test/{id}/group/{group}/trigger: aiModel and deviceType, or only deviceType, or empty
 * (spec §7). deviceType is the test's device type code (spec §3).
 */
export type AiTriggerRequest = Static<typeof aiTriggerRequestSchema>;

export type AiTriggerResponse = Static<typeof aiTriggerResponseSchema>;

/** GET ai/jobs/{jobId}/status */
export type AiJobStatusResponse = Static<typeof aiJobStatusResponseSchema>;
