/**
 * The AI calls of spec §7: a test run's latest result, triggering a job, and a job's status.
 * Who may call them: see ai/access.ts (the test's viewers, and anybody for a shared test). The
 * worker that runs the jobs (services.aiJobs) is started and stopped with the app.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq } from "drizzle-orm";
import Type from "typebox";
import { AI_MODELS, isAiModel, type AiModel } from "../../../src/api/ai";
import {
  aiJobStatusResponseSchema,
  aiModelSchema,
  aiResultResponseSchema,
  aiTriggerRequestSchema,
  aiTriggerResponseSchema,
  MAX_DEVICE_TYPE,
  MAX_GROUP,
} from "../../../src/api/schemas/ai";
import { aiAccess, optionalCaller } from "./access";
import { findJob, joinOrQueueJob, latestJob, toAiJobStatusResponse, toAiResultResponse } from "./jobs";
import { currentVersion, DEFAULT_MODEL } from "./models";
import { runHasPhotos } from "./photos";
import { devices } from "../db/schema";
import { BEARER, described, DOCUMENTED_BODY, refusals, routeOptions } from "../docs/openapi";
import { HttpError, notFound, unauthorized } from "../http/errors";
import { clientName } from "../http/userAgent";
import type { Services } from "../services";
import { canSeeTest, findLiveTest } from "../testRecords/queries";

export const NO_AI_RESULT = "No AI result for this test run yet.";
export const NO_PHOTOS = "This test run has no photos to analyse.";
export const JOB_NOT_FOUND = "AI job not found.";
const runParams = Type.Object({
  id: Type.String({ maxLength: 100, description: "The test's id." }),
  group: Type.Integer({ minimum: 0, maximum: MAX_GROUP, description: "The test run, from 0." }),
});

const TAG = "AI";
/** A token is optional: without one, only shared tests (ai/access.ts). */
const OPTIONAL_BEARER: Record<string, string[]>[] = [{}, { [BEARER]: [] }];
const ACCESS_NOTE =
  "With a token: the tests the caller may see, and shared tests. Without one: shared tests only (401 otherwise).";
const AI_REFUSALS = {
  401: "Without a token, a test that is not shared; with one, a bad or expired token or a disabled user.",
  499: true,
} as const;

/**
 * Spec §7's three trigger bodies — {aiModel, deviceType}, {deviceType}, or none at all ({} or no
 * body) — checked by hand: Fastify's body schema cannot accept a missing body.
 */
export function parseTriggerBody(body: unknown): { model: AiModel | undefined; deviceType: number | undefined } {
  if (body === undefined || body === null) return { model: undefined, deviceType: undefined };
  if (typeof body !== "object" || Array.isArray(body)) throw new HttpError(400, "Request body must be a JSON object");
  const fields = body as Record<string, unknown>;
  for (const field of Object.keys(fields)) {
    if (field !== "aiModel" && field !== "deviceType") throw new HttpError(400, `${field} is not an allowed field`);
  }
  const { aiModel, deviceType } = fields;
  if (deviceType !== undefined) {
    if (typeof deviceType !== "number" || !Number.isInteger(deviceType)) {
      throw new HttpError(400, "deviceType must be a whole number");
    }
    if (deviceType < 0 || deviceType > MAX_DEVICE_TYPE) {
      throw new HttpError(400, `deviceType must be between 0 and ${MAX_DEVICE_TYPE}`);
    }
  }
  if (aiModel !== undefined) {
    if (!isAiModel(aiModel)) throw new HttpError(400, `aiModel must be one of: ${AI_MODELS.join(", ")}`);
    // Spec §7 has no "model alone" form: a model always travels with the device type.
    if (deviceType === undefined) throw new HttpError(400, "deviceType is required");
  }
  return { model: aiModel as AiModel | undefined, deviceType: deviceType as number | undefined };
}

export const aiRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  const { db } = services;

  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    "/ai/test/:id/group/:group/result",
    routeOptions("public", TAG, "The latest AI result of a test run for a model", {
      description: `${ACCESS_NOTE} No aiModel means RAMI.`,
      security: OPTIONAL_BEARER,
      params: runParams,
      querystring: Type.Object({ aiModel: Type.Optional(aiModelSchema) }),
      response: {
        200: described(aiResultResponseSchema, "The latest job of the run for the model."),
        ...refusals({
          400: true,
          ...AI_REFUSALS,
          404: "Test not found, or No AI result for this test run yet. (the console then triggers a job)",
        }),
      },
    }),
    async (request) => {
      const { test } = await aiAccess(request, services, request.params.id);
      const job = await latestJob(db, test.id, request.params.group, request.query.aiModel ?? DEFAULT_MODEL);
      if (!job) throw notFound(NO_AI_RESULT);
      return toAiResultResponse(job);
    },
  );

  api.post(
    "/ai/test/:id/group/:group/trigger",
    routeOptions(
      "public",
      TAG,
      "Start an AI job for a test run (or answer the one already running)",
      {
        description: `${ACCESS_NOTE} The body may also be missing. A job of the same run and model pending or in progress for less than 5 minutes is answered instead of a new one.`,
        security: OPTIONAL_BEARER,
        params: runParams,
        // Documented only: Fastify cannot accept a missing body, so parseTriggerBody checks it.
        [DOCUMENTED_BODY]: aiTriggerRequestSchema,
        response: {
          200: described(aiTriggerResponseSchema, "The new job's id, or the running one's."),
          ...refusals({
            400: true,
            ...AI_REFUSALS,
            404: "Test not found, or This test run has no photos to analyse.",
          }),
        },
      },
      { allowedDuringGrace: true },
    ),
    async (request) => {
      // Who before what: a caller without access learns nothing about the body's problems.
      const { test, caller } = await aiAccess(request, services, request.params.id);
      const { model = DEFAULT_MODEL, deviceType } = parseTriggerBody(request.body);
      const { group } = request.params;
      if (!(await runHasPhotos(db, test.id, group))) throw notFound(NO_PHOTOS);

      const [device] = await db
        .select({ typeCode: devices.typeCode })
        .from(devices)
        .where(eq(devices.id, test.deviceId));
      const jobId = await joinOrQueueJob(
        db,
        {
          testId: test.id,
          group,
          model,
          modelVersion: currentVersion(model),
          deviceType: deviceType ?? device?.typeCode ?? null,
          triggeredBy: caller?.id ?? null,
        },
        clientName(request.headers),
      );
      services.aiJobs.wake();
      return { jobId };
    },
  );

  api.get(
    "/ai/jobs/:jobId/status",
    routeOptions("public", TAG, "An AI job's status, and its polygons once completed", {
      description: `The job's test decides access. ${ACCESS_NOTE}`,
      security: OPTIONAL_BEARER,
      params: Type.Object({ jobId: Type.String({ maxLength: 100 }) }),
      response: {
        200: described(aiJobStatusResponseSchema, "The job's status."),
        ...refusals({ 400: true, ...AI_REFUSALS, 404: "AI job not found." }),
      },
    }),
    async (request) => {
      const caller = await optionalCaller(request, services);
      const job = await findJob(db, request.params.jobId);
      const test = job ? await findLiveTest(db, job.testId) : undefined;
      const shared = test !== undefined && test.sharedAt !== null;
      // The same rule as for the test's own calls (ai/access.ts).
      if (caller === null && (!job || !shared)) throw unauthorized();
      if (!job || !test || !(shared || (caller !== null && canSeeTest(caller, test)))) throw notFound(JOB_NOT_FOUND);
      return toAiJobStatusResponse(job);
    },
  );
};
