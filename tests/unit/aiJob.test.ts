import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AiJobStatusResponse, AiPolygon, AiResultResponse, AiTriggerRequest } from "../../src/api/ai";
import { AI_POLL_WAITS_SECONDS, AI_STALE_JOB_MS } from "../../src/config";
import {
  AI_ERROR_MESSAGE,
  AI_ERROR_TOAST,
  browserClock,
  decideStart,
  isLatestUsableResult,
  runAiJob,
  triggerBody,
  type AiClock,
  type AiJobError,
  type AiJobProgress,
  type AiJobRequest,
  type AiTransport,
} from "../../src/custom/aiOverlay/aiJob";
import { appMessages } from "../../src/i18n/en";

const NOW = Date.parse("2026-03-05T12:00:00.000Z");
const minutesAgo = (minutes: number, seconds = 0) => new Date(NOW - (minutes * 60 + seconds) * 1000).toISOString();

const POLYGONS: AiPolygon[] = [
  {
    Polygon: [
      [10, 20],
      [30, 40],
      [50, 10],
    ],
    Type: "CVD",
    Confidence: 0.87,
    Index: 0,
  },
  {
    Polygon: [
      { x: 1, y: 2 },
      { x: 3, y: 4 },
      { x: 5, y: 1 },
    ],
    Type: "N",
    Confidence: 0.5,
    Index: 1,
  },
];

const existing = (overrides: Partial<AiResultResponse>): AiResultResponse => ({
  status: "completed",
  result: POLYGONS,
  isGeneratedWithLatestVersion: false,
  triggeredAt: minutesAgo(1),
  _id: "job-old",
  ...overrides,
});

/** The §8 text of an i18n key such as "ai.errors.fetchFailed". */
const text = (key: string): string =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], appMessages) as string;

interface Script {
  /** GET …/result: an answer, or an Error to throw. */
  result?: AiResultResponse | null | Error;
  /** POST …/trigger */
  trigger?: { jobId: string } | Error;
  /** GET ai/jobs/{id}/status, one per poll; the last one repeats. */
  statuses?: (AiJobStatusResponse | Error)[];
}

/** A transport and clock that record every call and every wait, answering from a script. */
function fake(script: Script, options: { onSleep?: (waitIndex: number) => void } = {}) {
  const calls: string[] = [];
  const waits: number[] = [];
  const triggerBodies: AiTriggerRequest[] = [];
  const progress: AiJobProgress[] = [];
  let polls = 0;
  const answer = <T>(value: T | Error): Promise<T> =>
    value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  const transport: AiTransport = {
    getResult: () => {
      calls.push("getResult");
      return answer(script.result === undefined ? null : script.result);
    },
    trigger: (body) => {
      calls.push("trigger");
      triggerBodies.push(body);
      return answer(script.trigger ?? { jobId: "job-new" });
    },
    getJobStatus: (jobId) => {
      calls.push(`status:${jobId}`);
      const statuses = script.statuses ?? [{ status: "in-progress", result: null }];
      const next = statuses[Math.min(polls, statuses.length - 1)];
      polls += 1;
      return answer(next);
    },
  };
  const clock: AiClock = {
    now: () => NOW,
    sleep: async (ms) => {
      waits.push(ms / 1000);
      options.onSleep?.(waits.length - 1);
    },
  };
  const run = (overrides: Partial<AiJobRequest> = {}) =>
    runAiJob({
      mode: "start",
      body: { aiModel: "RAMI", deviceType: 6501 },
      transport,
      clock,
      signal: new AbortController().signal,
      onProgress: (step) => progress.push(step),
      ...overrides,
    });
  return { calls, waits, triggerBodies, progress, run };
}

describe("AI job: the existing result (spec §4)", () => {
  it("reuses a completed result: no trigger, no poll", async () => {
    const job = fake({ result: existing({ isGeneratedWithLatestVersion: true }) });
    expect(await job.run()).toEqual({ status: "completed", polygons: POLYGONS, isGeneratedWithLatestVersion: true });
    expect(job.calls).toEqual(["getResult"]);
    expect(job.waits).toEqual([]);
  });

  it("carries isGeneratedWithLatestVersion false through for Regenerate", async () => {
    const job = fake({ result: existing({ isGeneratedWithLatestVersion: false }) });
    expect(await job.run()).toMatchObject({ status: "completed", isGeneratedWithLatestVersion: false });
  });

  it.each(["pending", "in-progress"] as const)("polls a fresh %s job by its _id, without a trigger", async (status) => {
    const job = fake({
      result: existing({ status, result: null, triggeredAt: minutesAgo(4, 59), _id: "job-running" }),
      statuses: [
        { status: "in-progress", result: null },
        { status: "completed", result: POLYGONS },
      ],
    });
    expect(await job.run()).toMatchObject({ status: "completed", polygons: POLYGONS });
    expect(job.calls).toEqual(["getResult", "status:job-running", "status:job-running"]);
  });

  it("re-triggers a running job triggered more than 5 minutes ago, and not one of exactly 5 minutes", async () => {
    const stale = fake({
      result: existing({ status: "in-progress", result: null, triggeredAt: minutesAgo(5, 1) }),
      statuses: [{ status: "completed", result: POLYGONS }],
    });
    await stale.run();
    expect(stale.calls).toEqual(["getResult", "trigger", "status:job-new"]);

    const fresh = fake({
      result: existing({ status: "pending", result: null, triggeredAt: minutesAgo(5) }),
      statuses: [{ status: "completed", result: POLYGONS }],
    });
    await fresh.run();
    expect(fresh.calls).toEqual(["getResult", "status:job-old"]);
  });

  it("triggers when there is no result at all", () => {
    expect(decideStart(null, NOW)).toEqual({ action: "trigger" });
  });

  it("decides at the millisecond: stale only past AI_STALE_JOB_MS", () => {
    const at = (ageMs: number) =>
      decideStart(existing({ status: "pending", triggeredAt: new Date(NOW - ageMs).toISOString() }), NOW).action;
    expect(at(AI_STALE_JOB_MS - 1000)).toBe("poll");
    expect(at(AI_STALE_JOB_MS)).toBe("poll");
    expect(at(AI_STALE_JOB_MS + 1)).toBe("trigger");
    expect(decideStart(existing({ status: "pending", triggeredAt: null }), NOW).action).toBe("trigger");
  });

  it.each<[string, AiResultResponse | null]>([
    ["a completed but empty result", existing({ status: "completed", result: [], isGeneratedWithLatestVersion: true })],
    ["a completed null result", existing({ status: "completed", result: null, isGeneratedWithLatestVersion: true })],
  ])("reuses %s as the empty result that shows (Failed) (§4, §8): no trigger, no poll", async (_label, answer) => {
    const job = fake({ result: answer, statuses: [{ status: "completed", result: POLYGONS }] });
    expect(await job.run()).toEqual({ status: "completed", polygons: [], isGeneratedWithLatestVersion: true });
    expect(job.calls).toEqual(["getResult"]);
    expect(job.waits).toEqual([]);
  });

  it.each<[string, AiResultResponse | null]>([
    ["none (404)", null],
    ["a failed job", existing({ status: "failed", result: null })],
  ])("triggers and polls a new job when there is %s", async (_label, answer) => {
    const job = fake({ result: answer, statuses: [{ status: "completed", result: POLYGONS }] });
    expect(await job.run()).toEqual({ status: "completed", polygons: POLYGONS, isGeneratedWithLatestVersion: true });
    expect(job.calls).toEqual(["getResult", "trigger", "status:job-new"]);
  });

  it("reports its phases: fetching, triggering, then each poll", async () => {
    const job = fake({
      result: null,
      statuses: [
        { status: "pending", result: null },
        { status: "completed", result: POLYGONS },
      ],
    });
    await job.run();
    expect(job.progress).toEqual([
      { phase: "fetching" },
      { phase: "triggering" },
      { phase: "polling", jobId: "job-new", attempt: 0, of: 18 },
      { phase: "polling", jobId: "job-new", attempt: 1, of: 18 },
      { phase: "polling", jobId: "job-new", attempt: 2, of: 18 },
    ]);
  });
});

describe("AI job: polling (spec §9)", () => {
  it("waits 3,1,1,3,3,5,7,2,1,2,2,2,2,5,5,5,5,5 s, asking after each wait, then fails with Max retries reached", async () => {
    const job = fake({ result: null, statuses: [{ status: "in-progress", result: null }] });
    expect(await job.run()).toEqual({ status: "failed", error: "maxRetries" });
    expect(job.waits).toEqual([3, 1, 1, 3, 3, 5, 7, 2, 1, 2, 2, 2, 2, 5, 5, 5, 5, 5]);
    expect(job.waits).toEqual([...AI_POLL_WAITS_SECONDS]);
    expect(job.calls.filter((call) => call.startsWith("status:"))).toHaveLength(18);
    expect(text(AI_ERROR_MESSAGE.maxRetries)).toBe("Max retries reached");
  });

  it("waits before every status call, never asks twice in a row", async () => {
    const order: string[] = [];
    const job = fake({ result: null, statuses: [{ status: "in-progress", result: null }] });
    const transport: AiTransport = {
      getResult: async () => null,
      trigger: async () => ({ jobId: "j" }),
      getJobStatus: async () => {
        order.push("ask");
        return { status: "in-progress", result: null };
      },
    };
    await job.run({
      transport,
      clock: {
        now: () => NOW,
        sleep: async (ms) => {
          order.push(`wait ${ms}`);
        },
      },
    });
    expect(order.slice(0, 4)).toEqual(["wait 3000", "ask", "wait 1000", "ask"]);
    expect(order).toHaveLength(36);
  });

  it("stops at the completing poll, with its result", async () => {
    const job = fake({
      result: null,
      statuses: [
        { status: "pending", result: null },
        { status: "in-progress", result: null },
        { status: "completed", result: POLYGONS },
      ],
    });
    expect(await job.run()).toMatchObject({ status: "completed", polygons: POLYGONS });
    expect(job.waits).toEqual([3, 1, 1]);
  });

  it("a completed job with no polygons completes empty (the overlay shows (Failed))", async () => {
    const job = fake({ result: null, statuses: [{ status: "completed", result: null }] });
    expect(await job.run()).toEqual({ status: "completed", polygons: [], isGeneratedWithLatestVersion: true });
  });

  it("a failed job ends with AI analysis failed and the toast AI analysis failed. Please try again.", async () => {
    const job = fake({
      result: null,
      statuses: [
        { status: "in-progress", result: null },
        { status: "failed", result: null },
      ],
    });
    expect(await job.run()).toEqual({ status: "failed", error: "jobFailed" });
    expect(job.waits).toEqual([3, 1]);
    expect(text(AI_ERROR_MESSAGE.jobFailed)).toBe("AI analysis failed");
    expect(text(AI_ERROR_TOAST.jobFailed)).toBe("AI analysis failed. Please try again.");
  });
});

describe("AI job: errors (spec §8)", () => {
  const failures: [string, Script, AiJobError, string][] = [
    ["fetching the existing result", { result: new Error("500") }, "fetchFailed", "Failed to fetch existing AI result"],
    ["triggering", { result: null, trigger: new Error("500") }, "triggerFailed", "Failed to trigger AI analysis"],
    [
      "polling",
      { result: null, statuses: [{ status: "pending", result: null }, new Error("500")] },
      "pollFailed",
      "Failed while polling job status",
    ],
  ];
  it.each(failures)("a failure while %s gives its message and toast", async (_label, script, error, message) => {
    const job = fake(script);
    expect(await job.run()).toEqual({ status: "failed", error });
    expect(text(AI_ERROR_MESSAGE[error])).toBe(message);
    expect(text(AI_ERROR_TOAST[error])).toBe(message);
  });

  it("a trigger answer without a job id is a failed trigger", async () => {
    const job = fake({ result: null, trigger: { jobId: "" } });
    expect(await job.run()).toEqual({ status: "failed", error: "triggerFailed" });
    expect(job.waits).toEqual([]);
  });

  it("an empty trigger answer is a failed trigger", async () => {
    const transport: AiTransport = {
      getResult: async () => null,
      trigger: async () => undefined as unknown as { jobId: string },
      getJobStatus: () => Promise.reject(new Error("not expected")),
    };
    expect(await fake({}).run({ transport })).toEqual({ status: "failed", error: "triggerFailed" });
  });

  it("an empty status answer (no body) is not an outcome: polling goes on", async () => {
    const job = fake({
      result: null,
      statuses: [null as unknown as AiJobStatusResponse, { status: "completed", result: POLYGONS }],
    });
    expect(await job.run()).toMatchObject({ status: "completed", polygons: POLYGONS });
    expect(job.waits).toEqual([3, 1]);
  });

  it("a failed poll stops polling", async () => {
    const job = fake({ result: null, statuses: [new Error("network")] });
    await job.run();
    expect(job.calls).toEqual(["getResult", "trigger", "status:job-new"]);
  });
});

describe("AI job: cancellation", () => {
  it("aborting during a wait stops polling: no further status call", async () => {
    const controller = new AbortController();
    const job = fake(
      { result: null, statuses: [{ status: "in-progress", result: null }] },
      { onSleep: (index) => index === 3 && controller.abort() },
    );
    expect(await job.run({ signal: controller.signal })).toEqual({ status: "cancelled" });
    expect(job.calls.filter((call) => call.startsWith("status:"))).toHaveLength(3);
    expect(job.waits).toHaveLength(4);
  });

  it("aborting while a call is in flight ends cancelled, not failed", async () => {
    const controller = new AbortController();
    const job = fake({ result: null });
    const outcome = await job.run({
      signal: controller.signal,
      transport: {
        getResult: () => {
          controller.abort();
          return Promise.reject(new DOMException("aborted", "AbortError"));
        },
        trigger: () => Promise.reject(new Error("not expected")),
        getJobStatus: () => Promise.reject(new Error("not expected")),
      },
    });
    expect(outcome).toEqual({ status: "cancelled" });
  });

  it.each([
    ["the existing result", "getResult"],
    ["the trigger", "trigger"],
    ["a status", "getJobStatus"],
  ] as const)("switched off while %s is asked for, ends cancelled even if the answer comes", async (_label, call) => {
    const controller = new AbortController();
    const calls: string[] = [];
    const job = fake({});
    let waitsBefore = 0;
    const answering =
      <T>(name: string, value: T) =>
      async () => {
        calls.push(name);
        if (name === call) {
          controller.abort();
          waitsBefore = job.waits.length;
        }
        return value;
      };
    const outcome = await job.run({
      signal: controller.signal,
      transport: {
        getResult: answering("getResult", null),
        trigger: answering("trigger", { jobId: "job-new" }),
        getJobStatus: answering("getJobStatus", { status: "completed" as const, result: POLYGONS }),
      },
    });
    expect(outcome).toEqual({ status: "cancelled" });
    // Nothing after it: no other call, no wait.
    expect(calls.at(-1)).toBe(call);
    expect(job.waits).toHaveLength(waitsBefore);
  });

  it("a failure that is no call's (a broken clock) is not passed off as cancelled", async () => {
    const broken = new Error("clock broke");
    const job = fake({ result: null });
    await expect(job.run({ clock: { now: () => NOW, sleep: () => Promise.reject(broken) } })).rejects.toBe(broken);
  });

  it("an already aborted signal makes no call", async () => {
    const controller = new AbortController();
    controller.abort();
    const job = fake({ result: null });
    expect(await job.run({ signal: controller.signal })).toEqual({ status: "cancelled" });
    expect(job.calls).toEqual([]);
  });
});

describe("AI job: regenerate and the trigger payload (spec §7)", () => {
  it("regenerate triggers a new job even over a completed result, and polls it", async () => {
    const job = fake({ result: existing({}), statuses: [{ status: "completed", result: POLYGONS }] });
    expect(await job.run({ mode: "regenerate" })).toEqual({
      status: "completed",
      polygons: POLYGONS,
      isGeneratedWithLatestVersion: true,
    });
    expect(job.calls).toEqual(["trigger", "status:job-new"]);
  });

  it("regenerate over an empty result triggers a new job, never re-reading the empty one", async () => {
    const job = fake({
      result: existing({ result: [], isGeneratedWithLatestVersion: true }),
      statuses: [{ status: "completed", result: POLYGONS }],
    });
    expect(await job.run()).toMatchObject({ status: "completed", polygons: [] });
    expect(await job.run({ mode: "regenerate" })).toEqual({
      status: "completed",
      polygons: POLYGONS,
      isGeneratedWithLatestVersion: true,
    });
    expect(job.calls).toEqual(["getResult", "trigger", "status:job-new"]);
  });

  it("Regenerate stays enabled over an empty result, even one of the latest model (spec §2, §8)", () => {
    const result = (polygons: unknown[], isGeneratedWithLatestVersion: boolean) => ({
      status: "completed",
      polygons,
      isGeneratedWithLatestVersion,
    });
    expect(isLatestUsableResult(result(POLYGONS, true))).toBe(true);
    expect(isLatestUsableResult(result(POLYGONS, false))).toBe(false);
    expect(isLatestUsableResult(result([], true))).toBe(false);
    expect(isLatestUsableResult(result([], false))).toBe(false);
    expect(isLatestUsableResult({ status: "running" })).toBe(false);
    expect(isLatestUsableResult({ status: "failed" })).toBe(false);
    // A job still running over the latest result's polygons has no result yet; no polygons, none.
    expect(isLatestUsableResult({ status: "polling", polygons: POLYGONS, isGeneratedWithLatestVersion: true })).toBe(
      false,
    );
    expect(isLatestUsableResult({ status: "completed", isGeneratedWithLatestVersion: true })).toBe(false);
  });

  it("runs without anyone following its progress", async () => {
    const job = fake({ result: null, statuses: [{ status: "completed", result: POLYGONS }] });
    expect(await job.run({ onProgress: undefined })).toMatchObject({ status: "completed", polygons: POLYGONS });
  });

  it("sends the body it is given", async () => {
    const job = fake({ result: null, statuses: [{ status: "completed", result: POLYGONS }] });
    await job.run({ body: { deviceType: 5501 } });
    expect(job.triggerBodies).toEqual([{ deviceType: 5501 }]);
  });

  it("builds the three forms: aiModel and deviceType, only deviceType, or empty", () => {
    expect(triggerBody("NAOMI", 6501)).toEqual({ aiModel: "NAOMI", deviceType: 6501 });
    expect(triggerBody(null, 6501)).toEqual({ deviceType: 6501 });
    expect(triggerBody(undefined, 0)).toEqual({ deviceType: 0 });
    expect(triggerBody("RAMI", undefined)).toEqual({});
    expect(triggerBody(null, null)).toEqual({});
    expect(triggerBody("YORI", Number.NaN)).toEqual({});
  });
});

describe("AI job: the real clock", () => {
  afterEach(() => vi.useRealTimers());

  it("sleeps for the given milliseconds, and wakes at once on abort", async () => {
    vi.useFakeTimers();
    let woke = false;
    void browserClock.sleep(3000, new AbortController().signal).then(() => (woke = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(woke).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(woke).toBe(true);

    const controller = new AbortController();
    let aborted = false;
    void browserClock.sleep(60_000, controller.signal).then(() => (aborted = true));
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not wait at all on a signal already aborted", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    controller.abort();
    let woke = false;
    void browserClock.sleep(3000, controller.signal).then(() => (woke = true));
    await Promise.resolve();
    expect(woke).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("leaves no listener on the signal once a wait is over (18 polls share one)", async () => {
    vi.useFakeTimers();
    const { signal } = new AbortController();
    for (const ms of [3000, 1000, 1000]) {
      const slept = browserClock.sleep(ms, signal);
      await vi.advanceTimersByTimeAsync(ms);
      await slept;
    }
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });

  it("tells the time of the system clock", () => {
    vi.useFakeTimers({ now: NOW });
    expect(browserClock.now()).toBe(NOW);
  });
});
