/**
 * The AI job rules of spec §4 and §9, apart from any component: what to do with an existing result,
 * the trigger payload, and the polling loop with its exact waits. The clock (sleep, now) and the
 * three calls of §7 are injected, so the unit tests drive it without timers or a network.
 */
import type {
  AiJobStatusResponse,
  AiModel,
  AiPolygon,
  AiResultResponse,
  AiTriggerRequest,
  AiTriggerResponse,
} from "../../api/ai";
import { AI_POLL_WAITS_SECONDS } from "../../config";
import { AI_STALE_JOB_MS } from "../../api/ai";

/** The three calls, already bound to the view (public or not) by the caller. */
export interface AiTransport {
  getResult(signal: AbortSignal): Promise<AiResultResponse | null>;
  trigger(body: AiTriggerRequest, signal: AbortSignal): Promise<AiTriggerResponse>;
  getJobStatus(jobId: string, signal: AbortSignal): Promise<AiJobStatusResponse>;
}

export interface AiClock {
  /** Resolves after `ms`, or early once `signal` aborts (the runner then stops). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Milliseconds since the epoch. */
  now(): number;
}

/** Each failure of §8, by where it happened. */
export type AiJobError = "fetchFailed" | "triggerFailed" | "pollFailed" | "jobFailed" | "maxRetries";

/** i18n keys (src/i18n/en.ts, `ai.errors`): the §8 message shown next to the switch. */
export const AI_ERROR_MESSAGE: Record<AiJobError, string> = {
  fetchFailed: "ai.errors.fetchFailed",
  triggerFailed: "ai.errors.triggerFailed",
  pollFailed: "ai.errors.pollFailed",
  jobFailed: "ai.errors.jobFailed",
  maxRetries: "ai.errors.maxRetries",
};

/** The toast for each failure: a failed job gets §4's "… Please try again.", the rest their §8 text. */
export const AI_ERROR_TOAST: Record<AiJobError, string> = {
  ...AI_ERROR_MESSAGE,
  jobFailed: "ai.errors.jobFailedToast",
};

/** What the runner reports while it works, for the progress display. */
export type AiJobProgress =
  | { phase: "fetching" }
  | { phase: "triggering" }
  /** `attempt` status calls of `of` have been made (0 before the first wait). */
  | { phase: "polling"; jobId: string; attempt: number; of: number };

export type AiJobOutcome =
  | { status: "completed"; polygons: AiPolygon[]; isGeneratedWithLatestVersion: boolean }
  | { status: "failed"; error: AiJobError }
  | { status: "cancelled" };

/** What to do with the answer of GET …/result (spec §4). */
export type StartDecision =
  | { action: "reuse"; polygons: AiPolygon[]; isGeneratedWithLatestVersion: boolean }
  | { action: "poll"; jobId: string; isGeneratedWithLatestVersion: boolean }
  | { action: "trigger" };

/**
 * Spec §4, in order: a completed result is reused — an empty one too, since §8 shows it as
 * "(Failed)" and Regenerate is how the user asks again (switching on never costs a job the user
 * did not ask for); a pending or in-progress job is polled unless it was triggered more than
 * AI_STALE_JOB_MS ago (exactly 5 minutes is not yet stale); anything else — none (404), failed —
 * triggers a new job. A running job without a readable triggeredAt cannot be shown to be fresh,
 * so it counts as stale: re-triggering costs one job, while polling a lost one would cost the
 * user 18 polls (~60 s).
 */
export function decideStart(existing: AiResultResponse | null, now: number): StartDecision {
  if (!existing) return { action: "trigger" };
  const isLatest = existing.isGeneratedWithLatestVersion !== false;
  if (existing.status === "completed") {
    // A completed job with no polygons (null or []) is the empty result of §8, not "no result".
    const polygons = Array.isArray(existing.result) ? existing.result : [];
    return { action: "reuse", polygons, isGeneratedWithLatestVersion: isLatest };
  }
  if (existing.status === "pending" || existing.status === "in-progress") {
    const triggeredAt = existing.triggeredAt ? Date.parse(existing.triggeredAt) : Number.NaN;
    const stale = Number.isNaN(triggeredAt) || now - triggeredAt > AI_STALE_JOB_MS;
    if (!stale && existing._id) return { action: "poll", jobId: existing._id, isGeneratedWithLatestVersion: isLatest };
  }
  return { action: "trigger" };
}

/**
 * Spec §2: Regenerate is disabled when the result already comes from the latest model. An empty
 * result ("(Failed)", §8) is not one to keep, whatever model made it: Regenerate stays enabled, so
 * the user can ask for a new job over it.
 */
export function isLatestUsableResult(state: {
  status: string;
  polygons?: readonly unknown[];
  isGeneratedWithLatestVersion?: boolean;
}): boolean {
  return (
    state.status === "completed" && (state.polygons?.length ?? 0) > 0 && state.isGeneratedWithLatestVersion === true
  );
}

/** Number.isFinite, which is false for anything but a number, as the type guard it is. */
const isFiniteNumber = (value: unknown): value is number => Number.isFinite(value);

/**
 * Spec §7's three payload forms: aiModel and deviceType, or only deviceType, or empty. A model is
 * only sent with a device type, since §7 has no "model alone" form.
 */
export function triggerBody(
  model: AiModel | null | undefined,
  deviceType: number | null | undefined,
): AiTriggerRequest {
  if (!isFiniteNumber(deviceType)) return {};
  return model ? { aiModel: model, deviceType } : { deviceType };
}

export interface AiJobRequest {
  /** "start": the switch turned on (reuse, poll or trigger); "regenerate": always a new job. */
  mode: "start" | "regenerate";
  body: AiTriggerRequest;
  transport: AiTransport;
  clock: AiClock;
  signal: AbortSignal;
  onProgress?: (progress: AiJobProgress) => void;
}

/** Thrown inside the runner to leave it with a §8 error; never escapes runAiJob. */
class JobFailure extends Error {
  constructor(readonly error: AiJobError) {
    super(error);
  }
}

/** Runs one call; an abort becomes "cancelled", any other failure the given §8 error. */
async function step<T>(signal: AbortSignal, error: AiJobError, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new JobFailure(error);
  }
}

/** Spec §9: wait, then ask, for each of the 18 waits; then "Max retries reached". */
async function poll(
  jobId: string,
  isGeneratedWithLatestVersion: boolean,
  { transport, clock, signal, onProgress }: AiJobRequest,
): Promise<AiJobOutcome> {
  const of = AI_POLL_WAITS_SECONDS.length;
  onProgress?.({ phase: "polling", jobId, attempt: 0, of });
  for (let index = 0; index < of; index += 1) {
    await clock.sleep(AI_POLL_WAITS_SECONDS[index] * 1000, signal);
    if (signal.aborted) return { status: "cancelled" };
    const job = await step(signal, "pollFailed", () => transport.getJobStatus(jobId, signal));
    if (signal.aborted) return { status: "cancelled" };
    onProgress?.({ phase: "polling", jobId, attempt: index + 1, of });
    if (job?.status === "completed") {
      return { status: "completed", polygons: job.result ?? [], isGeneratedWithLatestVersion };
    }
    if (job?.status === "failed") return { status: "failed", error: "jobFailed" };
  }
  return { status: "failed", error: "maxRetries" };
}

async function triggerAndPoll(request: AiJobRequest): Promise<AiJobOutcome> {
  const { transport, signal, body, onProgress } = request;
  onProgress?.({ phase: "triggering" });
  const answer = await step(signal, "triggerFailed", () => transport.trigger(body, signal));
  if (signal.aborted) return { status: "cancelled" };
  if (!answer?.jobId) throw new JobFailure("triggerFailed");
  // A job just triggered runs on the service's current model, so its result is the latest one.
  return poll(answer.jobId, true, request);
}

/**
 * Runs the job rules to an outcome. A failed call comes back as its §8 error (it does not reject),
 * and an abort of `signal` (switch off, unmount) as "cancelled", with no call after it.
 */
export async function runAiJob(request: AiJobRequest): Promise<AiJobOutcome> {
  const { mode, transport, clock, signal, onProgress } = request;
  try {
    if (signal.aborted) return { status: "cancelled" };
    if (mode === "regenerate") return await triggerAndPoll(request);

    onProgress?.({ phase: "fetching" });
    const existing = await step(signal, "fetchFailed", () => transport.getResult(signal));
    if (signal.aborted) return { status: "cancelled" };
    const decision = decideStart(existing, clock.now());
    if (decision.action === "reuse") {
      return {
        status: "completed",
        polygons: decision.polygons,
        isGeneratedWithLatestVersion: decision.isGeneratedWithLatestVersion,
      };
    }
    if (decision.action === "poll") return await poll(decision.jobId, decision.isGeneratedWithLatestVersion, request);
    return await triggerAndPoll(request);
  } catch (cause) {
    if (cause instanceof JobFailure) return { status: "failed", error: cause.error };
    if (signal.aborted) return { status: "cancelled" };
    throw cause;
  }
}

/** The real clock: setTimeout, cleared when the signal aborts. */
export const browserClock: AiClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      }
      signal.addEventListener("abort", done);
    }),
};
