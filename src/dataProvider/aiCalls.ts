import { HttpError } from "react-admin";
import type { AiJobStatusResponse, AiModel, AiResultResponse, AiTriggerRequest, AiTriggerResponse } from "../api/ai";
import type { HttpClient } from "./httpClient";

export interface AiCallOptions {
  /**
   * The public test view (spec §2) calls without the session's bearer, the way it loads the test
   * itself (getOne("tests") with meta.publicView): a shared link works for a visitor who is not signed in.
   */
  publicView?: boolean;
  signal?: AbortSignal;
}

/** The AI calls of spec §7, over the console's HTTP client. */
export interface AiCalls {
  /** GET ai/test/{id}/group/{group}/result[?aiModel=…]; null when there is none yet (404). */
  getAiResult(
    testId: string,
    group: number,
    model?: AiModel,
    options?: AiCallOptions,
  ): Promise<AiResultResponse | null>;
  /** POST ai/test/{id}/group/{group}/trigger: starts a job. */
  triggerAi(testId: string, group: number, body: AiTriggerRequest, options?: AiCallOptions): Promise<AiTriggerResponse>;
  /** GET ai/jobs/{jobId}/status */
  getAiJobStatus(jobId: string, options?: AiCallOptions): Promise<AiJobStatusResponse>;
}

const segment = encodeURIComponent;
const groupPath = (testId: string, group: number) => `ai/test/${segment(testId)}/group/${segment(String(group))}`;

export function createAiCalls(httpClient: HttpClient): AiCalls {
  return {
    getAiResult: async (testId, group, model, { publicView = false, signal } = {}) => {
      const query = model ? `?aiModel=${segment(model)}` : "";
      try {
        // An empty 2xx body is "no result" too.
        return (
          (await httpClient.json<AiResultResponse>(`${groupPath(testId, group)}/result${query}`, {
            signal,
            anonymous: publicView,
          })) ?? null
        );
      } catch (error) {
        // Spec §7: a 404 is the normal answer before any job ran, not a failure.
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
    triggerAi: (testId, group, body, { publicView = false, signal } = {}) =>
      httpClient.json<AiTriggerResponse>(`${groupPath(testId, group)}/trigger`, {
        method: "POST",
        json: body,
        signal,
        anonymous: publicView,
      }),
    getAiJobStatus: (jobId, { publicView = false, signal } = {}) =>
      httpClient.json<AiJobStatusResponse>(`ai/jobs/${segment(jobId)}/status`, { signal, anonymous: publicView }),
  };
}
