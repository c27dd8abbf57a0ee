/**
 * The AI calls of spec §7: a test run's latest result, triggering a job, and a job's status.
 * Who may call them: see ai/access.ts (the test's viewers, and anybody for a shared test). The
 * worker that runs the jobs (services.aiJobs) is started and stopped with the app.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  AI_MODELS,
  isAiModel,
  type AiJobStatusResponse,
  type AiModel,
  type AiResultResponse,
  type AiTriggerResponse,
} from "../../../src/api/ai";
import { aiAccess, optionalCaller } from "./access";
import { findJob, latestJob, runningJob, toAiJobStatusResponse, toAiResultResponse } from "./jobs";
import { currentVersion, DEFAULT_MODEL } from "./models";
import { runHasPhotos } from "./photos";
import { aiJobs, devices } from "../db/schema";
import { HttpError, notFound, unauthorized } from "../http/errors";
import type { Services } from "../services";
import { canSeeTest, findLiveTest } from "../testRecords/queries";

export const NO_AI_RESULT = "No AI result for this test run yet.";
export const NO_PHOTOS = "This test run has no photos to analyse.";
export const JOB_NOT_FOUND = "AI job not found.";
/** Device type codes are small positive numbers (spec §3); the bound only keeps junk out. */
const MAX_DEVICE_TYPE = 999_999;
/** Groups are test runs, numbered from 0. */
const MAX_GROUP = 9_999;

const runParams = {
  type: "object",
  required: ["id", "group"],
  properties: {
    id: { type: "string", maxLength: 100 },
    group: { type: "integer", minimum: 0, maximum: MAX_GROUP },
  },
} as const;

interface RunParams {
  id: string;
  group: number;
}

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

export function aiRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;

  app.get<{ Params: RunParams; Querystring: { aiModel?: AiModel } }>(
    "/ai/test/:id/group/:group/result",
    {
      config: { access: "public" },
      schema: {
        params: runParams,
        querystring: { type: "object", properties: { aiModel: { type: "string", enum: AI_MODELS } } },
      },
    },
    async (request): Promise<AiResultResponse> => {
      const { test } = await aiAccess(request, services, request.params.id);
      const job = await latestJob(db, test.id, request.params.group, request.query.aiModel ?? DEFAULT_MODEL);
      if (!job) throw notFound(NO_AI_RESULT);
      return toAiResultResponse(job);
    },
  );

  app.post<{ Params: RunParams }>(
    "/ai/test/:id/group/:group/trigger",
    { config: { access: "public" }, schema: { params: runParams } },
    async (request): Promise<AiTriggerResponse> => {
      // Who before what: a caller without access learns nothing about the body's problems.
      const { test, caller } = await aiAccess(request, services, request.params.id);
      const { model = DEFAULT_MODEL, deviceType } = parseTriggerBody(request.body);
      const { group } = request.params;
      if (!(await runHasPhotos(db, test.id, group))) throw notFound(NO_PHOTOS);

      const running = await runningJob(db, test.id, group, model);
      if (running) return { jobId: running.id };

      const [device] = await db
        .select({ typeCode: devices.typeCode })
        .from(devices)
        .where(eq(devices.id, test.deviceId));
      const jobId = randomUUID();
      await db.insert(aiJobs).values({
        id: jobId,
        testId: test.id,
        group,
        model,
        modelVersion: currentVersion(model),
        deviceType: deviceType ?? device?.typeCode ?? null,
        triggeredBy: caller?.id ?? null,
      });
      services.aiJobs.wake();
      return { jobId };
    },
  );

  app.get<{ Params: { jobId: string } }>(
    "/ai/jobs/:jobId/status",
    {
      config: { access: "public" },
      schema: {
        params: { type: "object", required: ["jobId"], properties: { jobId: { type: "string", maxLength: 100 } } },
      },
    },
    async (request): Promise<AiJobStatusResponse> => {
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
}
